import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Issue = sign + transmit (issue 20). The invoice gains:
 * - status DENIED (110/301/302: the number is spent, the invoice unusable);
 * - sefaz_status SENDING (the batch is on its way: phase 2 of issue-invoice.ts) beside the others;
 * - what SEFAZ last said of it (code, pt-BR message), when it was sent, and once AUTHORIZED its
 *   protocol, the time of authorisation and the protNFe as it came (the nfeProc is NFe + that).
 * invoice_sefaz_events keeps every exchange with SEFAZ per invoice (request and answer gzipped):
 * the authorisation, its polls, the queries; the cancel (110111) and carta de correção (110110)
 * events fit the same row (type, sequence, protocol, the event's own XML kept in the answer).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE invoices DROP CONSTRAINT invoices_status_check;
    ALTER TABLE invoices ADD CONSTRAINT invoices_status_check
      CHECK (status IN ('DRAFT', 'ISSUED', 'DENIED', 'CANCELLED'));
    ALTER TABLE invoices DROP CONSTRAINT invoices_sefaz_status_check;
    ALTER TABLE invoices ADD CONSTRAINT invoices_sefaz_status_check
      CHECK (sefaz_status IN ('NOT_SENT', 'SENDING', 'PENDING', 'AUTHORIZED', 'REJECTED', 'DENIED'));
    ALTER TABLE invoices
      ADD COLUMN sefaz_sent_at timestamptz,
      ADD COLUMN sefaz_code varchar(3),
      ADD COLUMN sefaz_message varchar(500),
      ADD COLUMN protocol varchar(20),
      ADD COLUMN authorized_at timestamptz,
      ADD COLUMN protocol_xml text,
      ADD CONSTRAINT invoices_authorized_check
        CHECK (sefaz_status <> 'AUTHORIZED' OR (protocol IS NOT NULL AND protocol_xml IS NOT NULL));
    -- "Consultar" finds what was left on its way by a crash (SENDING for too long).
    CREATE INDEX invoices_in_flight_idx ON invoices (sefaz_sent_at)
      WHERE sefaz_status IN ('SENDING', 'PENDING');

    CREATE TABLE invoice_sefaz_events (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      invoice_id integer NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
      -- AUTHORIZATION (NFeAutorizacao4), RECEIPT (NFeRetAutorizacao4), QUERY
      -- (NFeConsultaProtocolo4); CANCEL (110111) and CORRECTION (110110) next.
      kind varchar(20) NOT NULL
        CHECK (kind IN ('AUTHORIZATION', 'RECEIPT', 'QUERY', 'CANCEL', 'CORRECTION')),
      service varchar(40) NOT NULL,
      -- An event's nSeqEvento (the carta de correção's count per invoice); null otherwise.
      sequence integer CHECK (sequence BETWEEN 1 AND 20),
      url varchar(500) NOT NULL,
      -- null: no answer came (time-out, connection lost).
      status_code varchar(3),
      message varchar(500) NOT NULL,
      protocol varchar(20),
      request_gz bytea NOT NULL,
      response_gz bytea,
      at timestamptz NOT NULL DEFAULT now(),
      user_id integer REFERENCES users (id)
    );
    CREATE INDEX invoice_sefaz_events_invoice_idx ON invoice_sefaz_events (invoice_id, id);
    CREATE INDEX invoice_sefaz_events_user_idx ON invoice_sefaz_events (user_id);
  `.execute(db);
}
