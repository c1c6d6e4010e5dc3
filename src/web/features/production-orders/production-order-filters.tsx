import type { ListFiltersProps } from '../../components/document-list-page.js';
import { AnyOfFilter, filterStyle, FoldingFilters } from '../../components/folding-filters.js';
import { PeriodFilter, ReferenceFilter } from '../../components/list-filters.js';
import { SearchBox } from '../../components/search-box.js';
import { activeFilterCount, statusOptions } from './production-order-list.js';

/**
 * The list's search (number or product) and filters: status (any of), product and planned start
 * and end periods. On a small screen they fold under "Filtros".
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
      <ReferenceFilter
        resource="products"
        name="productId"
        label="Produto"
        width={280}
        small={small}
        filters={filters}
        onFilter={onFilter}
      />
      <PeriodFilter
        label="Início previsto"
        name="plannedStart"
        filters={filters}
        onFilter={onFilter}
      />
      <PeriodFilter
        label="Término previsto"
        name="plannedEnd"
        filters={filters}
        onFilter={onFilter}
      />
    </FoldingFilters>
  );
}
