import { billKindInfo, type BillKind } from '../../../shared/resources/bills.js';
import { allowClear } from '../../components/antd-config.js';
import { CategorySelect } from '../../components/category-select.js';
import type { ListFiltersProps } from '../../components/document-list-page.js';
import { AnyOfFilter, filterStyle, FoldingFilters } from '../../components/folding-filters.js';
import { PeriodFilter, ReferenceFilter } from '../../components/list-filters.js';
import { SearchBox } from '../../components/search-box.js';
import { activeFilterCount, idValue, originOptions, statusOptions } from './bill-list.js';

/**
 * The list's search and filters: status (Vencida too), due and competence periods, supplier or
 * client, category and origin. On a small screen they fold under "Filtros".
 */
export function BillFilters({
  kind,
  q,
  filters,
  small,
  onSearch,
  onFilter,
}: ListFiltersProps & {
  kind: BillKind;
}) {
  const info = billKindInfo[kind];
  const style = filterStyle(small);
  const byId = (key: string) => (id: number | undefined) =>
    onFilter(key, id === undefined ? null : String(id));

  return (
    <FoldingFilters
      small={small}
      search={
        <SearchBox value={q} onSearch={onSearch} placeholder="Pesquisar descrição, documento…" />
      }
      count={activeFilterCount(kind, filters)}
    >
      <AnyOfFilter
        label="Situação"
        placeholder="Todas"
        value={filters.status}
        onChange={(value) => onFilter('status', value)}
        options={statusOptions}
        style={small ? style : { ...style, width: 260 }}
      />
      <PeriodFilter label="Vencimento" name="dueDate" filters={filters} onFilter={onFilter} />
      <PeriodFilter
        label="Competência"
        name="competenceDate"
        filters={filters}
        onFilter={onFilter}
      />
      <ReferenceFilter
        resource={kind === 'PAY' ? 'suppliers' : 'clients'}
        name={info.partnerKey}
        label={info.partnerLabel}
        width={260}
        small={small}
        filters={filters}
        onFilter={onFilter}
      />
      <CategorySelect
        nature={info.categoryKind}
        value={idValue(filters.categoryId)}
        onChange={(value) => byId('categoryId')(value ?? undefined)}
        prefix="Categoria"
        placeholder="Todas"
        aria-label="Categoria"
        allowClear={allowClear}
        style={small ? style : { ...style, width: 260 }}
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
