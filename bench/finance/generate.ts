/**
 * Fills a database with no bills and no account entries with two years of a small manufacturer's
 * finance (default 200,000 bills and 500,000 account entries), in a handful of set-based
 * statements:
 *
 * - 2,000 clients (bench/lists' generator) and 500 suppliers (the first clients' names and
 *   documents), 5 checking accounts opened two years ago, the seeded chart of accounts.
 * - Bills issued over the last 730 days and the next 180 (45 % to pay, 55 % to receive), due 30,
 *   60 or 90 days after issue, R$ 50 to R$ 20,050 (most small), each in a leaf category of its kind.
 *   Past due: 85 % paid, 5 % half paid, 5 % still open (overdue), 5 % cancelled; not yet due:
 *   10 % paid early, the rest open.
 * - Every paid amount is one payment with its account entry (a debit for a bill to pay, a credit
 *   for a bill to receive), dated around the due date and never after today, as "Baixar" writes
 *   them (`origin_id` is the bill).
 * - Manual entries (fees, adjustments, other income) fill the ledger up to the number asked for.
 *
 * Random choices come from hashing the row number (`hashint8`), so a run is repeatable.
 *
 * Usage: tsx bench/finance/generate.ts <DATABASE_URL> [bills] [entries]
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { generateClients } from '../lists/generate-clients.js';

export interface GenerateOptions {
  bills?: number;
  entries?: number;
  log?: (message: string) => void;
}

export interface GeneratedFinance {
  bills: number;
  entries: number;
  payments: number;
  accountIds: number[];
  /** São Paulo's today, as the server sees it. */
  today: string;
  ms: number;
}

const CLIENTS = 2000;
const SUPPLIERS = 500;
const ACCOUNTS = ['Banco do Brasil', 'Itaú', 'Caixa Econômica', 'Sicoob', 'Caixa da empresa'];
const CHUNK = 50_000;

/** A number in [0, 1) from row `i` and a salt: the same on every run. */
const r = (salt: number, i = 'i') =>
  `((hashint8(${i}::bigint * 7919 + ${salt})::bigint + 2147483648) / 4294967296.0)`;

export async function generateFinance(
  databaseUrl: string,
  options: GenerateOptions = {},
): Promise<GeneratedFinance> {
  const bills = options.bills ?? 200_000;
  const entries = options.entries ?? 500_000;
  const log = options.log ?? (() => undefined);
  const started = performance.now();

  await generateClients(databaseUrl, CLIENTS, { seed: 20_260_110 });
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'fabril-bench' });
  await client.connect();
  try {
    const today = (
      await client.query<{ today: string }>(
        `SELECT to_char((now() AT TIME ZONE 'America/Sao_Paulo')::date, 'YYYY-MM-DD') AS today`,
      )
    ).rows[0]!.today;
    const userId = (await client.query<{ id: number }>('SELECT min(id) AS id FROM users')).rows[0]!
      .id;

    await client.query(
      `INSERT INTO suppliers (person_type, name, trade_name, document, email, phone, address)
       SELECT person_type, name, trade_name, document, email, phone, address
       FROM clients ORDER BY id LIMIT $1`,
      [SUPPLIERS],
    );
    const accountIds = (
      await client.query<{ id: number }>(
        `INSERT INTO checking_accounts (name, bank_code, opening_balance, opening_date)
         SELECT name, lpad((n * 37)::text, 3, '0'), 50000, $2::date - 800
         FROM unnest($1::text[]) WITH ORDINALITY AS a(name, n)
         RETURNING id`,
        [ACCOUNTS, today],
      )
    ).rows.map((row) => row.id);
    const leaves = async (kind: string) =>
      (
        await client.query<{ id: number }>(
          `SELECT id FROM financial_categories c WHERE kind = $1
             AND NOT EXISTS (SELECT 1 FROM financial_categories k WHERE k.parent_id = c.id)
           ORDER BY id`,
          [kind],
        )
      ).rows.map((row) => row.id);
    const income = await leaves('INCOME');
    const expense = await leaves('EXPENSE');
    const ids = async (table: string) =>
      (await client.query<{ min: number; max: number }>(`SELECT min(id), max(id) FROM ${table}`))
        .rows[0]!;
    const clients = await ids('clients');
    const suppliers = await ids('suppliers');
    const method = (
      await client.query<{ id: number }>(
        `INSERT INTO payment_methods (name, kind, usage) VALUES ('Boleto bancário (bench)', 'BOLETO', 'BOTH')
         RETURNING id`,
      )
    ).rows[0]!.id;

    log(`  ${bills.toLocaleString('pt-BR')} contas...`);
    for (let start = 1; start <= bills; start += CHUNK) {
      const end = Math.min(start + CHUNK - 1, bills);
      await client.query(
        `WITH drawn AS (
           SELECT i,
             ${r(1)} < 0.45 AS pay,
             $1::date - 730 + floor(${r(2)} * 910)::int AS issue,
             30 * (1 + floor(${r(3)} * 3)::int) AS term,
             round((50 + power(${r(4)}, 3) * 20000)::numeric, 2) AS amount,
             ${r(5)} AS pick, ${r(6)} AS fate, ${r(7)} AS acct
           FROM generate_series($2::int, $3::int) AS i
         ), dated AS (
           SELECT *, issue + term AS due FROM drawn
         ), fated AS (
           SELECT *, CASE
               WHEN due < $1::date THEN CASE WHEN fate < 0.85 THEN 'PAID' WHEN fate < 0.90 THEN 'PARTIALLY_PAID'
                 WHEN fate < 0.95 THEN 'OPEN' ELSE 'CANCELLED' END
               WHEN issue <= $1::date AND fate < 0.10 THEN 'PAID'
               ELSE 'OPEN' END AS status
           FROM dated
         )
         INSERT INTO bills (kind, supplier_id, client_id, description, document_number, issue_date,
           due_date, competence_date, amount, paid_amount, installment, category_id,
           payment_method_id, checking_account_id, status, created_by, updated_by)
         SELECT CASE WHEN pay THEN 'PAY' ELSE 'RECEIVE' END,
           CASE WHEN pay THEN $4::int + (i % ($5::int - $4::int + 1)) END,
           CASE WHEN pay THEN NULL ELSE $6::int + (i % ($7::int - $6::int + 1)) END,
           CASE WHEN pay THEN 'Compra de matéria-prima ' ELSE 'Venda de produtos ' END || i,
           'NF ' || (100000 + i), issue, due, issue, amount,
           CASE status WHEN 'PAID' THEN amount WHEN 'PARTIALLY_PAID' THEN round(amount / 2, 2) ELSE 0 END,
           CASE WHEN term > 30 THEN (term / 30) || '/3' END,
           CASE WHEN pay THEN ($8::int[])[1 + floor(pick * array_length($8::int[], 1))::int]
             ELSE ($9::int[])[1 + floor(pick * array_length($9::int[], 1))::int] END,
           $10::int, ($11::int[])[1 + floor(acct * array_length($11::int[], 1))::int], status, $12::int, $12::int
         FROM fated`,
        [
          today,
          start,
          end,
          suppliers.min,
          suppliers.max,
          clients.min,
          clients.max,
          expense,
          income,
          method,
          accountIds,
          userId,
        ],
      );
    }

    log('  baixas e seus lançamentos...');
    await client.query(
      `INSERT INTO account_entries (checking_account_id, date, amount, description, category_id,
         origin_type, origin_id, user_id)
       SELECT checking_account_id,
         least($1::date, greatest(issue_date, due_date - 5 + floor(${r(8, 'id')} * 10)::int)),
         CASE kind WHEN 'PAY' THEN -paid_amount ELSE paid_amount END,
         CASE kind WHEN 'PAY' THEN 'Pagamento: ' ELSE 'Recebimento: ' END || description,
         category_id, 'BILL_PAYMENT', id, $2::int
       FROM bills WHERE paid_amount > 0 ORDER BY id`,
      [today, userId],
    );
    const payments = (
      await client.query(
        `INSERT INTO bill_payments (bill_id, date, amount, total, checking_account_id,
           payment_method_id, entry_id, created_by)
         SELECT b.id, e.date, b.paid_amount, b.paid_amount, e.checking_account_id,
           b.payment_method_id, e.id, $1::int
         FROM account_entries e JOIN bills b ON b.id = e.origin_id
         WHERE e.origin_type = 'BILL_PAYMENT'`,
        [userId],
      )
    ).rowCount!;

    const manual = Math.max(0, entries - payments);
    log(`  ${manual.toLocaleString('pt-BR')} lançamentos manuais...`);
    for (let start = 1; start <= manual; start += CHUNK) {
      const end = Math.min(start + CHUNK - 1, manual);
      await client.query(
        `WITH drawn AS (
           SELECT i, ${r(11)} < 0.5 AS credit, ${r(12)} AS pick, ${r(13)} AS acct,
             $1::date - 730 + floor(${r(14)} * 731)::int AS day,
             round((5 + power(${r(15)}, 3) * 3000)::numeric, 2) AS amount
           FROM generate_series($2::int, $3::int) AS i
         )
         INSERT INTO account_entries (checking_account_id, date, amount, description, category_id,
           origin_type, user_id)
         SELECT ($4::int[])[1 + floor(acct * array_length($4::int[], 1))::int], day,
           CASE WHEN credit THEN amount ELSE -amount END,
           CASE WHEN credit THEN 'Rendimento ' ELSE 'Tarifa bancária ' END || i,
           CASE WHEN credit THEN ($5::int[])[1 + floor(pick * array_length($5::int[], 1))::int]
             ELSE ($6::int[])[1 + floor(pick * array_length($6::int[], 1))::int] END,
           'MANUAL', $7::int
         FROM drawn`,
        [today, start, end, accountIds, income, expense, userId],
      );
    }
    log('  VACUUM ANALYZE...');
    for (const table of ['bills', 'account_entries', 'bill_payments', 'clients', 'suppliers']) {
      await client.query(`VACUUM (ANALYZE) ${table}`);
    }
    const count = async (table: string) =>
      Number((await client.query(`SELECT count(*) FROM ${table}`)).rows[0].count);
    return {
      bills: await count('bills'),
      entries: await count('account_entries'),
      payments,
      accountIds,
      today,
      ms: performance.now() - started,
    };
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [url = process.env.DATABASE_URL, bills = '200000', entries = '500000'] =
    process.argv.slice(2);
  if (!url) {
    console.error('Uso: tsx bench/finance/generate.ts <DATABASE_URL> [contas] [lançamentos]');
    process.exit(2);
  }
  const result = await generateFinance(url, {
    bills: Number(bills),
    entries: Number(entries),
    log: console.log,
  });
  console.log(
    `${result.bills} contas, ${result.entries} lançamentos (${result.payments} baixas) em ${(result.ms / 1000).toFixed(1)} s`,
  );
}
