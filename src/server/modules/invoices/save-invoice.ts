import { Decimal } from 'decimal.js';
import { quantityFitsUnit } from '../../../shared/fields.js';
import { invoiceFigures, type TaxRegime } from '../../../shared/invoice-taxes.js';
import { messages } from '../../../shared/messages.js';
import type {
  InvoiceCreate,
  InvoiceDetail,
  InvoiceUpdate,
} from '../../../shared/resources/invoices.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import {
  auditCreated,
  deleteDocument,
  documentAction,
  saveDocument,
} from '../../platform/document-action.js';
import { ValidationError } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import { getCompany } from '../company/index.js';
import { referenceErrors } from '../master-data/index.js';
import { invoiceDocument } from './invoice.document.js';
import { getInvoice } from './invoices.read.js';
import {
  findFiscalOperations,
  findInvoiceableItems,
  findInvoiceLines,
  findRecipient,
  insertInvoice,
  invoiceLines,
  type FiscalOperationRow,
  type LockedInvoice,
} from './invoices.repo.js';
import { guardSefaz } from './sefaz-guard.js';

/**
 * Notas Fiscais: a new DRAFT, the edit of a DRAFT, its deletion. Each save reads the items, the
 * nature of operation, the recipient and the company again and writes the lines as the NF-e will
 * say them: description, NCM, CEST, origin and unit from the item, the CFOP by the recipient's UF
 * against the company's, and the money and taxes of invoice-taxes.ts. What the NF-e needs and is
 * still missing (an NCM, a municipality) does not stop a save: issuing lists it.
 */

export type InvoiceInput = Omit<InvoiceCreate, 'items'> & {
  /** The sales order it invoices (an invoice made by "Faturar"). */
  requestedOrderId?: number | null;
  items: {
    id?: number | null;
    itemId: number;
    description?: string | null;
    quantity: string;
    unitPrice?: string | null;
    /** The line's own discount and freight (a sales order's part); else its share of the header's. */
    discount?: string;
    freight?: string;
    requestedOrderItemId?: number | null;
    /** The line's own nature of operation (a sales order mixing natures); else the invoice's. */
    fiscalOperationId?: number | null;
  }[];
};

/** The nature of operation's tax rule, as invoice-taxes.ts reads it. */
export function taxRuleOf(operation: FiscalOperationRow) {
  return {
    icmsCsosn: operation.icmsCsosn,
    icmsCst: operation.icmsCst,
    icmsRate: operation.icmsRate,
    ipiCst: operation.ipiCst,
    ipiRate: operation.ipiRate,
    pisCst: operation.pisCst,
    pisRate: operation.pisRate,
    cofinsCst: operation.cofinsCst,
    cofinsRate: operation.cofinsRate,
    ibsCbsEnabled: operation.ibsCbsEnabled,
    cClassTrib: operation.cClassTrib,
    ibsStateRate: operation.ibsStateRate,
    ibsCityRate: operation.ibsCityRate,
    cbsRate: operation.cbsRate,
  };
}

/**
 * Checks the header's references and the lines' items (every wrong field at once, 400) and
 * answers the header's values and the lines as they are stored.
 */
export async function priceInvoice(trx: Trx, input: InvoiceInput) {
  const lineOperationIds = input.items.map(
    (line) => line.fiscalOperationId ?? input.fiscalOperationId,
  );
  const [operations, company, recipient, items] = await Promise.all([
    findFiscalOperations(trx, [input.fiscalOperationId, ...lineOperationIds]),
    getCompany(trx),
    findRecipient(trx, input),
    findInvoiceableItems(
      trx,
      input.items.map((line) => line.itemId),
    ),
  ]);
  const operation = operations.get(input.fiscalOperationId);
  // Money comes in on an OUT invoice (a sale: income, receivables) and goes out on an IN one.
  const moneyDirection = operation?.direction === 'IN' ? 'OUT' : 'IN';
  const fields = await referenceErrors(
    trx,
    {
      clientId: input.clientId,
      supplierId: input.supplierId,
      locationId: input.locationId,
      paymentMethodId: input.paymentMethodId,
      categoryId: input.categoryId,
    },
    moneyDirection,
  );
  if (!operation) fields.fiscalOperationId = messages.finance.notFound;
  else if (!operation.active) fields.fiscalOperationId = messages.finance.inactive;
  if (operation?.movesStock && input.locationId === null) {
    fields.locationId = messages.invoices.needsLocation;
  }
  if (operation?.createsBills && input.categoryId === null) {
    fields.categoryId = messages.invoices.needsCategory;
  }

  const interstate =
    !!recipient?.address.state && recipient.address.state !== company.address.state;
  const cfopOf = (nature: FiscalOperationRow) =>
    interstate ? nature.cfopOutOfState : nature.cfopInState;
  const priced = input.items.map((line, index) => {
    const at = `items.${index}`;
    const nature = operations.get(lineOperationIds[index]!);
    if (nature && operation && nature.id !== operation.id && !agrees(nature, operation)) {
      fields[`${at}.fiscalOperationId`] = messages.invoices.lineOperationDisagrees;
    } else if (nature && !nature.active) {
      fields[`${at}.fiscalOperationId`] = messages.finance.inactive;
    } else if (!nature && operation) {
      fields[`${at}.fiscalOperationId`] = messages.finance.notFound;
    }
    const item = items.get(line.itemId);
    if (!item) fields[`${at}.itemId`] = messages.finance.notFound;
    else if (!item.active) fields[`${at}.itemId`] = messages.purchaseOrders.inactiveItem;
    else if (!quantityFitsUnit(line.quantity, item.unitDecimals)) {
      fields[`${at}.quantity`] = messages.tooManyUnitDecimals(item.unitDecimals);
    }
    const unitPrice = line.unitPrice ?? item?.salePrice ?? null;
    if (item && unitPrice === null) fields[`${at}.unitPrice`] = messages.invoices.noPrice;
    return {
      id: line.id ?? null,
      item,
      description: line.description ?? item?.name ?? '',
      quantity: line.quantity,
      unitPrice: new Decimal(unitPrice ?? 0).toFixed(2),
      discount: line.discount,
      freight: line.freight,
      requestedOrderItemId: line.requestedOrderItemId ?? null,
      nature,
      rule: nature ? taxRuleOf(nature) : undefined,
    };
  });

  const figures = invoiceFigures({
    taxRegime: company.taxRegime as TaxRegime,
    rule: operation ? taxRuleOf(operation) : emptyRule,
    discount: input.discount,
    freight: input.freight,
    lines: priced,
  });
  if (new Decimal(figures.totals.discount).greaterThan(figures.totals.productsTotal)) {
    fields.discount = messages.invoices.discountTooLarge;
  }
  if (Object.keys(fields).length || !operation) throw new ValidationError(fields);

  const lines = priced.map((line, index) => {
    const { icms, ipi, pis, cofins, ibsCbs, ...money } = figures.lines[index]!;
    const nature = line.nature!;
    return {
      id: line.id,
      itemId: line.item!.id,
      description: line.description,
      ncm: line.item!.ncm,
      cest: line.item!.cest,
      cfop: cfopOf(nature),
      taxOrigin: line.item!.taxOrigin,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      ...money,
      taxes: JSON.stringify({ icms, ipi, pis, cofins, ibsCbs }),
      requestedOrderItemId: line.requestedOrderItemId,
      fiscalOperationId: nature.id,
    };
  });
  const header = {
    fiscalOperationId: operation.id,
    direction: operation.direction,
    purpose: operation.purpose,
    issueDate: input.issueDate,
    clientId: input.clientId,
    supplierId: input.supplierId,
    series: input.series ?? company.invoiceSeries,
    locationId: input.locationId,
    paymentMethodId: input.paymentMethodId,
    categoryId: input.categoryId,
    installments: input.installments,
    firstDueInDays: input.firstDueInDays,
    intervalDays: input.intervalDays,
    freightMode: input.freightMode,
    freight: figures.totals.freight,
    discount: figures.totals.discount,
    requestedOrderId: input.requestedOrderId ?? null,
    additionalInfo: input.additionalInfo ?? operation.additionalInfo ?? null,
    referencedKeys: input.referencedKeys,
    totals: JSON.stringify(figures.totals),
    total: figures.totals.total,
  };
  return { header, lines };
}

/**
 * A line's own nature may differ from the invoice's only in its CFOP and taxes: the invoice's
 * direction, purpose, stock and bills are one for all its lines.
 */
function agrees(line: FiscalOperationRow, invoice: FiscalOperationRow): boolean {
  return (
    line.direction === invoice.direction &&
    line.purpose === invoice.purpose &&
    line.movesStock === invoice.movesStock &&
    line.createsBills === invoice.createsBills
  );
}

/** A rule that taxes nothing, for figuring lines while the operation itself is refused. */
const emptyRule = {
  icmsCsosn: '102',
  icmsCst: '00',
  icmsRate: '0',
  ipiCst: null,
  ipiRate: '0',
  pisCst: '49',
  pisRate: '0',
  cofinsCst: '49',
  cofinsRate: '0',
  ibsCbsEnabled: false,
  cClassTrib: null,
  ibsStateRate: '0',
  ibsCityRate: '0',
  cbsRate: '0',
};

/** POST: a new DRAFT (lines with an `id` are refused: there is no line yet). */
export function createInvoice(
  db: DbOrTrx,
  ctx: AuditContext,
  input: InvoiceCreate,
): Promise<InvoiceDetail> {
  return inTransaction(db, async (trx) => {
    const fields: Record<string, string> = {};
    input.items.forEach((line, index) => {
      if (line.id) fields[`items.${index}.id`] = messages.errors.lineNotInDocument;
    });
    if (Object.keys(fields).length) throw new ValidationError(fields);
    return getInvoice(trx, await insertPricedInvoice(trx, ctx, input));
  });
}

/** A new DRAFT priced and written, audited, in the caller's transaction; answers its id. */
export async function insertPricedInvoice(
  trx: Trx,
  ctx: AuditContext,
  input: InvoiceInput,
): Promise<number> {
  const { header, lines } = await priceInvoice(trx, input);
  const id = await insertInvoice(
    trx,
    { ...header, createdBy: ctx.userId, updatedBy: ctx.userId },
    lines.map(({ id: _id, ...line }) => line),
  );
  await auditCreated(trx, ctx, invoiceDocument, id);
  return id;
}

/**
 * PUT: a DRAFT, or an invoice SEFAZ rejected (to be transmitted again), with the version read;
 * lines replaced by id. A rejected one keeps what its number binds it to: its series, and the
 * sales order it invoices with each kept line's link and share of the order's discount and
 * freight.
 */
export function updateInvoice(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
  input: InvoiceUpdate,
): Promise<InvoiceDetail> {
  const target = { id, action: 'edit' as const, version: input.version };
  return documentAction(db, ctx, invoiceDocument, target, async (step) => {
    guardSefaz(step.document, 'edit');
    const stored = step.document;
    const kept = stored.status === 'DRAFT' ? input : await keepBindings(step.trx, stored, input);
    const { header, lines } = await priceInvoice(step.trx, kept);
    await saveDocument(step, invoiceDocument, header, [{ lines: invoiceLines, inputs: lines }]);
  });
}

async function keepBindings(
  trx: Trx,
  stored: LockedInvoice,
  input: InvoiceUpdate,
): Promise<InvoiceInput> {
  const storedLines = new Map(
    (await findInvoiceLines(trx, stored.id)).map((line) => [line.id, line]),
  );
  return {
    ...input,
    series: stored.series,
    requestedOrderId: stored.requestedOrderId,
    items: input.items.map((line) => {
      const was = line.id ? storedLines.get(line.id) : undefined;
      if (!was || stored.requestedOrderId === null) return line;
      return {
        ...line,
        requestedOrderItemId: was.requestedOrderItemId,
        discount: was.discount,
        freight: was.freight,
      };
    }),
  };
}

/** DELETE: only a DRAFT (an issued invoice is cancelled, never deleted); its lines go with it. */
export function deleteInvoice(db: DbOrTrx, ctx: AuditContext, id: number): Promise<void> {
  return deleteDocument(db, ctx, invoiceDocument, id);
}
