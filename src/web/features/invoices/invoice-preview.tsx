import { Flex, Form, Typography } from 'antd';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type {
  InvoiceLineFigures,
  InvoiceTaxRule,
  TaxRegime,
} from '../../../shared/invoice-taxes.js';
import { formatBRL } from '../../../shared/money.js';
import { invoicePreview, type InvoiceFormValues, type InvoicePreview } from './invoice-form.js';

const PreviewContext = createContext<InvoicePreview | null>(null);

/**
 * The invoice's figures as typed, computed once per change of the form for every cell and total
 * that shows them (invoice-form.ts `invoicePreview`); only they render again as the user types.
 */
export function InvoicePreviewProvider({
  tax,
  children,
}: {
  tax: { rule: InvoiceTaxRule; taxRegime: TaxRegime } | null;
  children: ReactNode;
}) {
  const form = Form.useFormInstance<InvoiceFormValues>();
  const values = Form.useWatch([], form) as InvoiceFormValues | undefined;
  const preview = useMemo(() => invoicePreview(values, tax), [values, tax]);
  return <PreviewContext.Provider value={preview}>{children}</PreviewContext.Provider>;
}

const usePreview = () => useContext(PreviewContext);

/** One computed cell of a line: vProd, its discount and freight shares, ICMS, IPI or total. */
export function LineFigure({
  index,
  pick,
  taxed = false,
  testId,
}: {
  index: number;
  pick: (line: InvoiceLineFigures) => string | undefined;
  /** A tax: unknown ("—") while the nature of operation or the regime is. */
  taxed?: boolean;
  testId: string;
}) {
  const preview = usePreview();
  const line = preview?.lines[index];
  const value = line && (!taxed || preview?.taxed) ? pick(line) : undefined;
  return (
    <span data-testid={`${testId}-${index}`} style={{ whiteSpace: 'nowrap' }}>
      {value === undefined ? '—' : formatBRL(value)}
    </span>
  );
}

/**
 * Under the lines: what the invoice adds up to (products, discount, freight, the ICMS base and
 * each tax, the invoice's total), as the server will compute it when saving.
 */
export function InvoiceTotalsPreview() {
  const preview = usePreview();
  if (!preview) return null;
  const { totals, taxed } = preview;
  const part = (label: string, value: string, key: string, tax = false, minus = false) => (
    <Flex vertical align="flex-end" data-testid={`total-${key}`} key={key}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text style={{ whiteSpace: 'nowrap' }}>
        {tax && !taxed ? '—' : `${minus ? '− ' : ''}${formatBRL(value)}`}
      </Typography.Text>
    </Flex>
  );
  return (
    <Flex vertical gap={8}>
      <Flex gap={20} wrap justify="flex-end" data-testid="invoice-totals-preview">
        {part('Produtos', totals.productsTotal, 'products')}
        {part('Desconto', totals.discount, 'discount', false, true)}
        {part('Frete', totals.freight, 'freight')}
        {part('Base ICMS', totals.icmsBase, 'icms-base', true)}
        {part('ICMS', totals.icmsTotal, 'icms', true)}
        {part('IPI', totals.ipiTotal, 'ipi', true)}
        {part('PIS', totals.pisTotal, 'pis', true)}
        {part('COFINS', totals.cofinsTotal, 'cofins', true)}
        {part('IBS', totals.ibsTotal, 'ibs', true)}
        {part('CBS', totals.cbsTotal, 'cbs', true)}
        <Flex vertical align="flex-end" data-testid="total-invoice">
          <Typography.Text type="secondary">Total da nota</Typography.Text>
          <Typography.Text strong style={{ fontSize: 20, whiteSpace: 'nowrap' }}>
            {taxed ? formatBRL(totals.total) : '—'}
          </Typography.Text>
        </Flex>
      </Flex>
      <Typography.Text type="secondary" style={{ textAlign: 'right' }}>
        {taxed
          ? 'Impostos calculados pela natureza de operação; confirmados ao salvar.'
          : 'Escolha a natureza de operação para ver os impostos; eles são calculados ao salvar.'}
      </Typography.Text>
    </Flex>
  );
}
