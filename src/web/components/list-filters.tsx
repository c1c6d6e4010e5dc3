import type { ListFiltersProps } from './document-list-page.js';
import { filterStyle } from './folding-filters.js';
import { LazyDateRangeFilter } from './lazy-inputs.js';
import { idValue } from './list-params.js';
import { ReferenceSelect } from './reference-select.js';

/** What a filter reads and writes: the list's filters as the URL holds them. */
type FilterBinding = Pick<ListFiltersProps, 'filters' | 'onFilter'>;

/**
 * A period filter ("Emissão", "Vencimento"): the URL's `<name>From` and `<name>To`, either of
 * them open, set and cleared together.
 */
export function PeriodFilter({
  label,
  name,
  filters,
  onFilter,
}: FilterBinding & { label: string; name: string }) {
  return (
    <LazyDateRangeFilter
      label={label}
      value={{ from: filters[`${name}From`] ?? null, to: filters[`${name}To`] ?? null }}
      onChange={(range) => {
        onFilter(`${name}From`, range.from);
        onFilter(`${name}To`, range.to);
      }}
    />
  );
}

/**
 * A filter by one record of another resource (Fornecedor, Cliente, Produto): the URL's `name`
 * holds its id, "Todos" when none. `width` from 768 px; a small screen gives it the whole row.
 */
export function ReferenceFilter({
  resource,
  name,
  label,
  width,
  small,
  filters,
  onFilter,
}: FilterBinding & {
  resource: string;
  name: string;
  label: string;
  width: number;
  small: boolean;
}) {
  const style = filterStyle(small);
  return (
    <ReferenceSelect
      resource={resource}
      value={idValue(filters[name])}
      onChange={(id) => onFilter(name, id === undefined ? null : String(id))}
      prefix={label}
      placeholder="Todos"
      aria-label={label}
      style={small ? style : { ...style, width }}
      popupMatchSelectWidth={false}
    />
  );
}
