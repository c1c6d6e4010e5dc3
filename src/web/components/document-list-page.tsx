import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { Flex, type TableColumnType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { Permission } from '../../shared/permissions.js';
import { hasPermission } from '../lib/has-permission.js';
import { useSession } from '../lib/session.js';
import { ExportButtons } from './export-buttons.js';
import { ListHeader } from './list-header.js';
import { toApiQuery, type ListDefinition, type ListParams } from './list-params.js';
import { ListTable } from './list-table.js';
import { NewButton } from './new-button.js';
import type { ListLocationState } from './resource-form-page.js';
import { useLastPageClamp } from './use-last-page-clamp.js';
import { useListParams } from './use-list-params.js';
import { breakpoints, useMediaQuery } from './use-media-query.js';

type ApiQuery = Record<string, string | number>;

/** What a list's filters get: the URL's search and filters, the screen's size, and the setters. */
export interface ListFiltersProps {
  q: string;
  filters: Record<string, string>;
  small: boolean;
  onSearch: (q: string) => void;
  onFilter: (key: string, value: string | null) => void;
}

/** What the page knows when it draws the columns, a summary or a row's link. */
export interface ListView {
  params: ListParams;
  /** Below 768 px: the row must fit the screen (fewer columns, wrapped text, no sideways scroll). */
  small: boolean;
  /** The list's search, for the opened page's "Voltar" to come back to this page of the list. */
  state: ListLocationState;
}

/** A row with an id opens at `basePath/:id` and is keyed by it, unless the page says otherwise. */
type RowProps<Row> = Row extends { id: number }
  ? { rowPath?: (row: Row, view: ListView) => string; rowKey?: TableProps<Row>['rowKey'] }
  : { rowPath: (row: Row, view: ListView) => string; rowKey: TableProps<Row>['rowKey'] };

/** A list's answer: a page of rows, the total over every page, and whatever the list adds. */
interface ListAnswer {
  items: readonly object[];
  total: number;
}

type RowOf<Data extends ListAnswer> = Data['items'][number];

export type DocumentListPageProps<Data extends ListAnswer, Row = RowOf<Data>> = RowProps<Row> & {
  /** The page's heading; the export's file is named after it too. */
  title: string;
  /** The list's sorts and filters as the URL keeps them (list-params.ts). */
  definition: ListDefinition;
  /** How the list is read: the feature's query keys and its API's `list`. */
  source: {
    keys: { list: (query: ApiQuery) => QueryKey };
    list: (query: ApiQuery, signal?: AbortSignal) => Promise<Data>;
  };
  /** The area's path: "+ Novo" opens `basePath/new`, a row `basePath/:id`. */
  basePath: string;
  /** "Exportar XLSX/CSV" of the list as filtered, from this API path. */
  exportPath?: string;
  /** "+ Novo" (or its own label), for who holds the permission. */
  create?: { permission: Permission; label?: string };
  /** More buttons of the header, between the exports and "+ Novo" (a resource's import). */
  actions?: ReactNode;
  /** The search and filters above the table. */
  filters: (props: ListFiltersProps) => ReactNode;
  /** What the list adds up to (its totals), between the filters and the table. */
  summary?: (data: Data | undefined, view: ListView) => ReactNode;
  columns: (view: ListView) => TableColumnType<Row>[];
  testId: string;
  rowClassName?: (row: Row) => string;
  /**
   * The table's least width on a wide screen: its columns keep the widths they declare and the
   * table scrolls sideways below it. Without it every column takes its content's width.
   */
  minWidth?: number;
};

/**
 * A list page of the back office, driven by its configuration: title, export and "+ Novo" as the
 * user's role allows, the filters, an optional summary, and a table paged and sorted by the
 * server. Page, size, sort, search and filters live in the URL (use-list-params.ts), so a reload
 * or a shared link shows the same list; a page past the end shows the last one. Documents
 * (orders, bills), the stock lists and every master-data list (resource-list-page.tsx) use it.
 */
export function DocumentListPage<Data extends ListAnswer>(props: DocumentListPageProps<Data>) {
  type Row = RowOf<Data>;
  const { title, definition, source, basePath, exportPath, create, summary, minWidth } = props;
  const location = useLocation();
  const state: ListLocationState = { listSearch: location.search };
  const { user } = useSession();
  const canCreate = create !== undefined && hasPermission(user, create.permission);
  const { params, setPage, setSort, setSearch, setFilter } = useListParams(definition);
  const apiQuery = toApiQuery(params);

  const list = useQuery({
    queryKey: source.keys.list(apiQuery),
    queryFn: ({ signal }) => source.list(apiQuery, signal),
    placeholderData: keepPreviousData,
  });

  useLastPageClamp(list, params, setPage);

  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const view: ListView = { params, small, state };
  // RowProps lets a page leave these out only when its rows have an id.
  const own = props as {
    rowPath?: (row: Row, view: ListView) => string;
    rowKey?: TableProps<Row>['rowKey'];
  };
  const rowPath = own.rowPath ?? ((row: Row) => `${basePath}/${(row as { id: number }).id}`);

  return (
    <Flex vertical gap={16}>
      <ListHeader title={title}>
        {exportPath !== undefined && (
          <ExportButtons definition={{ path: exportPath, label: title }} params={params} />
        )}
        {props.actions}
        {canCreate && <NewButton to={`${basePath}/new`} state={state} label={create.label} />}
      </ListHeader>

      {props.filters({
        q: params.q,
        filters: params.filters,
        small,
        onSearch: setSearch,
        onFilter: setFilter,
      })}

      {summary?.(list.data, view)}

      <ListTable<Row>
        testId={props.testId}
        list={list}
        params={params}
        setPage={setPage}
        setSort={setSort}
        rowPath={(row) => rowPath(row, view)}
        state={state}
        rowKey={own.rowKey ?? 'id'}
        columns={props.columns(view)}
        tableLayout={minWidth === undefined ? undefined : 'fixed'}
        scroll={small ? undefined : { x: minWidth ?? 'max-content' }}
        rowClassName={props.rowClassName}
      />
    </Flex>
  );
}
