import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Flex, Row, Segmented, Statistic, Typography } from 'antd';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { formatBRL, parseDecimal } from '../../../shared/money.js';
import { granularities, type Granularity } from '../../../shared/resources/finance-reports.js';
import { ExportButtons } from '../../components/export-buttons.js';
import { LazyDateRangeFilter } from '../../components/lazy-inputs.js';
import { breakpoints, useMediaQuery } from '../../components/use-media-query.js';
import { ApiError } from '../../lib/api-error.js';
import { cashFlowApi, cashFlowKeys } from './api.js';
import { CashFlowChart } from './cash-flow-chart.js';
import { CashFlowTable } from './cash-flow-table.js';
import { useCashFlowParams } from './cash-flow-params.js';

function Figure({ title, value, testId }: { title: string; value?: string; testId: string }) {
  const negative = value?.trim().startsWith('-') ?? false;
  return (
    <Card size="small" data-testid={testId}>
      <Statistic
        title={title}
        value={value === undefined ? '–' : formatBRL(value)}
        valueStyle={{ fontSize: 18, color: negative ? '#a8071a' : undefined }}
      />
    </Card>
  );
}

const sum = (a: string, b: string) => (parseDecimal(a) ?? parseDecimal('0')!).plus(b).toFixed(2);

/**
 * Fluxo de Caixa (DOMAIN §9): what went in and out of every account up to today and what the
 * open bills will move after it, per day, week or month, with the balance it leads to.
 */
export function CashFlowPage() {
  const today = todayInSaoPaulo();
  const { params, update } = useCashFlowParams(today);
  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const query = { ...params };

  const report = useQuery({
    queryKey: cashFlowKeys.report(query),
    queryFn: ({ signal }) => cashFlowApi.get(query, signal),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  const refused = report.error instanceof ApiError ? report.error : null;
  const refusal = refused
    ? [refused.message, ...Object.values(refused.fields)].filter(Boolean).join(' ')
    : null;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={2} style={{ margin: 0 }}>
            Fluxo de Caixa
          </Typography.Title>
          <Typography.Text type="secondary">
            Previsto = contas em aberto pela data de vencimento; as vencidas contam hoje.
          </Typography.Text>
        </div>
        <Flex gap={8} wrap>
          <ExportButtons
            definition={{ path: 'cash-flow', label: 'Fluxo de Caixa' }}
            params={{ page: 1, pageSize: 20, sort: '', q: '', filters: { ...params } }}
          />
        </Flex>
      </Flex>

      <Flex gap={8} wrap align="center">
        <LazyDateRangeFilter
          label="Período"
          value={{ from: params.from, to: params.to }}
          onChange={(range) =>
            update({
              ...(range.from ? { from: range.from } : {}),
              ...(range.to ? { to: range.to } : {}),
            })
          }
        />
        <Segmented<Granularity>
          aria-label="Agrupar por"
          value={params.granularity}
          options={Object.entries(granularities).map(([value, label]) => ({
            value: value as Granularity,
            label,
          }))}
          onChange={(granularity) => update({ granularity })}
        />
      </Flex>

      {refusal && <Alert type="error" showIcon message={refusal} />}

      <Row gutter={[12, 12]}>
        <Col xs={12} md={6}>
          <Figure title="Saldo inicial" value={data?.openingBalance} testId="cash-flow-opening" />
        </Col>
        <Col xs={12} md={6}>
          <Figure
            title="Entradas"
            value={data && sum(data.totals.realizedIn, data.totals.projectedIn)}
            testId="cash-flow-in"
          />
        </Col>
        <Col xs={12} md={6}>
          <Figure
            title="Saídas"
            value={data && sum(data.totals.realizedOut, data.totals.projectedOut)}
            testId="cash-flow-out"
          />
        </Col>
        <Col xs={12} md={6}>
          <Figure
            title="Saldo final projetado"
            value={data && sum(data.openingBalance, data.totals.net)}
            testId="cash-flow-closing"
          />
        </Col>
      </Row>

      {data && <CashFlowChart report={data} small={small} />}
      <CashFlowTable report={data} loading={report.isFetching} />
    </Flex>
  );
}
