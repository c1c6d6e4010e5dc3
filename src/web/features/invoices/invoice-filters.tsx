import type { ListFiltersProps } from '../../components/document-list-page.js';
import { AnyOfFilter, filterStyle, FoldingFilters } from '../../components/folding-filters.js';
import { LazyDateRangeFilter } from '../../components/lazy-inputs.js';
import { ReferenceSelect } from '../../components/reference-select.js';
import { SearchBox } from '../../components/search-box.js';
import { activeFilterCount, directionOptions, idValue, statusOptions } from './invoice-list.js';

/**
 * The list's search (number, access key or recipient) and filters: status and direction (any
 * of), issue date period, client and supplier. On a small screen they fold under "Filtros".
 */
export function InvoiceFilters({ q, filters, small, onSearch, onFilter }: ListFiltersProps) {
  const style = filterStyle(small);
  const recipient = (resource: 'clients' | 'suppliers', key: string, label: string) => (
    <ReferenceSelect
      resource={resource}
      value={idValue(filters[key])}
      onChange={(id) => onFilter(key, id === undefined ? null : String(id))}
      prefix={label}
      placeholder="Todos"
      aria-label={label}
      style={small ? style : { ...style, width: 240 }}
      popupMatchSelectWidth={false}
    />
  );
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
      <LazyDateRangeFilter
        label="Emissão"
        value={{ from: filters.issueDateFrom ?? null, to: filters.issueDateTo ?? null }}
        onChange={(range) => {
          onFilter('issueDateFrom', range.from);
          onFilter('issueDateTo', range.to);
        }}
      />
      {recipient('clients', 'clientId', 'Cliente')}
      {recipient('suppliers', 'supplierId', 'Fornecedor')}
    </FoldingFilters>
  );
}
