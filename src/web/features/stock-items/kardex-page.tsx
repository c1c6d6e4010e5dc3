import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Pagination, Result, Table, Tag, Typography } from 'antd';
import { useLocation, useNavigate, useParams } from 'react-router';
import { messages } from '../../../shared/messages.js';
import { stockItemKindLabels } from '../../../shared/resources/stock-items.js';
import { formatDate } from '../../components/dates.js';
import { LazyDateRangeFilter } from '../../components/lazy-inputs.js';
import { PAGE_SIZES } from '../../components/list-params.js';
import { formatQuantity } from '../../components/quantity-text.js';
import { ReferenceSelect } from '../../components/reference-select.js';
import type { ListLocationState } from '../../components/resource-form-page.js';
import { useListParams } from '../../components/use-list-params.js';
import { breakpoints, useMediaQuery } from '../../components/use-media-query.js';
import { ApiError } from '../../lib/api-error.js';
import { paths } from '../../lib/paths.js';
import { usePermission } from '../../lib/session.js';
import { stockItemKeys, stockItemsApi } from './api.js';
import { KARDEX_TABLE_MIN_WIDTH, kardexColumns } from './kardex-columns.js';
import { kardexLines } from './kardex-lines.js';
import { kardexList, kardexQuery } from './kardex-list.js';
import { idValue } from './stock-item-list.js';

/**
 * An item's kardex: its movements oldest first, at one location or over all of them, in a
 * period, each with what it did there (+ in, − out) and the balance after it; the balance
 * brought in opens the page. A page of its own rather than a drawer: on a phone it gets the
 * whole screen, and its location, period and page are in the URL like the list's.
 */
export function KardexPage({ basePath }: { basePath: string }) {
  const { itemId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const canReadLocations = usePermission('stockLocations:read');
  const canReadMovements = usePermission('stockMovements:read');
  const listSearch = (location.state as ListLocationState | null)?.listSearch ?? '';
  const back = () => navigate(`${basePath}${listSearch}`);
  const validId = /^\d{1,15}$/.test(itemId);
  const { params, setPage, setFilter } = useListParams(kardexList);
  const query = kardexQuery(params);
  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);

  const kardex = useQuery({
    queryKey: stockItemKeys.kardex(itemId, query),
    queryFn: ({ signal }) => stockItemsApi.kardex(itemId, query, signal),
    placeholderData: keepPreviousData,
    enabled: validId,
  });

  if (!validId || (kardex.error instanceof ApiError && kardex.error.status === 404)) {
    return (
      <Result
        status="404"
        title="Item não encontrado"
        extra={<Button onClick={back}>Voltar para a lista</Button>}
      />
    );
  }

  const data = kardex.data;
  const item = data?.item;
  const { from, to } = params.filters;
  const columns = kardexColumns({
    small,
    unitCode: item?.unitCode ?? '',
    movementPath: canReadMovements ? paths.stockMovements : undefined,
  });

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div style={{ minWidth: 0 }}>
          <Typography.Text type="secondary">
            Consulta de Estoque › Movimentos do item
          </Typography.Text>
          <Typography.Title level={2} style={{ margin: 0, overflowWrap: 'anywhere' }}>
            {item ? `${item.code} – ${item.name}` : ' '}
          </Typography.Title>
          {item && <Tag>{stockItemKindLabels[item.kind]}</Tag>}
        </div>
        <Button onClick={back}>Voltar</Button>
      </Flex>

      <Flex gap={8} wrap align={small ? 'stretch' : 'center'} vertical={small}>
        {canReadLocations && (
          <ReferenceSelect
            resource="stock-locations"
            value={idValue(params.filters.locationId)}
            onChange={(id) => setFilter('locationId', id === undefined ? null : String(id))}
            prefix="Local"
            placeholder="Todos"
            aria-label="Local"
            style={small ? { width: '100%' } : { minWidth: 220 }}
            popupMatchSelectWidth={false}
          />
        )}
        <LazyDateRangeFilter
          label="Período"
          value={{ from: from ?? null, to: to ?? null }}
          onChange={(range) => {
            setFilter('from', range.from);
            setFilter('to', range.to);
          }}
        />
      </Flex>

      {data && item && (
        <Typography.Text strong data-testid="kardex-closing">
          {to ? `Saldo em ${formatDate(to)}` : 'Saldo atual'}:{' '}
          {formatQuantity(data.closingBalance, item.unitDecimals)} {item.unitCode}
        </Typography.Text>
      )}

      <div data-testid="kardex-table" style={{ minWidth: 0 }}>
        <Table
          rowKey="key"
          size="middle"
          columns={columns}
          dataSource={data ? kardexLines(data, from) : []}
          loading={kardex.isFetching}
          tableLayout="fixed"
          scroll={small ? undefined : { x: KARDEX_TABLE_MIN_WIDTH }}
          pagination={false}
          rowClassName={(line) => `kardex-${line.kind}`}
          locale={
            kardex.isError ? { emptyText: 'Não foi possível carregar os movimentos.' } : undefined
          }
        />
      </div>
      <Flex justify="flex-end">
        <Pagination
          current={params.page}
          pageSize={params.pageSize}
          total={data?.total ?? 0}
          pageSizeOptions={PAGE_SIZES.map(String)}
          showSizeChanger
          showTotal={messages.recordCount}
          responsive
          onChange={(page, pageSize) => setPage(page, pageSize)}
        />
      </Flex>
    </Flex>
  );
}
