import { formatDecimal } from '../../../shared/money.js';
import {
  invoiceFigures,
  type InvoiceLineFigures,
  type InvoiceTaxRule,
  type InvoiceTotals,
  type TaxRegime,
} from '../../../shared/invoice-taxes.js';
import type {
  FreightMode,
  InvoiceCreateInput,
  InvoiceDetail,
} from '../../../shared/resources/invoices.js';
import {
  billingTermsInput,
  billingTermsValues,
  NEW_BILLING_TERMS,
  type BillingTermsValues,
} from '../../components/billing-terms.js';
import { lineAmount, quantityText } from '../../components/line-table-values.js';
import { typedMoneyToDecimal } from '../../components/money-text.js';
import { typedQuantityToDecimal } from '../../components/quantity-text.js';

/**
 * An invoice as its form holds it: money and quantities as typed in pt-BR ("1.234,50"), dates
 * `YYYY-MM-DD`, the recipient as its kind and the id of each kind (the other kind's is kept while
 * the user switches, and not sent), each line with its id (so a save keeps it).
 */
export interface InvoiceFormLine {
  id?: number;
  itemId?: number;
  description?: string;
  quantity?: string;
  unitPrice?: string;
}

export type RecipientKind = 'client' | 'supplier';

export interface InvoiceFormValues extends BillingTermsValues {
  fiscalOperationId?: number;
  recipientKind?: RecipientKind;
  clientId?: number | null;
  supplierId?: number | null;
  issueDate?: string;
  series?: number | null;
  locationId?: number | null;
  freightMode?: FreightMode;
  categoryId?: number | null;
  referencedKeys?: string[];
  additionalInfo?: string;
  items?: InvoiceFormLine[];
}

/** A money amount as the form shows it ("1234.5" → "1.234,50"). */
const moneyText = (value: string | null | undefined) =>
  value === null || value === undefined ? '' : formatDecimal(value, 2);

/** A saved invoice as the form shows it. */
export function invoiceFormValues(invoice: InvoiceDetail): InvoiceFormValues {
  return {
    fiscalOperationId: invoice.fiscalOperationId,
    recipientKind: invoice.supplierId !== null ? 'supplier' : 'client',
    clientId: invoice.clientId,
    supplierId: invoice.supplierId,
    issueDate: invoice.issueDate,
    series: invoice.series,
    locationId: invoice.locationId,
    freightMode: invoice.freightMode,
    ...billingTermsValues(invoice),
    categoryId: invoice.categoryId,
    referencedKeys: [...invoice.referencedKeys],
    additionalInfo: invoice.additionalInfo ?? '',
    items: invoice.items.map((line) => ({
      id: line.id,
      itemId: line.itemId,
      description: line.description,
      quantity: quantityText(line.quantity),
      unitPrice: moneyText(line.unitPrice),
    })),
  };
}

/**
 * A new invoice: today, to a client, the company's series, the default location, no freight
 * (modFrete 9), 1 installment 30 days on.
 */
export function newInvoiceValues(defaults: {
  today: string;
  locationId?: number | null;
}): InvoiceFormValues {
  return {
    fiscalOperationId: undefined,
    recipientKind: 'client',
    clientId: null,
    supplierId: null,
    issueDate: defaults.today,
    series: null,
    locationId: defaults.locationId ?? null,
    freightMode: '9',
    ...NEW_BILLING_TERMS,
    categoryId: null,
    referencedKeys: [],
    additionalInfo: '',
    items: [{}],
  };
}

const orNull = <T>(value: T | undefined | null): T | null => (value === undefined ? null : value);
const typed = (value: string | undefined, toDecimal: (text: string) => string | undefined) =>
  value === undefined ? undefined : toDecimal(value);

/**
 * The body of POST (and, with the version read, of PUT): only the chosen kind's recipient, the
 * referenced keys only for a devolução (`returning`) and without the blank rows, blank freight and
 * discount as zero, a blank series as the company's.
 */
export function toInvoiceInput(
  values: InvoiceFormValues,
  options: { returning: boolean },
): InvoiceCreateInput {
  const toSupplier = values.recipientKind === 'supplier';
  return {
    fiscalOperationId: values.fiscalOperationId,
    clientId: toSupplier ? null : orNull(values.clientId),
    supplierId: toSupplier ? orNull(values.supplierId) : null,
    issueDate: values.issueDate,
    series: orNull(values.series),
    locationId: orNull(values.locationId),
    freightMode: values.freightMode ?? '9',
    ...billingTermsInput(values),
    categoryId: orNull(values.categoryId),
    additionalInfo: values.additionalInfo ?? '',
    referencedKeys: options.returning
      ? (values.referencedKeys ?? []).map((key) => key?.trim() ?? '').filter((key) => key !== '')
      : [],
    items: (values.items ?? []).map((line) => ({
      ...(line.id === undefined ? {} : { id: line.id }),
      itemId: line.itemId,
      description: line.description ?? '',
      // Blank is sent blank: the API's "Preenchimento obrigatório", as for a key left out.
      quantity: typed(line.quantity, typedQuantityToDecimal) ?? '',
      unitPrice: typed(line.unitPrice, typedMoneyToDecimal) ?? null,
    })),
  };
}

/** What a nature of operation tells the form: its direction, purpose and tax rule. */
export type FiscalOperationRule = InvoiceTaxRule & {
  direction: 'OUT' | 'IN';
  purpose: 'NORMAL' | 'RETURN';
  movesStock: boolean;
  createsBills: boolean;
};

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;

/** A nature of operation as the API answers it (a resource row) → what the form uses of it. */
export function fiscalOperationRule(row: Record<string, unknown>): FiscalOperationRule {
  return {
    direction: row.direction === 'IN' ? 'IN' : 'OUT',
    purpose: row.purpose === 'RETURN' ? 'RETURN' : 'NORMAL',
    movesStock: row.movesStock !== false,
    createsBills: row.createsBills !== false,
    icmsCsosn: text(row.icmsCsosn, '102'),
    icmsCst: text(row.icmsCst, '00'),
    icmsRate: text(row.icmsRate, '0'),
    ipiCst: typeof row.ipiCst === 'string' && row.ipiCst !== '' ? row.ipiCst : null,
    ipiRate: text(row.ipiRate, '0'),
    pisCst: text(row.pisCst, '01'),
    pisRate: text(row.pisRate, '0'),
    cofinsCst: text(row.cofinsCst, '01'),
    cofinsRate: text(row.cofinsRate, '0'),
    ibsCbsEnabled: row.ibsCbsEnabled === true,
    cClassTrib: typeof row.cClassTrib === 'string' ? row.cClassTrib : null,
    ibsStateRate: text(row.ibsStateRate, '0'),
    ibsCityRate: text(row.ibsCityRate, '0'),
    cbsRate: text(row.cbsRate, '0'),
  };
}

/** No tax at all: the preview's rule while the nature of operation or the regime is unknown. */
const untaxed: InvoiceTaxRule = {
  icmsCsosn: '102',
  icmsCst: '41',
  icmsRate: '0',
  ipiCst: null,
  ipiRate: '0',
  pisCst: '07',
  pisRate: '0',
  cofinsCst: '07',
  cofinsRate: '0',
  ibsCbsEnabled: false,
  cClassTrib: null,
  ibsStateRate: '0',
  ibsCityRate: '0',
  cbsRate: '0',
};

export interface InvoicePreview {
  /** Per form line its figures, or null while its quantity or price is no number yet. */
  lines: (InvoiceLineFigures | null)[];
  totals: InvoiceTotals;
  /** Whether the taxes are computed (the nature of operation and the company's regime known). */
  taxed: boolean;
}

const amountOf = (value: string | undefined, toDecimal: (text: string) => string | undefined) => {
  const parsed = lineAmount(value === undefined ? undefined : toDecimal(value));
  return parsed && !parsed.isNegative() ? parsed : null;
};

/** A header amount as typed; what is no amount counts as zero. */
const headerAmount = (value: string | undefined) =>
  amountOf(value, typedMoneyToDecimal)?.toFixed() ?? '0';

/**
 * The invoice's figures as typed (invoice-taxes.ts, the server's own rules): each line's vProd,
 * its share of the discount and freight, its taxes and total, and the invoice's totals. A line
 * whose quantity or price is no number yet counts as zero. Without the nature of operation's rule
 * or the company's regime (`tax` null) only vProd, discount and freight are known.
 */
export function invoicePreview(
  values: InvoiceFormValues | undefined,
  tax: { rule: InvoiceTaxRule; taxRegime: TaxRegime } | null,
): InvoicePreview {
  const lines = (values?.items ?? []).map((line) => {
    const quantity = amountOf(line?.quantity, typedQuantityToDecimal);
    const unitPrice = amountOf(line?.unitPrice, typedMoneyToDecimal);
    return quantity && unitPrice
      ? { quantity: quantity.toFixed(), unitPrice: unitPrice.toFixed() }
      : null;
  });
  const figures = invoiceFigures({
    taxRegime: tax?.taxRegime ?? 1,
    rule: tax?.rule ?? untaxed,
    discount: headerAmount(values?.discount),
    freight: headerAmount(values?.freight),
    lines: lines.map((line) => line ?? { quantity: '0', unitPrice: '0' }),
  });
  return {
    lines: figures.lines.map((figure, index) => (lines[index] ? figure : null)),
    totals: figures.totals,
    taxed: tax !== null,
  };
}
