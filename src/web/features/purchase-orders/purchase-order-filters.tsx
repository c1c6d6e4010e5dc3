import type { ListFiltersProps } from '../../components/document-list-page.js';
import { AnyOfFilter, filterStyle, FoldingFilters } from '../../components/folding-filters.js';
import { LazyDateRangeFilter } from '../../components/lazy-inputs.js';
import { ReferenceSelect } from '../../components/reference-select.js';
import { SearchBox } from '../../components/search-box.js';
import { activeFilterCount, idValue, statusOptions } from './purchase-order-list.js';

/**
 * The list's search (number or supplier) and filters: status (any of), order date period and
 * supplier. On a small screen they fold under "Filtros".
 */
export function OrderFilters({ q, filters, small, onSearch, onFilter }: ListFiltersProps) {
  const style = filterStyle(small);
  return (
    <FoldingFilters
      small={small}
      search={
        <SearchBox value={q} onSearch={onSearch} placeholder="Pesquisar número, fornecedor…" />
      }
      count={activeFilterCount(filters)}
    >
      <AnyOfFilter
        label="Situação"
        placeholder="Todas"
        value={filters.status}
        onChange={(value) => onFilter('status', value)}
        options={statusOptions}
        style={small ? style : { ...style, width: 240 }}
      />
      <LazyDateRangeFilter
        label="Período"
        value={{ from: filters.orderDateFrom ?? null, to: filters.orderDateTo ?? null }}
        onChange={(range) => {
          onFilter('orderDateFrom', range.from);
          onFilter('orderDateTo', range.to);
        }}
      />
      <ReferenceSelect
        resource="suppliers"
        value={idValue(filters.supplierId)}
        onChange={(id) => onFilter('supplierId', id === undefined ? null : String(id))}
        prefix="Fornecedor"
        placeholder="Todos"
        aria-label="Fornecedor"
        style={small ? style : { ...style, width: 260 }}
        popupMatchSelectWidth={false}
      />
    </FoldingFilters>
  );
}
