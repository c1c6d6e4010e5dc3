import { useQueryClient } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useMemo, useState } from 'react';
import { allowClear } from '../../components/antd-config.js';
import { rankByCode } from '../../components/code-name-ranking.js';
import { useDebouncedValue } from '../../components/use-debounced-value.js';
import { itemKey, useItem, useItemSearch, type PurchasableItem } from './api.js';

type PurchaseItemSelectProps = Omit<
  SelectProps<number>,
  'options' | 'showSearch' | 'value' | 'onChange' | 'loading'
> & {
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  /** The item just picked, with its last purchase price and unit. */
  onPick?: (item: PurchasableItem) => void;
};

export const itemLabel = (item: Pick<PurchasableItem, 'code' | 'name'>) =>
  `${item.code} – ${item.name}`;

/**
 * Picks what can be bought: a feedstock or a product for resale, by code or name, searched on the
 * server as the user types, each kind under its heading. The chosen item keeps its name when it
 * is not among the options (a saved line, an inactive item).
 */
export function PurchaseItemSelect({ value, onChange, onPick, ...rest }: PurchaseItemSelectProps) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const found = useItemSearch(q);
  const current = value ?? undefined;
  const rows = useMemo(() => found.data ?? [], [found.data]);
  const listed = rows.some((item) => item.id === current);
  const selected = useItem(listed ? undefined : current);

  const options = useMemo(() => {
    // The answer's items by code-name-ranking for what it answered; the kind holding the best
    // match heads the list, so Enter picks the exact code.
    const ranked = rankByCode(rows, (item) => item.code, q);
    const group = (kind: PurchasableItem['kind'], label: string) => {
      const items = ranked.filter((item) => item.kind === kind);
      return items.length === 0
        ? []
        : [{ label, options: items.map((item) => ({ value: item.id, label: itemLabel(item) })) }];
    };
    const chosen =
      current !== undefined && !listed && selected.data
        ? [{ value: current, label: itemLabel(selected.data) }]
        : [];
    const groups = [group('FEEDSTOCK', 'Insumos'), group('PRODUCT', 'Produtos de revenda')];
    if (q !== '' && ranked[0] && ranked[0].kind !== 'FEEDSTOCK') groups.reverse();
    return [...chosen, ...groups.flat()];
  }, [rows, q, current, listed, selected.data]);

  return (
    <Select<number>
      placeholder="Código ou nome"
      allowClear={allowClear}
      {...rest}
      value={current}
      onChange={(next) => {
        setSearch('');
        const item = rows.find((row) => row.id === next);
        // The line reads the item's unit at once, without asking the server again.
        if (item) queryClient.setQueryData(itemKey(item.id), item);
        onChange?.(next ?? undefined);
        if (item) onPick?.(item);
      }}
      options={options}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? 'Carregando…' : 'Nenhum item encontrado'}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
    />
  );
}
