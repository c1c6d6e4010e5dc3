import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ResourceDefinition } from '../../shared/resource.js';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;

/** A list's state as the URL keeps it, so a reload or a shared link shows the same list. */
export interface ListParams {
  page: number;
  pageSize: number;
  /** `name` or `-name`; the definition's default when the URL has none. */
  sort: string;
  q: string;
  /** Only the filters the definition declares, as the URL spells them (`'true'`, `'SP'`, `'3'`). */
  filters: Record<string, string>;
}

const positive = (text: string | null, fallback: number) => {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
};

/**
 * Reads and writes page, pageSize, sort, q and the definition's filters in the query string.
 * Changing what is searched or filtered goes back to page 1; typing a search replaces the
 * history entry instead of adding one per keystroke.
 */
export function useListParams(definition: ResourceDefinition) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filterKeys = useMemo(() => definition.filters.map((f) => f.key), [definition]);

  const params: ListParams = useMemo(() => {
    const size = positive(searchParams.get('pageSize'), DEFAULT_PAGE_SIZE);
    const filters: Record<string, string> = {};
    for (const key of filterKeys) {
      const value = searchParams.get(key);
      if (value) filters[key] = value;
    }
    return {
      page: positive(searchParams.get('page'), 1),
      pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
      sort: searchParams.get('sort') || definition.defaultSort,
      q: searchParams.get('q') ?? '',
      filters,
    };
  }, [searchParams, filterKeys, definition.defaultSort]);

  const update = useCallback(
    (changes: Record<string, string | number | null>, options?: { replace?: boolean }) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          // Defaults stay out of the URL, so the plain list keeps its plain address.
          if (next.get('page') === '1') next.delete('page');
          if (next.get('pageSize') === String(DEFAULT_PAGE_SIZE)) next.delete('pageSize');
          if (next.get('sort') === definition.defaultSort) next.delete('sort');
          return next;
        },
        { replace: options?.replace },
      );
    },
    [setSearchParams, definition.defaultSort],
  );

  const setSearch = useCallback(
    (q: string) => update({ q, page: null }, { replace: true }),
    [update],
  );

  const currentSize = params.pageSize;
  const setPage = useCallback(
    (page: number, pageSize: number) =>
      update({ page: pageSize === currentSize ? page : 1, pageSize }, { replace: false }),
    [update, currentSize],
  );

  return {
    params,
    setPage,
    setSort: (sort: string | null) => update({ sort, page: null }),
    setSearch,
    setFilter: (key: string, value: string | null) => update({ [key]: value, page: null }),
  };
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
