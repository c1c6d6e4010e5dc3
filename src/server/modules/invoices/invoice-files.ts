import { ErrorCode, errorMessages } from '../../../shared/error-codes.js';
import { invoiceEventHasProc, invoiceMachine } from '../../../shared/resources/invoices.js';
import type { DbOrTrx } from '../../db/connection.js';
import { ConflictError, NotFoundError } from '../../platform/errors.js';
import type { FileToSend } from '../../platform/file-reply.js';
import { getCompany } from '../company/index.js';
import { decompressXml, eventProcXml, nfeProcXml, renderDanfe } from '../nfe/index.js';
import {
  archiveRowsAfter,
  findInvoiceXml,
  findSefazEvent,
  type ArchiveRow,
} from './invoices.repo.js';
import { xmlArchiveStream } from './xml-archive.js';

/** An issued invoice's files (the signed XML byte for byte, its DANFE) and a period's archive. */

async function issuedXml(db: DbOrTrx, id: number) {
  const row = await findInvoiceXml(db, id);
  if (!row) throw new NotFoundError();
  if (!row.xml || !row.accessKey) {
    // A draft has no NF-e yet: the same 409 as any action its status does not allow.
    throw new ConflictError(
      errorMessages.INVALID_STATUS(invoiceMachine.statuses[row.status]),
      ErrorCode.INVALID_STATUS,
    );
  }
  // Authorised, the NF-e is the nfeProc: the signed NFe and SEFAZ's protNFe (procNFe_v4.00.xsd).
  const authorised = row.sefazStatus === 'AUTHORIZED' && row.protocolXml !== null;
  const xml = authorised ? nfeProcXml(row.xml, row.protocolXml!) : row.xml;
  return { ...row, xml, accessKey: row.accessKey, authorised };
}

/**
 * The NF-e's XML: the nfeProc once authorised (`<key>-procNFe.xml`, what the recipient keeps),
 * else the signed NFe byte for byte as stored (`NFe<key>.xml`).
 */
export async function invoiceXml(db: DbOrTrx, id: number): Promise<FileToSend> {
  const { xml, accessKey, authorised } = await issuedXml(db, id);
  return {
    body: Buffer.from(xml, 'utf8'),
    contentType: 'application/xml; charset=utf-8',
    fileName: authorised ? `${accessKey}-procNFe.xml` : `NFe${accessKey}.xml`,
  };
}

/**
 * A registered cancellation or carta de correção as the issuer keeps it: procEventoNFe (the
 * signed evento as sent, SEFAZ's retEvento as received; procEventoCancNFe / procCCeNFe),
 * `<tpEvento><key><seq>-procEventoNFe.xml`. 404 for an event of another invoice, one SEFAZ did
 * not register, or another kind of exchange.
 */
export async function invoiceEventXml(
  db: DbOrTrx,
  invoiceId: number,
  eventId: number,
): Promise<FileToSend> {
  const event = await findSefazEvent(db, invoiceId, eventId);
  const registered = event && invoiceEventHasProc(event) && event.responseGz !== null;
  const proc = registered
    ? eventProcXml(decompressXml(event.requestGz), decompressXml(event.responseGz!))
    : undefined;
  if (!proc) throw new NotFoundError();
  return {
    body: Buffer.from(proc.xml, 'utf8'),
    contentType: 'application/xml; charset=utf-8',
    fileName: `${proc.id}-procEventoNFe.xml`,
  };
}

/** The DANFE, drawn from the stored XML, marked with where the invoice stands. */
export async function invoiceDanfe(db: DbOrTrx, id: number): Promise<FileToSend> {
  const invoice = await issuedXml(db, id);
  const { nfeEnvironment } = await getCompany(db);
  const body = await renderDanfe(invoice.xml, {
    environment: nfeEnvironment,
    sefazStatus: invoice.sefazStatus,
    cancelled: invoice.status === 'CANCELLED',
  });
  return { body, contentType: 'application/pdf', fileName: `DANFE-${invoice.accessKey}.pdf` };
}

const ARCHIVE_PAGE = 200;

async function* archiveEntries(db: DbOrTrx, period: { from: string; to: string }) {
  let after: ArchiveRow | null = null;
  for (;;) {
    const rows: ArchiveRow[] = await archiveRowsAfter(db, period, after, ARCHIVE_PAGE);
    yield* rows;
    if (rows.length < ARCHIVE_PAGE) return;
    after = rows[rows.length - 1]!;
  }
}

/** "Exportar XMLs": every NF-e issued in the period, cancelled ones too, with an index. */
export function invoiceXmlArchive(db: DbOrTrx, period: { from: string; to: string }): FileToSend {
  return {
    body: xmlArchiveStream(archiveEntries(db, period)),
    contentType: 'application/zip',
    fileName: `notas-fiscais-${period.from}-a-${period.to}.zip`,
  };
}
