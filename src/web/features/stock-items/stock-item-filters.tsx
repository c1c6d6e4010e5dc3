import { Checkbox, Input, Select } from 'antd';
import { lazy, Suspense } from 'react';
import { allowClear } from '../../components/antd-config.js';
import type { ListFiltersProps } from '../../components/document-list-page.js';
import { filterStyle, FoldingFilters } from '../../components/folding-filters.js';
import { ReferenceSelect } from '../../components/reference-select.js';
import { SearchBox } from '../../components/search-box.js';
import { usePermission } from '../../lib/session.js';
import { activeFilterCount, atParam, idValue, kindOptions } from './stock-item-list.js';

// The calendar is among antd's largest pieces: it loads with the filter, not with the area.
const PositionDate = lazy(() =>
  import('./position-date.js').then((module) => ({ default: module.PositionDate })),
);

/**
 * The list's search (item code or name), "Posição em" and filters: kind, location, category and
 * "Abaixo do mínimo". Location and category are offered to who may read those lists. On a small
 * screen the filters fold under "Filtros", which counts those set; the day stays in sight, as
 * it changes what every number means.
 */
export function StockItemFilters({
  q,
  filters,
  at,
  today,
  small,
  onSearch,
  onFilter,
}: ListFiltersProps & {
  /** The day shown: the URL's, or today. */
  at: string;
  today: string;
}) {
  const canReadLocations = usePermission('stockLocations:read');
  const canReadCategories = usePermission('categories:read');
  const style = filterStyle(small);
  const byId = (key: string) => (id: number | undefined) =>
    onFilter(key, id === undefined ? null : String(id));

  const position = (
    <Suspense fallback={<Input disabled style={{ width: 230 }} />}>
      <PositionDate
        value={at}
        today={today}
        onChange={(day) => onFilter('at', atParam(day, today))}
      />
    </Suspense>
  );
  return (
    <FoldingFilters
      small={small}
      search={<SearchBox value={q} onSearch={onSearch} placeholder="Pesquisar item…" />}
      count={activeFilterCount(filters)}
      pinned={position}
    >
      <Select<string>
        value={filters.kind}
        onChange={(value) => onFilter('kind', value ?? null)}
        options={kindOptions}
        prefix="Tipo"
        placeholder="Todos"
        aria-label="Tipo"
        allowClear={allowClear}
        style={style}
        popupMatchSelectWidth={false}
      />
      {canReadLocations && (
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
      )}
      {canReadCategories && (
        <ReferenceSelect
          resource="categories"
          value={idValue(filters.categoryId)}
          onChange={byId('categoryId')}
          prefix="Categoria"
          placeholder="Todas"
          aria-label="Categoria"
          style={style}
          popupMatchSelectWidth={false}
        />
      )}
      <Checkbox
        checked={filters.belowMinimum === 'true'}
        onChange={(event) => onFilter('belowMinimum', event.target.checked ? 'true' : null)}
      >
        Abaixo do mínimo
      </Checkbox>
    </FoldingFilters>
  );
}
