import { useQuery } from '@tanstack/react-query';
import { Form, Typography } from 'antd';
import { Decimal } from 'decimal.js';
import { formatDecimal } from '../../../shared/money.js';
import { productStockKey, requestedOrdersApi } from './api.js';
import type { RequestedOrderFormLine } from './requested-order-form.js';

/** "12,5" and "3": a quantity with the decimals it has, none beyond. */
const shown = (value: string) => formatDecimal(value, new Decimal(value).decimalPlaces());

/**
 * The line panel of the order form: where the line's product stands at the location chosen,
 * before the order is saved — on hand, free (on hand less every order's reservation) and, for a
 * product the company makes, how many its materials there allow now. One request for every line
 * (the cells share its query), asked again when the location or the products change.
 */
export function LineStockCell({ index }: { index: number }) {
  const form = Form.useFormInstance();
  const locationId = Form.useWatch('locationId', form) as number | null | undefined;
  const lines = Form.useWatch('items', form) as RequestedOrderFormLine[] | undefined;
  const productIds = [
    ...new Set(
      (lines ?? [])
        .map((line) => line?.productId)
        .filter((id): id is number => typeof id === 'number'),
    ),
  ].sort((a, b) => a - b);
  const stock = useQuery({
    queryKey: productStockKey(locationId ?? 0, productIds),
    queryFn: ({ signal }) => requestedOrdersApi.stock(locationId!, productIds, signal),
    enabled: !!locationId && productIds.length > 0,
  });
  const productId = lines?.[index]?.productId;
  const figures = stock.data?.items.find((item) => item.productId === productId);
  if (!figures) return <span data-testid={`line-stock-${index}`}>—</span>;
  return (
    <Typography.Text type="secondary" data-testid={`line-stock-${index}`}>
      {`Em estoque ${shown(figures.onHand)} · livre ${shown(figures.available)}`}
      {figures.canProduceNow === null ? '' : ` · produz ${shown(figures.canProduceNow)}`}
    </Typography.Text>
  );
}
