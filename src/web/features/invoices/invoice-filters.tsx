import type { ListFiltersProps } from '../../components/document-list-page.js';
import { AnyOfFilter, filterStyle, FoldingFilters } from '../../components/folding-filters.js';
import { PeriodFilter, ReferenceFilter } from '../../components/list-filters.js';
import { SearchBox } from '../../components/search-box.js';
import {
  activeFilterCount,
  directionOptions,
  sefazStatusOptions,
  statusOptions,
} from './invoice-list.js';

/**
 * The list's search (number, access key or recipient) and filters: status, direction and SEFAZ status (any
 * of), issue date period, client and supplier. On a small screen they fold under "Filtros".
 */
export function InvoiceFilters({ q, filters, small, onSearch, onFilter }: ListFiltersProps) {
  const style = filterStyle(small);
  return (
    <FoldingFilters
      small={small}
      search={
        <SearchBox value={q} onSearch={onSearch} placeholder="Pesquisar número, chave, nome…" />
      }
      count={activeFilterCount(filters)}
    >
      <AnyOfFilter
        label="Situação"
        placeholder="Todas"
        value={filters.status}
        onChange={(value) => onFilter('status', value)}
        options={statusOptions}
        style={small ? style : { ...style, width: 220 }}
      />
      <AnyOfFilter
        label="Direção"
        placeholder="Todas"
        value={filters.direction}
        onChange={(value) => onFilter('direction', value)}
        options={directionOptions}
        style={small ? style : { ...style, width: 200 }}
      />
      <AnyOfFilter
        label="SEFAZ"
        placeholder="Todas"
        value={filters.sefazStatus}
        onChange={(value) => onFilter('sefazStatus', value)}
        options={sefazStatusOptions}
        style={small ? style : { ...style, width: 200 }}
      />
      <PeriodFilter label="Emissão" name="issueDate" filters={filters} onFilter={onFilter} />
      <ReferenceFilter
        resource="clients"
        name="clientId"
        label="Cliente"
        width={240}
        small={small}
        filters={filters}
        onFilter={onFilter}
      />
      <ReferenceFilter
        resource="suppliers"
        name="supplierId"
        label="Fornecedor"
        width={240}
        small={small}
        filters={filters}
        onFilter={onFilter}
      />
    </FoldingFilters>
  );
}
