import type { ListFiltersProps } from '../../components/document-list-page.js';
import { AnyOfFilter, filterStyle, FoldingFilters } from '../../components/folding-filters.js';
import { LazyDateRangeFilter } from '../../components/lazy-inputs.js';
import { ReferenceSelect } from '../../components/reference-select.js';
import { SearchBox } from '../../components/search-box.js';
import { activeFilterCount, idValue, statusOptions } from './production-order-list.js';

/**
 * The list's search (number or product) and filters: status (any of), product and planned start
 * period. On a small screen they fold under "Filtros".
 */
export function ProductionOrderFilters({
  q,
  filters,
  small,
  onSearch,
  onFilter,
}: ListFiltersProps) {
  const style = filterStyle(small);
  return (
    <FoldingFilters
      small={small}
      search={<SearchBox value={q} onSearch={onSearch} placeholder="Pesquisar número, produto…" />}
      count={activeFilterCount(filters)}
    >
      <AnyOfFilter
        label="Situação"
        placeholder="Todas"
        value={filters.status}
        onChange={(value) => onFilter('status', value)}
        options={statusOptions}
        style={small ? style : { ...style, width: 280 }}
      />
      <ReferenceSelect
        resource="products"
        value={idValue(filters.productId)}
        onChange={(id) => onFilter('productId', id === undefined ? null : String(id))}
        prefix="Produto"
        placeholder="Todos"
        aria-label="Produto"
        style={small ? style : { ...style, width: 280 }}
        popupMatchSelectWidth={false}
      />
      <LazyDateRangeFilter
        label="Início previsto"
        value={{ from: filters.plannedStartFrom ?? null, to: filters.plannedStartTo ?? null }}
        onChange={(range) => {
          onFilter('plannedStartFrom', range.from);
          onFilter('plannedStartTo', range.to);
        }}
      />
    </FoldingFilters>
  );
}
