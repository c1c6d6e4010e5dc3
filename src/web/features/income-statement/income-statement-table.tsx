import { Table, type TableColumnType } from 'antd';
import type { CSSProperties } from 'react';
import { formatDecimal } from '../../../shared/money.js';
import type { IncomeStatement } from '../../../shared/resources/finance-reports.js';
import { incomeStatementRows, monthLabels, type StatementRow } from './income-statement-rows.js';

const RESULT_BACKGROUND = '#f0f5ff';

/** Groups and results in bold, results on a tint (the fixed first column too, so it covers). */
function cellStyle(row: StatementRow): CSSProperties {
  return {
    fontWeight: row.kind === 'line' ? undefined : 600,
    background: row.kind === 'result' ? RESULT_BACKGROUND : undefined,
  };
}

/**
 * A negative amount in red with its minus; zero as a quiet dash. The currency is said once, above
 * the table, so twelve months and the total fit a desktop's width.
 */
function Amount({ value }: { value: string }) {
  const isZero = /^-?0+(\.0+)?$/.test(value.trim());
  if (isZero) return <span style={{ color: '#bfbfbf' }}>–</span>;
  const negative = value.trim().startsWith('-');
  return (
    <span
      style={{
        whiteSpace: 'nowrap',
        fontVariantNumeric: 'tabular-nums',
        color: negative ? '#a8071a' : undefined,
      }}
    >
      {formatDecimal(value, 2)}
    </span>
  );
}

/**
 * The DRE gerencial as a table: a row per group (bold, with its total) and its categories
 * indented beneath, the results highlighted between them; January to December and the year's
 * total. It scrolls sideways inside itself, the first column fixed.
 */
export function IncomeStatementTable({
  report,
  loading,
  small,
}: {
  report?: IncomeStatement;
  loading: boolean;
  small: boolean;
}) {
  const money = (
    key: string,
    title: string,
    value: (row: StatementRow) => string,
  ): TableColumnType<StatementRow> => ({
    key,
    title,
    align: 'right',
    onCell: (row) => ({ style: cellStyle(row) }),
    render: (_value, row) => <Amount value={value(row)} />,
  });
  const columns: TableColumnType<StatementRow>[] = [
    {
      key: 'name',
      title: 'Descrição',
      fixed: 'left',
      width: small ? 150 : 230,
      onCell: (row) => ({
        style: {
          ...cellStyle(row),
          paddingLeft: row.kind === 'line' ? (small ? 20 : 32) : undefined,
          overflowWrap: 'anywhere',
        },
      }),
      render: (_value, row) => row.name,
    },
    ...monthLabels.map((label, month) =>
      money(`m${month}`, label, (row) => row.months[month] ?? '0'),
    ),
    money('total', 'Total', (row) => row.total),
  ];
  return (
    <div data-testid="income-statement-table" style={{ minWidth: 0 }}>
      <Table<StatementRow>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={report ? incomeStatementRows(report) : []}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowClassName={(row) => `dre-${row.kind}`}
      />
    </div>
  );
}
