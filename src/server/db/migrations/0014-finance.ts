import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Finance (DOMAIN §9).
 *
 * - `bills`: bills to pay (`kind` PAY) and to receive (RECEIVE) in one table, so that payments,
 *   reports and the documents that create bills (purchase receipts, invoices) meet one thing.
 *   `paid_amount` is the part of `amount` settled by payments not reversed; it is written only by
 *   a payment or its reversal, in one conditional UPDATE, so two payments at once can never settle
 *   more than the amount (the CHECKs hold it even if the code were wrong). The status follows the
 *   paid amount; CANCELLED only from OPEN.
 * - `account_entries`: the checking accounts' append-only ledger. `amount` is signed (credit > 0,
 *   debit < 0); a balance is the opening balance plus the sum of its entries, computed, never
 *   stored (no counter serialising the writers). A transfer is two entries, each pointing at the
 *   other (`origin_id`); a payment's entry and its reversal's point at the bill (the statement
 *   links to it), and the payment row points at both entries.
 * - `bill_payments`: "Baixar": what was settled (`amount`), interest, fine and discount, and the
 *   cash that moved (`total` = amount + interest + fine − discount, the entry's absolute amount).
 *   "Estornar baixa" stamps `reversed_at` and writes the opposite entry; the row stays.
 */
const bookkeeping = `
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by integer REFERENCES users (id),
  updated_by integer REFERENCES users (id),
  version integer NOT NULL DEFAULT 1`;

const open = `status IN ('OPEN', 'PARTIALLY_PAID')`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE bills (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind varchar(10) NOT NULL CHECK (kind IN ('PAY', 'RECEIVE')),
      supplier_id integer REFERENCES suppliers (id),
      client_id integer REFERENCES clients (id),
      description varchar(200) COLLATE pt_br NOT NULL,
      document_number varchar(30),
      issue_date date NOT NULL,
      due_date date NOT NULL,
      competence_date date NOT NULL,
      amount numeric(15,2) NOT NULL CHECK (amount > 0),
      paid_amount numeric(15,2) NOT NULL DEFAULT 0 CHECK (paid_amount >= 0 AND paid_amount <= amount),
      installment varchar(7),
      category_id integer NOT NULL REFERENCES financial_categories (id),
      payment_method_id integer REFERENCES payment_methods (id),
      checking_account_id integer REFERENCES checking_accounts (id),
      origin_type varchar(20) NOT NULL DEFAULT 'MANUAL'
        CHECK (origin_type IN ('MANUAL', 'PURCHASE_ORDER', 'INVOICE')),
      origin_id integer,
      status varchar(16) NOT NULL DEFAULT 'OPEN'
        CHECK (status IN ('OPEN', 'PARTIALLY_PAID', 'PAID', 'CANCELLED')),
      notes varchar(500),
      ${bookkeeping},
      -- A bill to receive is always a client's; a bill to pay may have no supplier (a tax, a fee).
      CHECK (CASE kind WHEN 'PAY' THEN client_id IS NULL
        ELSE supplier_id IS NULL AND client_id IS NOT NULL END),
      CHECK ((origin_type = 'MANUAL') = (origin_id IS NULL)),
      CHECK (CASE status
        WHEN 'PARTIALLY_PAID' THEN paid_amount > 0 AND paid_amount < amount
        WHEN 'PAID' THEN paid_amount = amount
        ELSE paid_amount = 0 END)
    );
    -- The lists: by due date (the default order), by status, open ones (Vencida), by competence.
    CREATE INDEX bills_kind_due_idx ON bills (kind, due_date, id);
    -- The amounts ride along so that the filter's totals read the index alone.
    CREATE INDEX bills_kind_status_due_idx ON bills (kind, status, due_date, id)
      INCLUDE (amount, paid_amount);
    CREATE INDEX bills_open_due_idx ON bills (kind, due_date, id) INCLUDE (amount, paid_amount)
      WHERE ${open};
    CREATE INDEX bills_kind_competence_idx ON bills (kind, competence_date, id);
    CREATE INDEX bills_kind_issue_idx ON bills (kind, issue_date, id);
    CREATE INDEX bills_origin_idx ON bills (origin_type, origin_id);
    CREATE INDEX bills_supplier_idx ON bills (supplier_id, due_date, id);
    CREATE INDEX bills_client_idx ON bills (client_id, due_date, id);
    CREATE INDEX bills_category_idx ON bills (category_id, due_date, id);
    CREATE INDEX bills_payment_method_idx ON bills (payment_method_id);
    CREATE INDEX bills_checking_account_idx ON bills (checking_account_id);
    -- The income statement: a year's bills by competence month and category.
    CREATE INDEX bills_competence_category_idx ON bills (competence_date, category_id)
      INCLUDE (amount, kind) WHERE status <> 'CANCELLED';
    CREATE INDEX bills_search_trgm ON bills USING gin (
      f_unaccent(lower(description || ' ' || coalesce(document_number, ''))) gin_trgm_ops);

    CREATE TABLE account_entries (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      checking_account_id integer NOT NULL REFERENCES checking_accounts (id),
      date date NOT NULL,
      amount numeric(15,2) NOT NULL CHECK (amount <> 0),
      description varchar(200) NOT NULL,
      category_id integer REFERENCES financial_categories (id),
      origin_type varchar(20) NOT NULL DEFAULT 'MANUAL'
        CHECK (origin_type IN ('MANUAL', 'TRANSFER', 'BILL_PAYMENT', 'PAYMENT_REVERSAL')),
      origin_id integer,
      user_id integer REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      -- A manual entry (tarifa, ajuste) feeds the income statement through its category.
      CHECK (origin_type <> 'MANUAL' OR category_id IS NOT NULL),
      CHECK ((origin_type = 'MANUAL') = (origin_id IS NULL) OR origin_type = 'TRANSFER')
    );
    -- The statement and the balance: an account's entries by date, the amount in the index.
    CREATE INDEX account_entries_account_date_idx
      ON account_entries (checking_account_id, date, id) INCLUDE (amount);
    -- The cash flow: every account's entries by date.
    CREATE INDEX account_entries_date_idx ON account_entries (date) INCLUDE (amount, origin_type);
    CREATE INDEX account_entries_origin_idx ON account_entries (origin_type, origin_id);
    CREATE INDEX account_entries_category_idx ON account_entries (category_id);
    -- The income statement: the manual entries (the only ones it reads) of a year.
    CREATE INDEX account_entries_manual_date_idx ON account_entries (date, category_id)
      INCLUDE (amount) WHERE origin_type = 'MANUAL';
    CREATE INDEX account_entries_user_idx ON account_entries (user_id);

    CREATE TABLE bill_payments (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      bill_id integer NOT NULL REFERENCES bills (id),
      date date NOT NULL,
      amount numeric(15,2) NOT NULL CHECK (amount > 0),
      interest numeric(15,2) NOT NULL DEFAULT 0 CHECK (interest >= 0),
      fine numeric(15,2) NOT NULL DEFAULT 0 CHECK (fine >= 0),
      discount numeric(15,2) NOT NULL DEFAULT 0 CHECK (discount >= 0),
      total numeric(15,2) NOT NULL CHECK (total > 0 AND total = amount + interest + fine - discount),
      checking_account_id integer NOT NULL REFERENCES checking_accounts (id),
      payment_method_id integer REFERENCES payment_methods (id),
      notes varchar(500),
      entry_id integer NOT NULL REFERENCES account_entries (id),
      reversed_at timestamptz,
      reversed_by integer REFERENCES users (id),
      reversal_entry_id integer REFERENCES account_entries (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer REFERENCES users (id),
      CHECK ((reversed_at IS NULL) = (reversal_entry_id IS NULL))
    );
    CREATE INDEX bill_payments_bill_idx ON bill_payments (bill_id, id);
    CREATE INDEX bill_payments_account_idx ON bill_payments (checking_account_id);
    CREATE INDEX bill_payments_method_idx ON bill_payments (payment_method_id);
    CREATE INDEX bill_payments_entry_idx ON bill_payments (entry_id);
    CREATE INDEX bill_payments_reversal_entry_idx ON bill_payments (reversal_entry_id);
    -- The income statement's interest, fines and discounts by payment date.
    CREATE INDEX bill_payments_date_idx ON bill_payments (date) WHERE reversed_at IS NULL;
  `,
    )
    .execute(db);
}
