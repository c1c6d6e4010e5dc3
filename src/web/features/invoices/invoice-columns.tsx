import { Flex, Typography, type TableColumnType } from 'antd';
import { fiscalDirections } from '../../../shared/resources/fiscal-operations.js';
import type { InvoiceSummary } from '../../../shared/resources/invoices.js';
import { formatDate } from '../../components/dates.js';
import {
  columnSorting,
  totalColumn,
  totalWithStatusColumn,
  wholeCell,
  wrappingCell,
} from '../../components/document-columns.js';
import { InvoiceStatusTag, SefazStatusTag } from './invoice-tags.js';

/** The narrowest the list's columns add up to at 768 px and up: below it, it scrolls sideways. */
export const INVOICE_TABLE_MIN_WIDTH = 1180;

/** nNF once issued; a draft has none yet. */
export const invoiceNumberText = (row: Pick<InvoiceSummary, 'number'>) =>
  row.number === null ? '—' : String(row.number);

/**
 * The list's columns. From 768 px: number, series, issue date, recipient, nature of operation,
 * direction, total, status and SEFAZ. Below 768 px two: the invoice (number and series,
 * recipient, date and nature stacked) and the total with the tags under it.
 */
export function invoiceColumns(options: {
  small: boolean;
  sort: string;
}): TableColumnType<InvoiceSummary>[] {
  const { small, sort } = options;
  const sorting = columnSorting<InvoiceSummary>(sort);
  const total = totalColumn<InvoiceSummary>(sort);

  if (small) {
    return [
      {
        key: 'number',
        title: 'Nota',
        ...sorting('number'),
        onCell: wrappingCell,
        render: (_value, row) => (
          <Flex vertical gap={2}>
            <Typography.Text strong>
              {row.number === null ? 'Rascunho' : `Nº ${row.number}`} · Série {row.series}
            </Typography.Text>
            <span>{row.recipientName}</span>
            <Typography.Text type="secondary">
              {formatDate(row.issueDate)} · {row.fiscalOperationName}
            </Typography.Text>
          </Flex>
        ),
      },
      totalWithStatusColumn(sort, (row) => (
        <>
          <InvoiceStatusTag status={row.status} />
          {row.status !== 'DRAFT' && <SefazStatusTag status={row.sefazStatus} />}
        </>
      )),
    ];
  }

  return [
    {
      key: 'number',
      title: 'Número',
      width: 100,
      ...sorting('number'),
      onCell: wholeCell,
      render: (_value, row) => <Typography.Text strong>{invoiceNumberText(row)}</Typography.Text>,
    },
    {
      key: 'series',
      title: 'Série',
      width: 70,
      onCell: wholeCell,
      render: (_value, row) => row.series,
    },
    {
      key: 'issueDate',
      title: 'Emissão',
      width: 116,
      ...sorting('issueDate'),
      onCell: wholeCell,
      render: (_value, row) => formatDate(row.issueDate),
    },
    {
      key: 'recipient',
      title: 'Destinatário',
      width: 220,
      onCell: wrappingCell,
      render: (_value, row) => row.recipientName,
    },
    {
      key: 'operation',
      title: 'Natureza',
      width: 180,
      onCell: wrappingCell,
      render: (_value, row) => row.fiscalOperationName,
    },
    {
      key: 'direction',
      title: 'Direção',
      width: 90,
      onCell: wholeCell,
      render: (_value, row) => fiscalDirections[row.direction],
    },
    total,
    {
      key: 'status',
      title: 'Situação',
      width: 120,
      render: (_value, row) => <InvoiceStatusTag status={row.status} />,
    },
    {
      key: 'sefaz',
      title: 'SEFAZ',
      width: 144,
      render: (_value, row) =>
        row.status === 'DRAFT' ? '—' : <SefazStatusTag status={row.sefazStatus} />,
    },
  ];
}
