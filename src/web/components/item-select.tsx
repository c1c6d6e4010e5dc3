import { useQueryClient } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useMemo, useState } from 'react';
import { allowClear } from './antd-config.js';
import { itemKey, useItem, useItemSearch } from './item-lookups.js';
import { itemOptions, type ItemSet, type PickedItem } from './item-sets.js';
import { useDebouncedValue } from './use-debounced-value.js';

type ItemSelectProps = Omit<
  SelectProps<number>,
  'options' | 'showSearch' | 'value' | 'onChange' | 'loading'
> & {
  /** What it offers: purchasableItems, stockedItems, producibleProducts (item-sets.ts). */
  items: ItemSet;
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  /** The item just picked (its unit, its last purchase price), or undefined when cleared. */
  onPick?: (item: PickedItem | undefined) => void;
};

/**
 * Picks an item by code or name, searched on the server as the user types, each kind under its
 * heading (item-sets.ts). The chosen item keeps its name when it is not among the options (a
 * saved line, a filter read from the URL, an inactive item).
 */
export function ItemSelect({ items, value, onChange, onPick, ...rest }: ItemSelectProps) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const found = useItemSearch(items, q);
  const current = value ?? undefined;
  const listed = found.data.some((item) => item.id === current);
  const selected = useItem(listed ? undefined : current);
  const chosen = current === undefined ? undefined : selected.data;
  const options = useMemo(
    () => itemOptions(items, found.data, q, chosen),
    [items, found.data, q, chosen],
  );

  return (
    <Select<number>
      placeholder={items.placeholder}
      allowClear={allowClear}
      {...rest}
      value={current}
      onChange={(next) => {
        setSearch('');
        const item = found.data.find((row) => row.id === next);
        // The form reads the item's unit at once, without asking the server again.
        if (item) queryClient.setQueryData(itemKey(item.id), item);
        onChange?.(next ?? undefined);
        onPick?.(item);
      }}
      options={options}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? 'Carregando…' : items.notFound}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
    />
  );
}
