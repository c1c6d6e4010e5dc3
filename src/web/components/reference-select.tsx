import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useMemo, useState } from 'react';
import { allowClear } from './antd-config.js';
import type { Permission } from '../../shared/permissions.js';
import { queryKeys } from '../lib/query-keys.js';
import { hasPermission } from '../lib/has-permission.js';
import { useSession } from '../lib/session.js';
import { referencedDefinition, resourceApi, rowTitle } from './resource-row.js';
import { useDebouncedValue } from './use-debounced-value.js';

type ReferenceSelectProps = Omit<
  SelectProps<number>,
  'options' | 'showSearch' | 'value' | 'onChange' | 'loading'
> & {
  /** API path of the referenced resource (`roles`). */
  resource: string;
  value?: number | null;
  onChange?: (value: number | undefined) => void;
};

const PICKER_PAGE_SIZE = 50;

/**
 * Picks a row of another resource by its title: the active rows, searched on the server as the
 * user types. The current value keeps its name even when that row is inactive or beyond the
 * first page of options. A user who may not read that resource gets the field disabled and saying
 * so, and no request is sent (its 403 would take the whole page to "Acesso negado").
 */
export function ReferenceSelect({ resource, value, onChange, ...rest }: ReferenceSelectProps) {
  const definition = referencedDefinition(resource);
  const { user } = useSession();
  const canRead = !definition || hasPermission(user, `${definition.area}:read` as Permission);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const keys = queryKeys.resource(resource);
  const query = {
    page: 1,
    pageSize: PICKER_PAGE_SIZE,
    sort: definition?.titleField ?? 'name',
    active: 'true',
    q,
  };

  const list = useQuery({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => resourceApi.list(resource, query, signal),
    placeholderData: keepPreviousData,
    enabled: canRead,
  });

  const current = value ?? undefined;
  const listed = list.data?.items.some((row) => row.id === current) ?? false;
  const selected = useQuery({
    queryKey: keys.detail(current ?? 0),
    queryFn: ({ signal }) => resourceApi.get(resource, current!, signal, true),
    enabled: canRead && current !== undefined && list.isSuccess && !listed,
  });

  const options = useMemo(() => {
    const rows = list.data?.items ?? [];
    const result = rows.map((row) => ({ value: row.id, label: rowTitle(definition, row) }));
    if (current !== undefined && !rows.some((row) => row.id === current) && selected.data) {
      const inactive = selected.data.active === false ? ' (inativo)' : '';
      result.unshift({
        value: current,
        label: `${rowTitle(definition, selected.data)}${inactive}`,
      });
    }
    return result;
  }, [list.data, selected.data, current, definition]);

  if (!canRead) {
    return (
      <Select<number>
        {...rest}
        disabled
        placeholder={`Sem permissão para consultar ${definition?.label ?? resource}`}
      />
    );
  }

  return (
    <Select<number>
      placeholder="Selecione"
      allowClear={allowClear}
      {...rest}
      value={current}
      onChange={(next) => {
        setSearch('');
        onChange?.(next ?? undefined);
      }}
      options={options}
      loading={list.isFetching}
      notFoundContent={list.isFetching ? 'Carregando…' : 'Nenhum registro encontrado'}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
    />
  );
}
