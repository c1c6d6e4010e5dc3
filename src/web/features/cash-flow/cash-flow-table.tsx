import { Table, type TableColumnType } from 'antd';
import type { CSSProperties } from 'react';
import { formatBRL } from '../../../shared/money.js';
import type { CashFlow, CashFlowPeriod } from '../../../shared/resources/finance-reports.js';
import { periodLabel } from './cash-flow-params.js';

const negativeRed = (value: string): CSSProperties => ({
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
  color: value.trim().startsWith('-') ? '#a8071a' : undefined,
});

const money = (key: keyof CashFlowPeriod, title: string): TableColumnType<CashFlowPeriod> => ({
  key,
  title,
  align: 'right',
  width: 150,
  render: (_value, period) => (
    <span style={negativeRed(period[key])}>{formatBRL(period[key])}</span>
  ),
});

/**
 * One row per period: what was realised and what is projected in and out, the period's net and
 * the balance at its end. The table scrolls inside itself on a phone, its first column fixed.
 */
export function CashFlowTable({ report, loading }: { report?: CashFlow; loading: boolean }) {
  const columns: TableColumnType<CashFlowPeriod>[] = [
    {
      key: 'period',
      title: 'Período',
      fixed: 'left',
      width: 120,
      render: (_value, period) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {report ? periodLabel(period, report.granularity) : ''}
        </span>
      ),
    },
    money('realizedIn', 'Entradas realizadas'),
    money('realizedOut', 'Saídas realizadas'),
    money('projectedIn', 'Entradas previstas'),
    money('projectedOut', 'Saídas previstas'),
    money('net', 'Saldo do período'),
    money('balance', 'Saldo acumulado'),
  ];
  const totals = report?.totals;
  return (
    <div data-testid="cash-flow-table" style={{ minWidth: 0 }}>
      <Table<CashFlowPeriod>
        rowKey="start"
        size="middle"
        columns={columns}
        dataSource={report?.periods ?? []}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        summary={() =>
          totals && (
            <Table.Summary fixed="bottom">
              <Table.Summary.Row style={{ fontWeight: 600 }}>
                <Table.Summary.Cell index={0}>Total</Table.Summary.Cell>
                {(['realizedIn', 'realizedOut', 'projectedIn', 'projectedOut', 'net'] as const).map(
                  (key, index) => (
                    <Table.Summary.Cell key={key} index={index + 1} align="right">
                      <span style={negativeRed(totals[key])}>{formatBRL(totals[key])}</span>
                    </Table.Summary.Cell>
                  ),
                )}
                <Table.Summary.Cell index={6} align="right">
                  <span style={negativeRed(totals.balance)}>{formatBRL(totals.balance)}</span>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          )
        }
      />
    </div>
  );
}
