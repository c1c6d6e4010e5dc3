import { Flex, Tag, Typography, type TableColumnType } from 'antd';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { formatBRL } from '../../../shared/money.js';
import {
  accountEntryOriginLabels,
  type StatementLine,
} from '../../../shared/resources/account-entries.js';
import { formatDate } from '../../components/dates.js';
import { paths } from '../../lib/paths.js';

const whole = () => ({ style: { whiteSpace: 'nowrap' } as CSSProperties });
const wrapping = () => ({ style: { overflowWrap: 'anywhere' } as CSSProperties });

/** "+R$ 100,00" / "-R$ 50,00": the sign says it, the colour only helps. */
export function signedBRL(value: string): string {
  const text = formatBRL(value);
  return text.startsWith('-') || /^R\$ 0,00$/.test(text) ? text : `+${text}`;
}

function Amount({ value }: { value: string }) {
  const negative = value.trim().startsWith('-');
  return (
    <span
      className={negative ? 'entry-debit' : 'entry-credit'}
      style={{ color: negative ? '#a8071a' : '#237804', fontVariantNumeric: 'tabular-nums' }}
    >
      {signedBRL(value)}
    </span>
  );
}

/** Which kinds of bill the user may open. */
type BillLinks = Record<'PAY' | 'RECEIVE', boolean>;

/** The bill a payment's entry settled, for whoever may open it. */
function billPath(line: StatementLine, links: BillLinks): string | null {
  if (line.billId === null || line.billKind === null || !links[line.billKind]) return null;
  return `${line.billKind === 'PAY' ? paths.billsToPay : paths.billsToReceive}/${line.billId}`;
}

function Description({ line, linkBills }: { line: StatementLine; linkBills: BillLinks }) {
  const to = billPath(line, linkBills);
  return to ? (
    <Link to={to} data-testid="statement-bill-link">
      {line.description}
    </Link>
  ) : (
    <span>{line.description}</span>
  );
}

/**
 * The statement's columns. From 768 px: date, description (a payment's links to its bill),
 * category, origin, amount and the balance after it. Below 768 px three: the date with the
 * description and origin under it, the amount and the balance.
 */
export function statementColumns(options: {
  small: boolean;
  linkBills: BillLinks;
}): TableColumnType<StatementLine>[] {
  const { small, linkBills } = options;
  const amount: TableColumnType<StatementLine> = {
    key: 'amount',
    title: 'Valor',
    align: 'right',
    width: small ? 112 : 150,
    onCell: whole,
    render: (_value, line) => <Amount value={line.amount} />,
  };
  const balance: TableColumnType<StatementLine> = {
    key: 'balance',
    title: 'Saldo',
    align: 'right',
    width: small ? 112 : 150,
    onCell: whole,
    render: (_value, line) => (
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatBRL(line.balance)}</span>
    ),
  };

  if (small) {
    return [
      {
        key: 'date',
        title: 'Data',
        onCell: wrapping,
        render: (_value, line) => (
          <Flex vertical gap={2} align="flex-start">
            <span>{formatDate(line.date)}</span>
            <Description line={line} linkBills={linkBills} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {accountEntryOriginLabels[line.origin.type]}
            </Typography.Text>
          </Flex>
        ),
      },
      amount,
      balance,
    ];
  }

  return [
    {
      key: 'date',
      title: 'Data',
      width: 110,
      onCell: whole,
      render: (_value, line) => formatDate(line.date),
    },
    {
      key: 'description',
      title: 'Descrição',
      onCell: wrapping,
      render: (_value, line) => <Description line={line} linkBills={linkBills} />,
    },
    {
      key: 'category',
      title: 'Categoria',
      width: 200,
      onCell: wrapping,
      render: (_value, line) => line.categoryName ?? '',
    },
    {
      key: 'origin',
      title: 'Origem',
      width: 170,
      render: (_value, line) => (
        <Tag style={{ marginInlineEnd: 0 }}>{accountEntryOriginLabels[line.origin.type]}</Tag>
      ),
    },
    amount,
    balance,
  ];
}

/** The narrowest the columns add up to at 768 px and up: below it, the table scrolls sideways. */
export const STATEMENT_TABLE_MIN_WIDTH = 940;
