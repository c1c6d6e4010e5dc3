import { sql, type Kysely, type RawBuilder } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * What every company needs before its first record (issue 16 §15): the common units of
 * measurement, the usual payment methods, a "Caixa" account for cash and a default stock
 * location. They are ordinary rows, edited, inactivated or deleted like any other.
 *
 * A new database gets them all; an existing one only what it lacks, so nothing it already has is
 * duplicated or changed: a unit whose code exists (the company's own "UN" stays as it is), a
 * payment method whose name or kind exists ("Pix" or "Pix Itaú" already covers PIX), an account
 * already named "Caixa", and a location when there is any (one of them is already the default).
 *
 * Each seeded row gets its "create" history entry from the system: no user and no request
 * (migration 0017 lets only request-less entries go without a user), as the history of the
 * first administrator.
 */
const units: [code: string, description: string, decimals: number][] = [
  ['UN', 'Unidade', 0],
  ['PC', 'Peça', 0],
  ['KG', 'Quilograma', 3],
  ['G', 'Grama', 3],
  ['M', 'Metro', 3],
  ['CM', 'Centímetro', 3],
  ['L', 'Litro', 3],
  ['ML', 'Mililitro', 3],
  ['CX', 'Caixa', 0],
  ['PAR', 'Par', 0],
];

const paymentMethods: [name: string, kind: string][] = [
  ['Dinheiro', 'CASH'],
  ['PIX', 'PIX'],
  ['Boleto', 'BOLETO'],
  ['Cartão de crédito', 'CREDIT_CARD'],
  ['Cartão de débito', 'DEBIT_CARD'],
  ['Transferência', 'BANK_TRANSFER'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await seed(
    db,
    'units-of-measurement',
    sql`
      INSERT INTO units_of_measurement (code, description, decimals)
      SELECT code, description, decimals
      FROM (VALUES ${sql.join(units.map(([code, description, decimals]) => sql`(${code}, ${description}, ${decimals}::smallint)`))})
        AS seed (code, description, decimals)
      WHERE NOT EXISTS (SELECT 1 FROM units_of_measurement u WHERE u.code = seed.code)
      RETURNING id, code, description, decimals, active`,
  );

  // Paid and received alike: a card or a transfer goes both ways for a manufacturer.
  await seed(
    db,
    'payment-methods',
    sql`
      INSERT INTO payment_methods (name, kind, usage)
      SELECT name, kind, 'BOTH'
      FROM (VALUES ${sql.join(paymentMethods.map(([name, kind]) => sql`(${name}, ${kind})`))})
        AS seed (name, kind)
      WHERE NOT EXISTS (
        SELECT 1 FROM payment_methods p
        WHERE lower(p.name) = lower(seed.name) OR p.kind = seed.kind)
      RETURNING id, name, kind, usage, active`,
  );

  // Cash on hand has no bank: "000" fills the required bank code. It opens today at zero; the
  // company sets the real opening balance and date on its screen.
  await seed(
    db,
    'checking-accounts',
    sql`
      INSERT INTO checking_accounts (name, bank_code, opening_balance, opening_date)
      SELECT 'Caixa', '000', 0, (now() AT TIME ZONE 'America/Sao_Paulo')::date
      WHERE NOT EXISTS (SELECT 1 FROM checking_accounts WHERE lower(name) = 'caixa')
      RETURNING id, name, bank_code, bank_name, agency, account_number, opening_balance,
        opening_date, active`,
  );

  await seed(
    db,
    'stock-locations',
    sql`
      INSERT INTO stock_locations (name, is_default)
      SELECT 'Estoque principal', true
      WHERE NOT EXISTS (SELECT 1 FROM stock_locations)
      RETURNING id, name, description, is_default, active`,
  );
}

/**
 * Runs one seeding INSERT … RETURNING and writes each new row's "create" entry (later migrations
 * that seed rows use it too).
 */
export async function seed(db: Kysely<any>, entity: string, insert: RawBuilder<unknown>) {
  const { rows } = await insert.execute(db);
  if (rows.length === 0) return;
  await db
    .insertInto('audit_log')
    .values(
      (rows as Record<string, unknown>[]).map((row) => ({
        entity,
        entity_id: String(row.id),
        action: 'create',
        changes: JSON.stringify(
          Object.fromEntries(Object.entries(row).map(([key, to]) => [key, { from: null, to }])),
        ),
      })),
    )
    .execute();
}
