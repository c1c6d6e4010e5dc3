import type { Uf } from '../../../shared/br/states.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import type { Db } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { recordAudit } from '../../platform/audit.js';
import { inTransaction } from '../../platform/transaction.js';
import { companySigningCertificate, getCompany } from '../company/index.js';
import {
  ALREADY_VOIDED_SAME_RANGE,
  compressExchange,
  failureMessage,
  SefazCallError,
  statusMessage,
  VOIDED,
  voidNumbersAtSefaz,
  type SefazExchange,
  type VoidAnswer,
} from '../nfe/index.js';
import { invoiceDocument } from './invoice.document.js';
import type { InvoiceIssuing } from './invoice-issuing.js';
import { insertSefazEvents } from './invoices.repo.js';
import { insertVoidedRange, lockSeriesNumbering, overlappingRange } from './voided-numbers.repo.js';

/** The number of an invoice just cancelled, never authorised by SEFAZ. */
export interface CancelledNumber {
  invoiceId: number;
  series: number;
  number: number;
  /** The cancellation's reason (15–255 characters), the voiding's xJust. */
  reason: string;
}

/**
 * Phases 2 and 3 of cancelling an invoice SEFAZ never authorised (NOT_SENT, REJECTED); phase 1,
 * the cancellation in Fabril, has committed and is the intent: from then on the invoice reads as
 * CANCELLED with its number to void (invoices.read.ts derives it: no voided range holds it).
 *
 * 2. NFeInutilizacao4 for that one number, outside any transaction and without the series'
 *    numbering lock: the number is the invoice's, so no issue can take it meanwhile (the lock of
 *    "Inutilizar numeração" guards numbers nobody holds).
 * 3. one transaction keeps the exchange among the invoice's (kind VOID) whatever SEFAZ said, and
 *    only on 102 (voided) or 563 (this same range voided before: an earlier try whose answer was
 *    lost) records the range under the series' lock, unless one already holds it (voided by hand
 *    meanwhile), and audits it on the range and on the invoice.
 *
 * Nothing here refuses the cancellation: a company without its UF, CNPJ or A1 asks nothing, and
 * a refusal or silence leaves the number to void — "Inutilizar numeração" accepts it then
 * (voided-numbers.repo.ts, usedNumbers), and a repeat of the same range is answered 563.
 */
export async function voidCancelledNumber(
  db: Db,
  ctx: AuditContext,
  issuing: InvoiceIssuing,
  cancelled: CancelledNumber,
): Promise<void> {
  const [company, certificate] = await Promise.all([
    getCompany(db),
    companySigningCertificate(db, issuing.certificateKey),
  ]);
  const uf = company.address.state as Uf | null;
  if (!uf || !certificate || !company.cnpj) return;

  let answer: VoidAnswer | undefined;
  let exchange: SefazExchange;
  let failure: string | undefined;
  try {
    answer = await voidNumbersAtSefaz(issuing.sefaz, certificate, {
      uf,
      environment: company.nfeEnvironment,
      cnpj: company.cnpj,
      series: cancelled.series,
      from: cancelled.number,
      to: cancelled.number,
      reason: cancelled.reason,
      year: Number(todayInSaoPaulo().slice(0, 4)),
    });
    exchange = answer.answer;
  } catch (error) {
    if (!(error instanceof SefazCallError)) throw error;
    exchange = error.exchange;
    failure = failureMessage(issuing.sefaz, error.failure);
  }

  const compressed = compressExchange(exchange);
  const voided =
    answer !== undefined &&
    (answer.statusCode === VOIDED || answer.statusCode === ALREADY_VOIDED_SAME_RANGE);
  await inTransaction(db, async (trx) => {
    await insertSefazEvents(trx, [
      {
        invoiceId: cancelled.invoiceId,
        kind: 'VOID',
        service: 'NFeInutilizacao4',
        sequence: null,
        url: compressed.url,
        statusCode: answer?.statusCode ?? null,
        message: (answer ? statusMessage(answer.statusCode, answer.reason) : failure!).slice(
          0,
          500,
        ),
        protocol: answer?.protocol ?? null,
        requestGz: Buffer.from(compressed.request),
        responseGz: compressed.response ? Buffer.from(compressed.response) : null,
        userId: ctx.userId,
      },
    ]);
    if (!voided) return;
    const range = { series: cancelled.series, from: cancelled.number, to: cancelled.number };
    await lockSeriesNumbering(trx, cancelled.series);
    if (await overlappingRange(trx, range)) return;
    const protocol = answer!.protocol ?? null;
    const id = await insertVoidedRange(trx, {
      series: range.series,
      numberFrom: range.from,
      numberTo: range.to,
      reason: cancelled.reason,
      protocol,
      voidedAt: answer!.receivedAt ?? new Date(),
      requestGz: Buffer.from(compressed.request),
      responseGz: Buffer.from(compressed.response!),
      createdBy: ctx.userId,
    });
    await recordAudit(trx, ctx, {
      entity: 'nfeVoidedNumbers',
      entityId: id,
      action: 'create',
      after: { ...range, reason: cancelled.reason, protocol, statusCode: answer!.statusCode },
    });
    await recordAudit(trx, ctx, {
      entity: invoiceDocument.entity,
      entityId: cancelled.invoiceId,
      action: 'voidNumber',
      after: { number: cancelled.number, protocol },
    });
  });
}
