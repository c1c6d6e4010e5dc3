import { listQuerySchema } from '../../shared/list-query.js';
import type { ColumnSpec, FilterSpec, ResourceDefinition } from '../../shared/resource.js';
import { z } from '../../shared/zod-messages.js';

/**
 * A list's state in the URL's query string and back (ARCHITECTURE "Lists"), so a reload or a
 * shared link shows the same list. A value the list cannot use — a hand-edited `page=abc`, a
 * sort by a column that does not sort, a filter value the API would refuse — is read as if it
 * were absent, so the list opens with its default instead of an error.
 */

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;

export interface ListParams {
  page: number;
  pageSize: number;
  /** `name` or `-name`; the definition's default when the URL has none. */
  sort: string;
  q: string;
  /**
   * Only the filters the definition declares, as the URL spells them (`'true'`, `'SP'`, `'3'`);
   * several values of one filter are joined by commas (`'OPEN,PAID'`), as the API takes them.
   */
  filters: Record<string, string>;
}

/**
 * What reading and writing a list's URL needs of its definition: a resource's, or a document
 * list's own (its filters may be periods or several values, which the resource table lacks).
 */
export interface ListDefinition {
  defaultSort: string;
  columns: readonly ColumnSpec[];
  filters: readonly (FilterSpec | ListFilterKey)[];
  filtersSchema: ResourceDefinition['filtersSchema'];
}

/** A filter the page draws itself (a period's bound `dateFrom`): its key in the URL and label. */
export interface ListFilterKey {
  key: string;
  label: string;
}

/** A change to the URL: a value sets the key, null or '' removes it. */
export type ListParamChanges = Record<string, string | number | null>;

/** `'3'` → 3; anything but a whole number from 1 up → null. */
function positiveInteger(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}

const sortField = (sort: string) => sort.replace(/^-/, '');

/** A sort the list can show: the default's field or a sortable column, ascending or descending. */
function isKnownSort(definition: ListDefinition, sort: string): boolean {
  const field = sortField(sort);
  if (!/^-?[\w.]+$/.test(sort)) return false;
  return (
    field === sortField(definition.defaultSort) ||
    definition.columns.some((column) => column.sortable && column.key === field)
  );
}

/**
 * One filter's value: every value the URL gives it (`status=OPEN,PAID` or the key repeated),
 * kept only when the API's filter schema accepts it.
 */
function filterValue(definition: ListDefinition, search: URLSearchParams, key: string) {
  const value = search
    .getAll(key)
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter(Boolean)
    .join(',');
  if (!value) return null;
  const schema = definition.filtersSchema.shape[key];
  return !schema || z.safeParse(schema, value).success ? value : null;
}

export function readListParams(search: URLSearchParams, definition: ListDefinition): ListParams {
  const size = positiveInteger(search.get('pageSize'));
  const sort = search.get('sort');
  const q = search.get('q') ?? '';
  const filters: Record<string, string> = {};
  for (const { key } of definition.filters) {
    const value = filterValue(definition, search, key);
    if (value !== null) filters[key] = value;
  }
  return {
    page: positiveInteger(search.get('page')) ?? 1,
    pageSize:
      size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: sort && isKnownSort(definition, sort) ? sort : definition.defaultSort,
    q: listQuerySchema.shape.q.safeParse(q).success ? q : '',
    filters,
  };
}

/**
 * The query string after `changes`, leaving every other key as it was. Defaults stay out of the
 * URL, so the plain list keeps its plain address.
 */
export function writeListParams(
  current: URLSearchParams,
  changes: ListParamChanges,
  definition: Pick<ResourceDefinition, 'defaultSort'>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (next.get('page') === '1') next.delete('page');
  if (next.get('pageSize') === String(DEFAULT_PAGE_SIZE)) next.delete('pageSize');
  if (next.get('sort') === definition.defaultSort) next.delete('sort');
  return next;
}

/** The API query of a list: what the URL holds, with the filters spelled as the API takes them. */
export function toApiQuery(params: ListParams): Record<string, string | number> {
  return {
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    ...(params.q ? { q: params.q } : {}),
    ...params.filters,
  };
}

/** `'DRAFT,APPROVED'` (the URL's) → `['DRAFT', 'APPROVED']` (a multiple Select's), and back. */
export const splitValues = (value: string | undefined) => (value ? value.split(',') : []);
export const joinValues = (values: readonly string[]) => (values.length ? values.join(',') : null);

/** An id filter from the URL (already checked by the schema), as a Select takes it. */
export const idValue = (value: string | undefined) => (value ? Number(value) : undefined);

/**
 * How many of a list's filters are set, for "Filtros (2)" on a small screen: each of `keys` with
 * a value, and each period (`<name>From`/`<name>To`) once, whichever of its ends is set.
 */
export function countSetFilters(
  filters: Record<string, string>,
  keys: readonly string[],
  periods: readonly string[] = [],
): number {
  const setPeriods = periods.filter((name) => filters[`${name}From`] || filters[`${name}To`]);
  return setPeriods.length + keys.filter((key) => filters[key]).length;
}
