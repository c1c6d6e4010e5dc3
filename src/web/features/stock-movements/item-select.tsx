import { useQueryClient } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useMemo, useState } from 'react';
import { allowClear } from '../../components/antd-config.js';
import { rankByCode } from '../../components/code-name-ranking.js';
import { useDebouncedValue } from '../../components/use-debounced-value.js';
import { itemKeys, useItem, useItemSearch, type StockItem } from './api.js';

type ItemSelectProps = Omit<
  SelectProps<number>,
  'options' | 'showSearch' | 'value' | 'onChange' | 'loading'
> & {
  value?: number | null;
  onChange?: (value: number | undefined) => void;
};

export const itemLabel = (item: Pick<StockItem, 'code' | 'name'>) => `${item.code} – ${item.name}`;

/**
 * Picks a product or a feedstock by code or name, searched on the server as the user types;
 * both kinds are listed, each under its heading. The chosen item keeps its name when it is not
 * among the options (a filter read from the URL, an inactive item).
 */
export function ItemSelect({ value, onChange, ...rest }: ItemSelectProps) {
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
    const group = (kind: StockItem['kind'], label: string) => {
      const items = ranked.filter((item) => item.kind === kind);
      return items.length === 0
        ? []
        : [{ label, options: items.map((item) => ({ value: item.id, label: itemLabel(item) })) }];
    };
    const chosen =
      current !== undefined && !listed && selected.data
        ? [{ value: current, label: itemLabel(selected.data) }]
        : [];
    const groups = [group('PRODUCT', 'Produtos'), group('FEEDSTOCK', 'Insumos')];
    if (q !== '' && ranked[0] && ranked[0].kind !== 'PRODUCT') groups.reverse();
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
        // The form reads the chosen item's unit at once, without asking the server again.
        const item = rows.find((row) => row.id === next);
        if (item) queryClient.setQueryData(itemKeys.one(item.id), item);
        onChange?.(next ?? undefined);
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
