import { useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Form, Typography } from 'antd';
import { formatBRL, formatDecimal } from '../../../shared/money.js';
import { LineTable, type LineColumn } from '../../components/line-table.js';
import { lineAmount, sumLines } from '../../components/line-table-values.js';
import { MoneyInput } from '../../components/money-input.js';
import { PercentInput } from '../../components/percent-input.js';
import { QuantityInput } from '../../components/quantity-input.js';
import { ReferenceSelect } from '../../components/reference-select.js';
import type { FormPart, FormPartContext } from '../../components/resource-form-options.js';
import { formatUnitCost } from '../../components/unit-cost-text.js';
import { zodRule } from '../../components/zod-rule.js';
import { CanProducePanel } from './can-produce-panel.js';
import { fetchRow, useRowsById } from './line-references.js';
import {
  linesToFormValues,
  linesToInput,
  type ComponentFormLine,
  type ProductRow,
  type OutlayFormLine,
} from './product-lines-values.js';
import {
  componentCost,
  perUnitOutlays,
  standardCostEstimate,
  type FeedstockCost,
  type OutlayKind,
} from './standard-cost-estimate.js';

const wide = { width: '100%' };

/** What a line reads of its feedstock. */
interface FeedstockRow extends FeedstockCost {
  unitId: number;
  unitCode: string;
}

/**
 * A manufactured product's bill of materials ("Ficha técnica") and production costs, edited in
 * line tables inside the product's form, with the standard cost they roll up to (estimated from
 * the materials' current average costs as lines change) and, for a saved product, "Pode produzir
 * agora". A product for resale has none of them.
 */
function ProductLines({ ctx }: { ctx: FormPartContext }) {
  const form = Form.useFormInstance();
  const queryClient = useQueryClient();
  const origin: unknown = Form.useWatch('origin', form);
  const components = (Form.useWatch('components', form) ?? []) as ComponentFormLine[];
  const outlays = (Form.useWatch('outlays', form) ?? []) as OutlayFormLine[];
  const feedstocks = useRowsById<FeedstockRow>(
    'feedstocks',
    components.map((line) => line.feedstockId),
  );
  const units = useRowsById<{ decimals: number }>(
    'units-of-measurement',
    [...feedstocks.values()].map((row) => row.unitId),
  );
  const kinds = useRowsById<OutlayKind>(
    'outlays',
    outlays.map((line) => line.outlayId),
  );
  if (origin !== 'MANUFACTURED') return null;

  const feedstockOf = (index: number) => {
    const id = components[index]?.feedstockId;
    return id === undefined ? undefined : feedstocks.get(id);
  };
  // A production cost picked brings its default value, unless one was typed already.
  const fillDefaultValue = async (index: number, outlayId: number) => {
    const outlay = await fetchRow(queryClient, 'outlays', outlayId);
    const path = ['outlays', index, 'value'];
    const typed = lineAmount(form.getFieldValue(path));
    if (typed && !typed.isZero()) return;
    form.setFieldValue(path, formatDecimal(outlay.defaultValue as string, 2));
  };
  const cellRules = (path: (string | number)[]) => [zodRule(ctx.schema, path, ctx.toInput)];
  const row = ctx.row as ProductRow | null;

  const componentColumns: LineColumn[] = [
    {
      key: 'feedstockId',
      title: 'Insumo',
      width: 240,
      required: true,
      input: ({ label }) => (
        <ReferenceSelect resource="feedstocks" aria-label={label} style={wide} />
      ),
    },
    {
      key: 'quantity',
      title: 'Quantidade por unidade',
      width: 170,
      align: 'right',
      required: true,
      input: ({ index, label }) => {
        const feedstock = feedstockOf(index);
        const unit = feedstock ? units.get(feedstock.unitId) : undefined;
        return (
          <QuantityInput aria-label={label} unit={feedstock?.unitCode} decimals={unit?.decimals} />
        );
      },
    },
    {
      key: 'lossPercent',
      title: 'Perda %',
      width: 110,
      align: 'right',
      input: ({ label }) => <PercentInput aria-label={label} />,
    },
    {
      key: 'cost',
      title: 'Custo na unidade',
      width: 130,
      align: 'right',
      show: (index) => {
        const line = components[index];
        const cost = line ? componentCost(line, feedstockOf(index)) : null;
        return cost ? formatUnitCost(cost.toFixed(4)) : '—';
      },
    },
  ];

  const outlayColumns: LineColumn[] = [
    {
      key: 'outlayId',
      title: 'Custo',
      width: 240,
      required: true,
      input: ({ index, label }) => (
        <ReferenceSelect
          resource="outlays"
          aria-label={label}
          style={wide}
          onSelect={(outlayId: number) => void fillDefaultValue(index, outlayId)}
        />
      ),
    },
    {
      key: 'value',
      title: 'Valor',
      width: 150,
      align: 'right',
      required: true,
      input: ({ label }) => <MoneyInput aria-label={label} />,
    },
    {
      key: 'kind',
      title: 'Tipo',
      width: 110,
      show: (index) => {
        const id = outlays[index]?.outlayId;
        const kind = id === undefined ? undefined : kinds.get(id)?.kind;
        return kind === 'PER_ORDER' ? 'Por ordem' : kind === 'PER_UNIT' ? 'Por unidade' : '—';
      },
    },
  ];

  const estimate = standardCostEstimate(components, outlays, feedstocks, kinds);
  return (
    <>
      <Card title="Ficha técnica">
        <LineTable
          name="components"
          columns={componentColumns}
          newLine={() => ({ lossPercent: '0,00' })}
          addLabel="Adicionar insumo"
          emptyText="Nenhum insumo na ficha técnica."
          cellRules={cellRules}
          disabled={ctx.disabled}
          totals={(lines) => {
            const materials = sumLines(lines as ComponentFormLine[], (line) => {
              const id = line.feedstockId;
              return id === undefined ? null : componentCost(line, feedstocks.get(id))?.toFixed(4);
            });
            return `Materiais por unidade: ${formatUnitCost(materials.toFixed(4))}`;
          }}
        />
      </Card>
      <Card title="Custos de produção">
        <LineTable
          name="outlays"
          columns={outlayColumns}
          newLine={() => ({ value: '0,00' })}
          addLabel="Adicionar custo"
          emptyText="Nenhum custo de produção."
          cellRules={cellRules}
          disabled={ctx.disabled}
          totals={(lines) =>
            `Por unidade: ${formatBRL(perUnitOutlays(lines as OutlayFormLine[], kinds).toFixed(2))}` +
            ' (custos por ordem ficam na ordem de produção)'
          }
        />
      </Card>
      <Card title="Custo padrão" data-testid="standard-cost">
        <Flex gap={32} wrap>
          {row && (
            <div>
              <Typography.Text type="secondary">Salvo</Typography.Text>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {formatUnitCost(row.standardCost as string | null) || '—'}
              </Typography.Title>
            </div>
          )}
          <div>
            <Typography.Text type="secondary">Estimado com as linhas acima</Typography.Text>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="standard-cost-estimate">
              {formatUnitCost(estimate)}
            </Typography.Title>
          </div>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          Materiais pelo custo médio atual, com a perda, mais os custos de produção por unidade.
        </Typography.Paragraph>
      </Card>
      {row && <CanProducePanel productId={row.id} hasLines={row.components.length > 0} />}
    </>
  );
}

/** The product form's lines: how they load, how they are sent and where they are edited. */
export const productLinesPart: FormPart = {
  toFormValues: (row) => linesToFormValues(row as ProductRow | null),
  toInput: linesToInput,
  render: (ctx) => <ProductLines ctx={ctx} />,
};
