import { ErrorCode } from '../../../shared/error-codes.js';
import { messages } from '../../../shared/messages.js';
import type {
  NfeVoidedListQuery,
  NfeVoidedPage,
  NfeVoidedRange,
  NfeVoidNumbers,
} from '../../../shared/resources/nfe-voided-numbers.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import type { Db, DbOrTrx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { recordAudit } from '../../platform/audit.js';
import { AppError, BusinessRuleError } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import { companySigningCertificate, getCompany } from '../company/index.js';
import {
  ALREADY_VOIDED_SAME_RANGE,
  compressExchange,
  failureMessage,
  SefazCallError,
  sefazNotConfigured,
  statusMessage,
  VOIDED,
  voidNumbersAtSefaz,
  type ClientCertificate,
  type SefazSettings,
  type VoidAnswer,
  type VoidRange,
} from '../nfe/index.js';
import {
  findVoidedRange,
  insertVoidedRange,
  listVoidedRanges,
  lockSeriesNumbering,
  overlappingRange,
  usedNumbers,
  type VoidedRangeRow,
} from './voided-numbers.repo.js';

/** How many of the used numbers the refusal names (the rest are counted). */
const NAMED_NUMBERS = 5;

/**
 * "Inutilizar numeração" (issue 20): numbers of a series that no invoice holds — a gap below the
 * last number, or numbers above it that the series will then skip — voided at SEFAZ
 * (NFeInutilizacao4) and recorded. One transaction, under the series' numbering lock
 * (lockSeriesNumbering) from the checks to the record, SEFAZ's answer included: no issue of the
 * series can take a number of the range meanwhile. That holds the series' issues for as long as
 * SEFAZ takes to answer (NFE_TIMEOUT_S at most); voiding is rare, a wrong voiding is not undone.
 *
 * - a number held by an invoice (draft with a number, issued, cancelled, denied): 422 naming it,
 *   unless that invoice was cancelled before SEFAZ authorised it (NOT_SENT, REJECTED): its number
 *   is one to void (void-cancelled-number.ts tries when cancelling);
 * - a range overlapping a voided one: 422 naming it (the exclusion constraint backs this up);
 * - 102, or 563 (this same range voided before: a repeat whose first answer was lost): recorded
 *   with its protocol (none on a 563), date and the exchange compressed;
 * - any other cStat: 422 with SEFAZ's message in pt-BR, nothing recorded;
 * - no answer (time-out, unreachable, refused): 502, nothing recorded. SEFAZ may have voided the
 *   range, but a voiding is safe to repeat: the same range again is answered 563 and recorded.
 */
export function voidInvoiceNumbers(
  db: Db,
  ctx: AuditContext,
  input: NfeVoidNumbers,
  certificateKey: Buffer,
  settings: SefazSettings,
): Promise<NfeVoidedRange> {
  return inTransaction(db, async (trx) => {
    const [company, certificate] = await Promise.all([
      getCompany(trx),
      companySigningCertificate(trx, certificateKey),
    ]);
    const uf = company.address.state;
    if (!uf || !certificate) throw sefazNotConfigured(uf, certificate);
    if (!company.cnpj) {
      throw new BusinessRuleError({
        code: ErrorCode.SEFAZ_NOT_CONFIGURED,
        message: messages.voidNumbers.noCnpj,
      });
    }

    await lockSeriesNumbering(trx, input.series);
    await checkNeverUsed(trx, input);

    const sent = await ask(settings, certificate, {
      uf,
      environment: company.nfeEnvironment,
      cnpj: company.cnpj,
      series: input.series,
      from: input.from,
      to: input.to,
      reason: input.reason,
      year: Number(todayInSaoPaulo().slice(0, 4)),
    });
    if (sent.statusCode !== VOIDED && sent.statusCode !== ALREADY_VOIDED_SAME_RANGE) {
      throw new BusinessRuleError({
        code: ErrorCode.SEFAZ_REJECTED,
        message: messages.voidNumbers.rejected(
          sent.statusCode,
          statusMessage(sent.statusCode, sent.reason),
        ),
      });
    }
    const exchange = compressExchange(sent.answer);
    const id = await insertVoidedRange(trx, {
      series: input.series,
      numberFrom: input.from,
      numberTo: input.to,
      reason: input.reason,
      protocol: sent.protocol ?? null,
      voidedAt: sent.receivedAt ?? new Date(),
      requestGz: Buffer.from(exchange.request),
      responseGz: Buffer.from(exchange.response!),
      createdBy: ctx.userId,
    });
    const recorded = await findVoidedRange(trx, id);
    await recordAudit(trx, ctx, {
      entity: 'nfeVoidedNumbers',
      entityId: id,
      action: 'create',
      after: {
        series: input.series,
        from: input.from,
        to: input.to,
        reason: input.reason,
        protocol: recorded.protocol,
        statusCode: sent.statusCode,
      },
    });
    return voidedRangeView(recorded);
  });
}

async function checkNeverUsed(trx: DbOrTrx, range: NfeVoidNumbers): Promise<void> {
  const used = await usedNumbers(trx, range, NAMED_NUMBERS);
  if (used.count > 0) {
    throw new BusinessRuleError({
      code: ErrorCode.NUMBER_IN_USE,
      message: messages.voidNumbers.used(
        range.series,
        used.numbers,
        used.count - used.numbers.length,
      ),
      details: used.numbers.map((number) => ({ number })),
    });
  }
  const overlap = await overlappingRange(trx, range);
  if (overlap) {
    throw new BusinessRuleError({
      code: ErrorCode.ALREADY_VOIDED,
      message: messages.voidNumbers.overlaps(range.series, overlap.from, overlap.to),
    });
  }
}

/** NFeInutilizacao4, a failure to answer as a 502 that says what to do. */
async function ask(
  settings: SefazSettings,
  certificate: ClientCertificate,
  range: VoidRange,
): Promise<VoidAnswer> {
  try {
    return await voidNumbersAtSefaz(settings, certificate, range);
  } catch (error) {
    if (!(error instanceof SefazCallError)) throw error;
    throw new AppError(
      502,
      ErrorCode.SEFAZ_NO_ANSWER,
      messages.voidNumbers.noAnswer(failureMessage(settings, error.failure)),
    );
  }
}

function voidedRangeView(row: VoidedRangeRow): NfeVoidedRange {
  return {
    id: row.id,
    series: row.series,
    from: row.from,
    to: row.to,
    reason: row.reason,
    protocol: row.protocol,
    voidedAt: row.voidedAt.toISOString(),
    createdByName: row.createdByName,
  };
}

export async function listVoidedNumbers(
  db: DbOrTrx,
  query: NfeVoidedListQuery,
): Promise<NfeVoidedPage> {
  const { rows, count } = await listVoidedRanges(db, query);
  return {
    items: rows.map(voidedRangeView),
    total: count,
    page: query.page,
    pageSize: query.pageSize,
  };
}
