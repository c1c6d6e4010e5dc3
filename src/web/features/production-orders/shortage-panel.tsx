import { ShoppingCartOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Table, Typography } from 'antd';
import { Link } from 'react-router';
import type { StockShortageDetail } from '../../../shared/error-codes.js';
import { messages } from '../../../shared/messages.js';
import type { ProductionOrderDetail } from '../../../shared/resources/production-orders.js';
import { formatQuantity } from '../../components/quantity-text.js';
import { useSingleSubmit } from '../../components/use-single-submit.js';
import { ApiError } from '../../lib/api-error.js';
import { paths } from '../../lib/paths.js';
import { usePermission } from '../../lib/session.js';
import { useBuyMissing } from './api.js';

/** The items a 422 of the drafts names (no default supplier), when it names them. */
function itemsWithoutSupplier(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  return error.details
    .map((row) => (typeof row.itemName === 'string' ? row.itemName : null))
    .filter((name): name is string => name !== null);
}

/**
 * What "Iniciar" found missing (its 422 INSUFFICIENT_STOCK): per material, the location, what it
 * has, what the order needs and what is missing, and "Comprar faltantes", which opens one draft
 * purchase order per default supplier with the missing quantities and links to them.
 */
export function ShortagePanel({
  order,
  shortages,
}: {
  order: ProductionOrderDetail;
  shortages: StockShortageDetail[];
}) {
  const canBuy = usePermission('purchaseOrders:write');
  const units = new Map(order.materials.map((line) => [line.feedstockId, line]));
  const quantity = (row: StockShortageDetail, value: string) => {
    const unit = units.get(row.itemId);
    return unit ? `${formatQuantity(value, unit.unitDecimals)} ${unit.unit}` : value;
  };

  const submitOnce = useSingleSubmit();

  const buy = useBuyMissing();
  const missing = shortages.map((row) => ({ itemId: row.itemId, quantity: row.missing }));

  const drafts = buy.data?.items ?? [];
  const missingSupplier = itemsWithoutSupplier(buy.error);

  return (
    <Card
      title={
        <Typography.Text type="danger" style={{ whiteSpace: 'normal' }}>
          {messages.productionOrders.shortageTitle}
        </Typography.Text>
      }
      data-testid="shortage-panel"
      styles={{ body: { padding: 8 } }}
    >
      <Flex vertical gap={12}>
        <Table
          data-testid="shortage-table"
          size="small"
          rowKey="itemId"
          pagination={false}
          dataSource={shortages}
          scroll={{ x: 620 }}
          columns={[
            {
              key: 'item',
              title: 'Material',
              render: (_value, row) => row.item,
              onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
            },
            { key: 'location', title: 'Local', width: 140, render: (_value, row) => row.location },
            {
              key: 'available',
              title: 'Disponível',
              align: 'right',
              width: 120,
              render: (_value, row) => quantity(row, row.available),
            },
            {
              key: 'required',
              title: 'Necessário',
              align: 'right',
              width: 120,
              render: (_value, row) => quantity(row, row.required),
            },
            {
              key: 'missing',
              title: 'Faltando',
              align: 'right',
              width: 120,
              render: (_value, row) => (
                <Typography.Text type="danger" strong data-testid="shortage-missing">
                  {quantity(row, row.missing)}
                </Typography.Text>
              ),
            },
          ]}
        />
        {canBuy && drafts.length === 0 && (
          <Flex justify="flex-end">
            <Button
              type="primary"
              icon={<ShoppingCartOutlined aria-hidden />}
              loading={buy.isPending}
              onClick={() => submitOnce(() => buy.mutateAsync(missing))}
              data-testid="buy-missing"
            >
              Comprar faltantes
            </Button>
          </Flex>
        )}
        {buy.isError && buy.error instanceof ApiError && (
          <Alert
            type="error"
            showIcon
            data-testid="buy-missing-error"
            title={buy.error.message}
            description={
              missingSupplier.length > 0
                ? `Sem fornecedor padrão: ${missingSupplier.join(', ')}.`
                : undefined
            }
          />
        )}
        {drafts.length > 0 && (
          <Alert
            type="success"
            showIcon
            data-testid="buy-missing-drafts"
            title={
              drafts.length === 1
                ? 'Ordem de compra criada em rascunho:'
                : `${drafts.length} ordens de compra criadas em rascunho:`
            }
            description={
              <Flex vertical gap={4}>
                {drafts.map((draft) => (
                  <Link
                    key={draft.id}
                    to={`${paths.purchaseOrders}/${draft.id}`}
                    data-testid="draft-link"
                  >
                    {draft.number} – {draft.supplierName}
                  </Link>
                ))}
              </Flex>
            }
          />
        )}
      </Flex>
    </Card>
  );
}
