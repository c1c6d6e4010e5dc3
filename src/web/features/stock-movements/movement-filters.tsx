import type { ListFiltersProps } from '../../components/document-list-page.js';
import { AnyOfFilter, filterStyle, FoldingFilters } from '../../components/folding-filters.js';
import { ItemSelect } from '../../components/item-select.js';
import { stockedItems } from '../../components/item-sets.js';
import { PeriodFilter } from '../../components/list-filters.js';
import { ReferenceSelect } from '../../components/reference-select.js';
import { SearchBox } from '../../components/search-box.js';
import { activeFilterCount, idValue, originOptions, typeOptions } from './movement-list.js';

/**
 * The list's search (by item) and filters: period, types, item, location and origins. On a small
 * screen the filters fold under a "Filtros" button that counts those set, so the list starts
 * near the top instead of under six rows of filters.
 */
export function MovementFilters({ q, filters, small, onSearch, onFilter }: ListFiltersProps) {
  const style = filterStyle(small);
  const byId = (key: string) => (id: number | undefined) =>
    onFilter(key, id === undefined ? null : String(id));

  return (
    <FoldingFilters
      small={small}
      search={<SearchBox value={q} onSearch={onSearch} placeholder="Pesquisar item…" />}
      count={activeFilterCount(filters)}
    >
      <PeriodFilter label="Período" name="date" filters={filters} onFilter={onFilter} />
      <AnyOfFilter
        label="Tipo"
        placeholder="Todos"
        value={filters.type}
        onChange={(value) => onFilter('type', value)}
        options={typeOptions}
        style={style}
      />
      <ItemSelect
        items={stockedItems}
        value={idValue(filters.itemId)}
        onChange={byId('itemId')}
        prefix="Item"
        placeholder="Todos"
        aria-label="Item"
        style={small ? style : { ...style, width: 260 }}
        popupMatchSelectWidth={false}
      />
      <ReferenceSelect
        resource="stock-locations"
        value={idValue(filters.locationId)}
        onChange={byId('locationId')}
        prefix="Local"
        placeholder="Todos"
        aria-label="Local"
        style={style}
        popupMatchSelectWidth={false}
      />
      <AnyOfFilter
        label="Origem"
        placeholder="Todas"
        value={filters.originType}
        onChange={(value) => onFilter('originType', value)}
        options={originOptions}
        style={style}
      />
    </FoldingFilters>
  );
}
