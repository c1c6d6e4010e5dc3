import { Checkbox, Tooltip } from 'antd';
import type { ListFiltersProps } from '../../components/document-list-page.js';
import { AnyOfFilter, filterStyle, FoldingFilters } from '../../components/folding-filters.js';
import { PeriodFilter, ReferenceFilter } from '../../components/list-filters.js';
import { SearchBox } from '../../components/search-box.js';
import { activeFilterCount, statusOptions } from './requested-order-list.js';

const AT_RISK_HINT =
  'Aprovados ou faturados parcialmente, com entrega em até 7 dias (ou já atrasada), em que o que falta não está coberto pelo estoque livre do local, pelas OPs do pedido no prazo nem pelas compras dele previstas até a entrega.';

/**
 * The list's search (number or client) and filters: status (any of), order date period, delivery
 * date period, client and "Em risco" (the dashboard's link sets it). On a small screen they fold
 * under "Filtros".
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
      <PeriodFilter label="Entrega" name="deliveryDate" filters={filters} onFilter={onFilter} />
      <ReferenceFilter
        resource="clients"
        name="clientId"
        label="Cliente"
        width={260}
        small={small}
        filters={filters}
        onFilter={onFilter}
      />
      <Tooltip title={AT_RISK_HINT}>
        <Checkbox
          checked={filters.atRisk === 'true'}
          onChange={(event) => onFilter('atRisk', event.target.checked ? 'true' : null)}
        >
          Em risco
        </Checkbox>
      </Tooltip>
    </FoldingFilters>
  );
}
