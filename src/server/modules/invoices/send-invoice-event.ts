import type { Uf } from '../../../shared/br/states.js';
import type { InvoiceEventKind } from '../../../shared/resources/invoices.js';
import { now } from '../../../shared/clock.js';
import type { Db } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { inTransaction } from '../../platform/transaction.js';
import { companySigningCertificate, getCompany } from '../company/index.js';
import {
  compressExchange,
  failureMessage,
  SefazCallError,
  sefazNotConfigured,
  sendNfeEvent,
  statusMessage,
} from '../nfe/index.js';
import type { InvoiceIssuing } from './invoice-issuing.js';
import { insertSefazEvents } from './invoices.repo.js';

/** What SEFAZ said of an invoice's event, as kept among its events. */
export interface EventOutcome {
  /** The event's cStat, null when no answer came. */
  statusCode: string | null;
  /** The pt-BR message: cstat.json's, or why no answer came. */
  message: string;
  protocol: string | null;
}

/**
 * Phase 2 of an invoice's event (cancellation, carta de correção), outside any transaction: the
 * evento signed with the company's A1 to NFeRecepcaoEvento4; then the exchange kept among the
 * invoice's events in a statement of its own, whatever SEFAZ said (or that it said nothing), so
 * that what SEFAZ registered stays on record even if the caller's phase 3 fails.
 */
export async function sendInvoiceEvent(
  db: Db,
  ctx: AuditContext,
  issuing: InvoiceIssuing,
  event: {
    invoiceId: number;
    kind: InvoiceEventKind;
    accessKey: string;
    /** tpEvento. */
    type: string;
    sequence: number;
    /** detEvento's children after descEvento. */
    detail: string;
  },
): Promise<EventOutcome> {
  const [company, certificate] = await Promise.all([
    getCompany(db),
    companySigningCertificate(db, issuing.certificateKey),
  ]);
  const uf = company.address.state as Uf | null;
  // The A1 removed (or the UF cleared) since the NF-e was authorised: 422 saying which.
  if (!uf || !certificate) throw sefazNotConfigured(uf, certificate);
  const issuer = {
    uf,
    environment: company.nfeEnvironment,
    certificate: {
      privateKeyPem: certificate.privateKeyPem,
      certificatePem: certificate.certificatePem,
    },
  };
  let outcome: EventOutcome;
  let exchange;
  try {
    const sent = await sendNfeEvent(issuing.sefaz, issuer.certificate, {
      uf: issuer.uf,
      environment: issuer.environment,
      // The emitter's CNPJ as the key carries it (cUF 2 + AAMM 4 + CNPJ 14): what SEFAZ compares.
      cnpj: event.accessKey.slice(6, 20),
      accessKey: event.accessKey,
      type: event.type,
      sequence: event.sequence,
      at: now(),
      detail: event.detail,
    });
    exchange = sent.answer;
    outcome = {
      statusCode: sent.statusCode,
      message: statusMessage(sent.statusCode, sent.reason),
      protocol: sent.protocol ?? null,
    };
  } catch (error) {
    if (!(error instanceof SefazCallError)) throw error;
    exchange = error.exchange;
    outcome = {
      statusCode: null,
      message: failureMessage(issuing.sefaz, error.failure),
      protocol: null,
    };
  }
  const compressed = compressExchange(exchange);
  await inTransaction(db, (trx) =>
    insertSefazEvents(trx, [
      {
        invoiceId: event.invoiceId,
        kind: event.kind,
        service: 'NFeRecepcaoEvento4',
        sequence: event.sequence,
        url: compressed.url,
        statusCode: outcome.statusCode,
        message: outcome.message.slice(0, 500),
        protocol: outcome.protocol,
        requestGz: Buffer.from(compressed.request),
        responseGz: compressed.response ? Buffer.from(compressed.response) : null,
        userId: ctx.userId,
      },
    ]),
  );
  return outcome;
}
