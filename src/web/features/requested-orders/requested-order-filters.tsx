import type { ListFiltersProps } from '../../components/document-list-page.js';
import { AnyOfFilter, filterStyle, FoldingFilters } from '../../components/folding-filters.js';
import { PeriodFilter, ReferenceFilter } from '../../components/list-filters.js';
import { SearchBox } from '../../components/search-box.js';
import { activeFilterCount, statusOptions } from './requested-order-list.js';

/**
 * The list's search (number or client) and filters: status (any of), order date period and
 * client. On a small screen they fold under "Filtros".
 */
export function RequestedOrderFilters({ q, filters, small, onSearch, onFilter }: ListFiltersProps) {
  const style = filterStyle(small);
  return (
    <FoldingFilters
      small={small}
      search={<SearchBox value={q} onSearch={onSearch} placeholder="Pesquisar número, cliente…" />}
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
      <PeriodFilter label="Período" name="orderDate" filters={filters} onFilter={onFilter} />
      <ReferenceFilter
        resource="clients"
        name="clientId"
        label="Cliente"
        width={260}
        small={small}
        filters={filters}
        onFilter={onFilter}
      />
    </FoldingFilters>
  );
}
