import { FilterOutlined } from '@ant-design/icons';
import { Button, Flex, Select } from 'antd';
import { useState, type CSSProperties } from 'react';
import { LazyDateRangeFilter } from '../../components/lazy-inputs.js';
import { ReferenceSelect } from '../../components/reference-select.js';
import { SearchBox } from '../../components/search-box.js';
import { ItemSelect } from './item-select.js';
import {
  activeFilterCount,
  idValue,
  joinValues,
  originOptions,
  splitValues,
  typeOptions,
} from './movement-list.js';

/**
 * The list's search (by item) and filters: period, types, item, location and origins. On a small
 * screen the filters fold under a "Filtros" button that counts those set, so the list starts
 * near the top instead of under six rows of filters.
 */
export function MovementFilters({
  q,
  filters,
  small,
  onSearch,
  onFilter,
}: {
  q: string;
  filters: Record<string, string>;
  small: boolean;
  onSearch: (q: string) => void;
  onFilter: (key: string, value: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(filters);
  const style: CSSProperties = small ? { width: '100%' } : { minWidth: 180, maxWidth: '100%' };
  const byId = (key: string) => (id: number | undefined) =>
    onFilter(key, id === undefined ? null : String(id));

  const controls = (
    <>
      <LazyDateRangeFilter
        label="Período"
        value={{ from: filters.dateFrom ?? null, to: filters.dateTo ?? null }}
        onChange={(range) => {
          onFilter('dateFrom', range.from);
          onFilter('dateTo', range.to);
        }}
      />
      <Select<string[]>
        mode="multiple"
        value={splitValues(filters.type)}
        onChange={(values) => onFilter('type', joinValues(values))}
        options={typeOptions}
        prefix="Tipo"
        placeholder="Todos"
        aria-label="Tipo"
        maxTagCount="responsive"
        showSearch={false}
        style={style}
        popupMatchSelectWidth={false}
      />
      <ItemSelect
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
    </>
  );
  const search = <SearchBox value={q} onSearch={onSearch} placeholder="Pesquisar item…" />;

  if (!small) {
    return (
      <Flex gap={8} wrap align="center">
        {search}
        {controls}
      </Flex>
    );
  }
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center">
        {search}
        <Button
          icon={<FilterOutlined aria-hidden />}
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          type={count > 0 ? 'primary' : 'default'}
          ghost={count > 0}
        >
          {count > 0 ? `Filtros (${count})` : 'Filtros'}
        </Button>
      </Flex>
      {open && (
        <Flex vertical gap={8}>
          {controls}
        </Flex>
      )}
    </Flex>
  );
}
