import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Cancelling an invoice SEFAZ never authorised (NOT_SENT, REJECTED) voids its number at SEFAZ
 * (NFeInutilizacao4): that exchange is kept among the invoice's, as kind VOID, whatever SEFAZ
 * answered (or that it did not), so its page can say why the number is still to be voided.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE invoice_sefaz_events DROP CONSTRAINT invoice_sefaz_events_kind_check;
    ALTER TABLE invoice_sefaz_events ADD CONSTRAINT invoice_sefaz_events_kind_check
      CHECK (kind IN ('AUTHORIZATION', 'RECEIPT', 'QUERY', 'CANCEL', 'CORRECTION', 'VOID'));
  `.execute(db);
}
