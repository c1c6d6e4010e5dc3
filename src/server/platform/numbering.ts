import { sql } from 'kysely';
import type { Trx } from '../db/connection.js';

export interface TakeNumberOptions {
  /**
   * The first number at or after `next` that may be given (an NF-e series skips its voided
   * numbers). When it is another, the sequence moves to it, so the numbers between are skipped
   * for good; without it the sequence is gapless.
   */
  firstUsable?: (next: number) => Promise<number>;
}

/**
 * The next number of a document type (and series), taken inside the document's own transaction
 * (DOMAIN §1: sequential, without gaps, never reused). One statement creates the type's row or
 * increments it: a concurrent creator waits on that row until this transaction ends, then
 * continues from what it committed; a rolled-back creation leaves the row as it was, so its number
 * goes to the next document. The row stays locked until the transaction ends, so take the number
 * late in a creation, after its validations.
 */
export async function takeNumber(
  trx: Trx,
  documentType: string,
  series = '',
  options: TakeNumberOptions = {},
): Promise<number> {
  const { rows } = await sql<{ lastNumber: number }>`
    INSERT INTO document_sequences (document_type, series, last_number)
    VALUES (${documentType}, ${series}, 1)
    ON CONFLICT (document_type, series)
      DO UPDATE SET last_number = document_sequences.last_number + 1
    RETURNING last_number`.execute(trx);
  const next = rows[0]!.lastNumber;
  const usable = options.firstUsable ? await options.firstUsable(next) : next;
  if (usable !== next) {
    await sql`
      UPDATE document_sequences SET last_number = ${usable}
       WHERE document_type = ${documentType} AND series = ${series}`.execute(trx);
  }
  return usable;
}
