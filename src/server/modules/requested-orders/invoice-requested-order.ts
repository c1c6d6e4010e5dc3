import { Decimal } from 'decimal.js';
import { quantityFitsUnit } from '../../../shared/fields.js';
import { messages } from '../../../shared/messages.js';
import {
  formatRequestedOrderNumber,
  type RequestedOrderDetail,
  type RequestedOrderInvoice,
} from '../../../shared/resources/requested-orders.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import type { Db, Trx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { documentAction, moveDocument, type DocumentStep } from '../../platform/document-action.js';
import { BusinessRuleError, ValidationError } from '../../platform/errors.js';
import { createAndSignInvoice, sendToSefaz, type InvoiceIssuing } from '../invoices/index.js';
import { creditGate } from './credit-gate.js';
import { requestedOrderDocument } from './requested-order.document.js';
import { getRequestedOrder } from './requested-orders.read.js';
import {
  findLines,
  findSaleOperation,
  invoiceHeadline,
  invoicedMoney,
  type LineDbRow,
  type LockedOrder,
} from './requested-orders.repo.js';
import { invoicePart, orderMoney } from '../../../shared/requested-order-money.js';

/**
 * "Faturar" (issues 19 and 20). First one transaction of named steps:
 * 0. creditGate — the client's credit checked again as the goods leave (credit-gate.ts);
 * 1. portions — what each line invoices now (asked, or all that is left) and its money: each
 *    line's part of its net and freight (invoicePart), so the order's invoices add up to its total;
 * 2. sign — an OUT invoice written and signed through the invoices module (phase 1 of "Emitir":
 *    number, key, signed and schema-valid XML, ISSUED and SENDING);
 * 3. advance — INVOICED when every line is complete, else PARTIALLY_INVOICED: the lines of an
 *    invoice neither cancelled nor denied count as invoiced from here.
 * Any refusal on the way (incomplete fiscal data, the schema, the credit) rolls all of it back: no
 * number, no invoice. Then, once committed, the invoice goes to SEFAZ (sendToSefaz: never inside
 * the transaction holding the series' number). Authorised, its OUT movements take the order's
 * reserved units from its location and consume those reservations, and the bills to receive are
 * created in the order's terms; denied, the order gets its quantities back (the hook a
 * cancellation uses); rejected or pending, the invoice waits on its own screen.
 */

type Portion = { line: LineDbRow; quantity: string };

function portions(lines: LineDbRow[], asked: RequestedOrderInvoice['lines']): Portion[] {
  const left = (line: LineDbRow) => new Decimal(line.quantity).minus(line.invoicedQuantity);
  if (!asked || asked.length === 0) {
    return lines.flatMap((line) =>
      left(line).greaterThan(0) ? [{ line, quantity: left(line).toFixed(3) }] : [],
    );
  }
  const fields: Record<string, string> = {};
  const byId = new Map(lines.map((line) => [line.id, line]));
  const seen = new Set<number>();
  const result = asked.flatMap(({ lineId, quantity }, index) => {
    const line = byId.get(lineId);
    if (!line) {
      fields[`lines.${index}.lineId`] = messages.errors.lineNotInDocument;
      return [];
    }
    if (seen.has(lineId)) fields[`lines.${index}.lineId`] = messages.purchaseOrders.repeatedLine;
    seen.add(lineId);
    if (!quantityFitsUnit(quantity, line.unitDecimals)) {
      fields[`lines.${index}.quantity`] = messages.tooManyUnitDecimals(line.unitDecimals);
    } else if (new Decimal(quantity).greaterThan(left(line))) {
      fields[`lines.${index}.quantity`] = messages.requestedOrders.overInvoice(
        left(line).toFixed(),
      );
    }
    return [{ line, quantity }];
  });
  if (Object.keys(fields).length) throw new ValidationError(fields);
  return result;
}

/**
 * The natures of the invoice and of each line taken. The order's own, when it has one, for all;
 * else per line by the product: "Venda de produção" (5101) for what the company makes, "Venda de
 * mercadoria" (5102) for what it resells, so one NF-e of a mixed order says both CFOPs. The
 * invoice's own (its natOp) is then the first line's.
 */
async function naturesOf(
  trx: Trx,
  order: LockedOrder,
  taken: Portion[],
): Promise<{ invoice: number; lines: number[] }> {
  if (order.fiscalOperationId !== null) {
    return { invoice: order.fiscalOperationId, lines: taken.map(() => order.fiscalOperationId!) };
  }
  const byCfop = new Map<string, number>();
  for (const cfop of new Set(taken.map(({ line }) => saleCfopOf(line)))) {
    const operation = await findSaleOperation(trx, cfop);
    if (!operation) throw new BusinessRuleError(messages.requestedOrders.noSaleOperation);
    byCfop.set(cfop, operation.id);
  }
  const lines = taken.map(({ line }) => byCfop.get(saleCfopOf(line))!);
  return { invoice: lines[0]!, lines };
}

const saleCfopOf = (line: LineDbRow) => (line.productOrigin === 'MANUFACTURED' ? '5101' : '5102');

async function issue(
  step: DocumentStep<LockedOrder>,
  taken: Portion[],
  lines: LineDbRow[],
  issueDate: string,
  certificateKey: Buffer,
) {
  const order = step.document;
  const money = orderMoney(lines, order.discount, order.freight);
  const previous = await invoicedMoney(step.trx, order.id);
  const natures = await naturesOf(step.trx, order, taken);
  const items = taken.map(({ line, quantity }, index) => {
    const at = lines.indexOf(line);
    const part = invoicePart({
      quantity,
      unitPrice: line.unitPrice,
      lineQuantity: line.quantity,
      lineNet: new Decimal(money.lineTotals[at]!)
        .minus(money.discountShares[at]!)
        .plus(money.freightShares[at]!)
        .toFixed(2),
      lineFreight: money.freightShares[at]!,
      previous: previous.get(line.id) ?? { quantity: '0', net: '0.00', freight: '0.00' },
    });
    return {
      itemId: line.productId,
      quantity,
      unitPrice: line.unitPrice,
      discount: part.discount,
      freight: part.freight,
      requestedOrderItemId: line.id,
      fiscalOperationId: natures.lines[index]!,
    };
  });
  const freighted = items.some((item) => new Decimal(item.freight).greaterThan(0));
  return createAndSignInvoice(
    step.trx,
    step.ctx,
    {
      fiscalOperationId: natures.invoice,
      clientId: order.clientId,
      supplierId: null,
      issueDate,
      series: null,
      locationId: order.locationId,
      // The order's freight charged to the client: CIF, by the issuer.
      freightMode: freighted ? '0' : '9',
      freight: '0.00',
      discount: '0.00',
      paymentMethodId: order.paymentMethodId,
      categoryId: order.categoryId,
      installments: order.installments,
      firstDueInDays: order.firstDueInDays,
      intervalDays: order.intervalDays,
      additionalInfo: `Pedido ${formatRequestedOrderNumber(order.number)}.`,
      referencedKeys: [],
      requestedOrderId: order.id,
      items,
    },
    certificateKey,
  );
}

export async function invoiceRequestedOrder(
  db: Db,
  ctx: AuditContext,
  id: number,
  input: RequestedOrderInvoice,
  issuing: InvoiceIssuing,
): Promise<RequestedOrderDetail> {
  let invoiceId = 0;
  await documentAction(db, ctx, requestedOrderDocument, { id, action: 'invoice' }, async (step) => {
    const lines = await findLines(step.trx, id);
    const taken = portions(lines, input.lines);
    if (taken.length === 0) throw new BusinessRuleError(messages.requestedOrders.nothingToInvoice);
    const released = await creditGate(step.trx, step.document, input);
    invoiceId = await issue(step, taken, lines, todayInSaoPaulo(), issuing.certificateKey);
    const invoice = await invoiceHeadline(step.trx, invoiceId);
    const after = await findLines(step.trx, id);
    const complete = after.every((line) =>
      new Decimal(line.invoicedQuantity).greaterThanOrEqualTo(line.quantity),
    );
    await moveDocument(step, requestedOrderDocument, 'invoice', {
      status: complete ? 'INVOICED' : 'PARTIALLY_INVOICED',
      after: {
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        total: invoice.total,
        ...released,
      },
    });
  });
  await sendToSefaz(db, ctx, invoiceId, issuing);
  return getRequestedOrder(db, id);
}
