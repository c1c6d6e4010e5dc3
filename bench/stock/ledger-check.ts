import pg from 'pg';

/**
 * The stock's invariants, checked over the whole database in one snapshot (DOMAIN §4, docs/decisions.md
 * "Stock ledger"): every balance equals the sum of its movements and none is negative, no balance
 * was negative at any point of the ledger in (date, id) order, and every item's stock value equals
 * the sum of its movements' values, zero when nothing is on hand. Run after generating and again
 * after the posting benchmark's concurrent writers.
 */
export interface LedgerCheck {
  movements: number;
  balances: number;
  /** Balance rows that differ from the ledger's sum, or ledger sums with no balance row. */
  balancesMismatched: number;
  balancesNegative: number;
  /** Points of the ledger (a movement at a location) after which that balance was below zero. */
  runningNegative: number;
  items: number;
  /** Items whose stock_value differs from the sum of their movements' values. */
  valuesMismatched: number;
  /** Items with nothing on hand and a value left. */
  emptyWithValue: number;
  ms: number;
}

export const ledgerConsistent = (check: LedgerCheck) =>
  check.balancesMismatched + check.balancesNegative + check.runningNegative === 0 &&
  check.valuesMismatched + check.emptyWithValue === 0;

/** Each movement at each location it touches: + where it arrives, − where it leaves. */
const SIDES = `
  sides AS (
    SELECT item_id, to_location_id AS location_id, date, id, quantity AS change
    FROM stock_movements WHERE to_location_id IS NOT NULL
    UNION ALL
    SELECT item_id, from_location_id, date, id, -quantity
    FROM stock_movements WHERE from_location_id IS NOT NULL
  )`;

export async function checkLedger(databaseUrl: string): Promise<LedgerCheck> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'fabril-bench' });
  await client.connect();
  const started = performance.now();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query("SET LOCAL work_mem = '256MB'");
    const { rows: balances } = await client.query<Record<string, string>>(`
      WITH ${SIDES},
      ledger AS (SELECT item_id, location_id, sum(change) AS quantity FROM sides GROUP BY 1, 2)
      SELECT count(b.item_id) AS balances,
        count(*) FILTER (WHERE b.quantity IS DISTINCT FROM l.quantity) AS mismatched,
        count(*) FILTER (WHERE b.quantity < 0) AS negative,
        (SELECT count(*) FROM stock_movements) AS movements
      FROM stock_balances b FULL JOIN ledger l USING (item_id, location_id)`);
    const { rows: running } = await client.query<Record<string, string>>(`
      WITH ${SIDES}
      SELECT count(*) AS negative FROM (
        SELECT sum(change) OVER (PARTITION BY item_id, location_id ORDER BY date, id) AS balance
        FROM sides
      ) r
      WHERE balance < 0`);
    const { rows: values } = await client.query<Record<string, string>>(`
      SELECT count(*) AS items,
        count(*) FILTER (WHERE i.stock_value <> coalesce(l.value, 0)) AS mismatched,
        count(*) FILTER (WHERE coalesce(t.quantity, 0) = 0 AND i.stock_value <> 0) AS empty_with_value
      FROM items i
      LEFT JOIN (
        SELECT item_id, sum(CASE WHEN from_location_id IS NULL THEN value
          WHEN to_location_id IS NULL THEN -value ELSE 0 END) AS value
        FROM stock_movements GROUP BY item_id
      ) l ON l.item_id = i.id
      LEFT JOIN (
        SELECT item_id, sum(quantity) AS quantity FROM stock_balances GROUP BY item_id
      ) t ON t.item_id = i.id`);
    await client.query('COMMIT');
    const b = balances[0]!;
    const v = values[0]!;
    return {
      movements: Number(b.movements),
      balances: Number(b.balances),
      balancesMismatched: Number(b.mismatched),
      balancesNegative: Number(b.negative),
      runningNegative: Number(running[0]!.negative),
      items: Number(v.items),
      valuesMismatched: Number(v.mismatched),
      emptyWithValue: Number(v.empty_with_value),
      ms: performance.now() - started,
    };
  } finally {
    await client.end();
  }
}

export function formatLedgerCheck(check: LedgerCheck): string {
  const n = (value: number) => value.toLocaleString('pt-BR');
  return [
    `Conferência do razão (${n(check.movements)} movimentos, ${(check.ms / 1000).toFixed(1)} s): ${ledgerConsistent(check) ? 'ok' : 'FALHOU'}`,
    `  saldos diferentes da soma dos movimentos: ${n(check.balancesMismatched)} de ${n(check.balances)}; saldos negativos: ${n(check.balancesNegative)}`,
    `  pontos do razão (data, id) com saldo abaixo de zero: ${n(check.runningNegative)}`,
    `  itens com valor em estoque diferente da soma dos valores: ${n(check.valuesMismatched)} de ${n(check.items)}; zerados com valor: ${n(check.emptyWithValue)}`,
  ].join('\n');
}
