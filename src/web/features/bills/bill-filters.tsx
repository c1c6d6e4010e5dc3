import { Select } from 'antd';
import { billKindInfo, type BillKind } from '../../../shared/resources/bills.js';
import { allowClear } from '../../components/antd-config.js';
import { filterStyle, FoldingFilters } from '../../components/folding-filters.js';
import { LazyDateRangeFilter } from '../../components/lazy-inputs.js';
import { ReferenceSelect } from '../../components/reference-select.js';
import { SearchBox } from '../../components/search-box.js';
import { useCategoryOptions } from './api.js';
import {
  activeFilterCount,
  idValue,
  joinValues,
  originOptions,
  splitValues,
  statusOptions,
} from './bill-list.js';

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
}: {
  kind: BillKind;
  q: string;
  filters: Record<string, string>;
  small: boolean;
  onSearch: (q: string) => void;
  onFilter: (key: string, value: string | null) => void;
}) {
  const info = billKindInfo[kind];
  const style = filterStyle(small);
  const categories = useCategoryOptions(kind);
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
      <Select<string[]>
        mode="multiple"
        value={splitValues(filters.status)}
        onChange={(values) => onFilter('status', joinValues(values))}
        options={statusOptions}
        prefix="Situação"
        placeholder="Todas"
        aria-label="Situação"
        maxTagCount="responsive"
        showSearch={false}
        style={small ? style : { ...style, width: 260 }}
        popupMatchSelectWidth={false}
      />
      <LazyDateRangeFilter
        label="Vencimento"
        value={{ from: filters.dueDateFrom ?? null, to: filters.dueDateTo ?? null }}
        onChange={(range) => {
          onFilter('dueDateFrom', range.from);
          onFilter('dueDateTo', range.to);
        }}
      />
      <LazyDateRangeFilter
        label="Competência"
        value={{
          from: filters.competenceDateFrom ?? null,
          to: filters.competenceDateTo ?? null,
        }}
        onChange={(range) => {
          onFilter('competenceDateFrom', range.from);
          onFilter('competenceDateTo', range.to);
        }}
      />
      <ReferenceSelect
        resource={kind === 'PAY' ? 'suppliers' : 'clients'}
        value={idValue(filters[info.partnerKey])}
        onChange={byId(info.partnerKey)}
        prefix={info.partnerLabel}
        placeholder="Todos"
        aria-label={info.partnerLabel}
        style={small ? style : { ...style, width: 260 }}
        popupMatchSelectWidth={false}
      />
      <Select<number>
        value={idValue(filters.categoryId)}
        onChange={(value) => byId('categoryId')(value ?? undefined)}
        options={categories.data ?? []}
        loading={categories.isFetching}
        prefix="Categoria"
        placeholder="Todas"
        aria-label="Categoria"
        allowClear={allowClear}
        showSearch={{ optionFilterProp: 'label' }}
        style={small ? style : { ...style, width: 260 }}
        popupMatchSelectWidth={false}
      />
      <Select<string[]>
        mode="multiple"
        value={splitValues(filters.originType)}
        onChange={(values) => onFilter('originType', joinValues(values))}
        options={originOptions}
        prefix="Origem"
        placeholder="Todas"
        aria-label="Origem"
        maxTagCount="responsive"
        showSearch={false}
        style={style}
        popupMatchSelectWidth={false}
      />
    </FoldingFilters>
  );
}
