import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Divider, Select, type SelectProps } from 'antd';
import { useMemo, useState } from 'react';
import { allowClear } from './antd-config.js';
import type { Permission } from '../../shared/permissions.js';
import type { ResourceDefinition } from '../../shared/resource.js';
import { queryKeys } from '../lib/query-keys.js';
import { hasPermission } from '../lib/has-permission.js';
import { useSession } from '../lib/session.js';
import { matchesSearch, rankByCode } from './code-name-ranking.js';
import { getPath } from './object-path.js';
import { useReferenceCreate } from './reference-create-context.js';
import {
  referencedDefinition,
  resourceApi,
  rowTitle,
  type ResourceSummary,
} from './resource-row.js';
import { useDebouncedValue } from './use-debounced-value.js';

type ReferenceSelectProps = Omit<
  SelectProps<number>,
  'options' | 'showSearch' | 'value' | 'onChange' | 'loading'
> & {
  /** API path of the referenced resource (`roles`). */
  resource: string;
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  /**
   * A form's picker (not a list's filter): it offers "+ Novo" when the resource is created from
   * pickers and the user may create it.
   */
  offerNew?: boolean;
};

const PICKER_PAGE_SIZE = 50;

/** The detail a picker shows after a row's title ("Metro" for M), if the resource has one. */
function rowDetail(definition: ResourceDefinition | undefined, row: ResourceSummary) {
  const detail = definition?.detailField ? getPath(row, definition.detailField) : undefined;
  return typeof detail === 'string' && detail !== '' ? detail : undefined;
}

/** "M — Metro", or the title alone. */
function optionLabel(definition: ResourceDefinition | undefined, row: ResourceSummary) {
  const detail = rowDetail(definition, row);
  return detail ? `${rowTitle(definition, row)} — ${detail}` : rowTitle(definition, row);
}

/**
 * Picks a row of another resource by its title: the active rows, searched on the server as the
 * user types and ranked by the title (code-name-ranking: "M" puts M before KG, whose
 * "Quilograma" matched too). Until the server has answered what was typed, the rows already
 * loaded that match it are offered in that order, so a quick Enter picks what was typed rather
 * than the first row of the last answer. The current value keeps its name even when that row is
 * inactive or beyond the first page of options. A user who may not read that resource gets the
 * field disabled and saying so, and no request is sent (its 403 would take the whole page to
 * "Acesso negado").
 */
export function ReferenceSelect({
  resource,
  value,
  onChange,
  offerNew = false,
  ...rest
}: ReferenceSelectProps) {
  const definition = referencedDefinition(resource);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const openCreate = useReferenceCreate();
  const canRead = !definition || hasPermission(user, `${definition.area}:read` as Permission);
  const canCreate =
    offerNew &&
    openCreate !== null &&
    definition?.createFromPicker === true &&
    hasPermission(user, `${definition.area}:write` as Permission);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
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

  const answered = !list.isPlaceholderData && q === search.trim();
  const options = useMemo(() => {
    const loaded = list.data?.items ?? [];
    const matching = answered
      ? loaded
      : loaded.filter((row) =>
          matchesSearch([rowTitle(definition, row), rowDetail(definition, row)], search),
        );
    const rows = rankByCode(matching, (row) => rowTitle(definition, row), search);
    const result = rows.map((row) => ({ value: row.id, label: optionLabel(definition, row) }));
    if (current !== undefined && !loaded.some((row) => row.id === current) && selected.data) {
      const inactive = selected.data.active === false ? ' (inativo)' : '';
      result.unshift({
        value: current,
        label: `${optionLabel(definition, selected.data)}${inactive}`,
      });
    }
    return result;
  }, [list.data, selected.data, current, definition, search, answered]);

  if (!canRead) {
    return (
      <Select<number>
        {...rest}
        disabled
        placeholder={`Sem permissão para consultar ${definition?.label ?? resource}`}
      />
    );
  }

  const pick = (next: number | undefined) => {
    setSearch('');
    onChange?.(next);
  };
  const createNew = () => {
    setOpen(false);
    openCreate?.(resource, (row) => {
      // The new row is the picker's value at once, with its name, before any list refetches.
      queryClient.setQueryData(keys.detail(row.id), row);
      pick(row.id);
    });
  };

  return (
    <Select<number>
      placeholder="Selecione"
      allowClear={allowClear}
      {...rest}
      value={current}
      onChange={(next) => pick(next ?? undefined)}
      options={options}
      loading={list.isFetching}
      notFoundContent={list.isFetching ? 'Carregando…' : 'Nenhum registro encontrado'}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
      popupRender={
        canCreate
          ? (menu) => (
              <>
                {menu}
                <Divider style={{ margin: '4px 0' }} />
                <Button
                  type="text"
                  block
                  icon={<PlusOutlined />}
                  style={{ justifyContent: 'flex-start' }}
                  // The select would close (and blur) on the press before the click lands.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={createNew}
                >
                  {definition?.gender === 'f' ? 'Nova' : 'Novo'}
                </Button>
              </>
            )
          : undefined
      }
    />
  );
}
