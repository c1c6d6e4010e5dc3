import { Decimal } from 'decimal.js';
import type pg from 'pg';
import {
  valueInflow,
  valueOutflow,
  valueTransfer,
  type Valuation,
  type Valued,
} from '../../src/server/modules/stock-movements/stock-movements.rules.js';

/**
 * Replays a sample of the generated items' histories through the stock module's own valuation
 * functions (what a posting runs) and compares, movement by movement, the unit cost, value,
 * quantity on hand, stock value and average cost with what the generator's SQL aggregate wrote.
 * Reads the generator's temporary table, so it runs inside its transaction.
 */
export interface ReplayResult {
  items: number;
  movements: number;
  mismatches: number;
  summary: string;
}

interface Row {
  n: number;
  kind: 'IN' | 'OUT' | 'TRANSFER' | 'ADJ_DOWN' | 'ADJ_UP';
  quantity: string;
  cost: string | null;
  quantity_after: string;
  value_after: string;
  average_after: string;
  unit_cost: string;
  value: string;
}

export async function replaySample(client: pg.Client, size = 50): Promise<ReplayResult> {
  const { rows: counts } = await client.query<{ n: number }>(
    'SELECT n FROM bench_valued GROUP BY n ORDER BY count(*) DESC, n',
  );
  // The busiest item, and the rest spread evenly over activity (busy to quiet).
  const step = Math.max(1, Math.floor(counts.length / size));
  const sample = [
    ...new Set([counts[0]!.n, ...counts.filter((_, i) => i % step === 0).map((c) => c.n)]),
  ];
  const { rows } = await client.query<Row>(
    `SELECT n, kind, quantity, cost, st[1] AS quantity_after, st[2] AS value_after,
       st[3] AS average_after, st[4] AS unit_cost, st[5] AS value
     FROM bench_valued WHERE n = ANY($1) ORDER BY n, s`,
    [sample],
  );
  let mismatches = 0;
  let first = '';
  let state: Valuation | null = null;
  let item = -1;
  for (const [index, row] of rows.entries()) {
    if (row.n !== item) {
      item = row.n;
      state = { quantity: new Decimal(0), value: new Decimal(0), averageCost: new Decimal(0) };
    }
    const quantity = new Decimal(row.quantity);
    const valued: Valued =
      row.kind === 'TRANSFER'
        ? valueTransfer(state!, quantity)
        : row.kind === 'IN' || row.kind === 'ADJ_UP'
          ? valueInflow(state!, quantity, row.cost === null ? null : new Decimal(row.cost))
          : valueOutflow(state!, quantity, null);
    state = valued.after;
    const expected = [
      valued.unitCost,
      valued.value,
      valued.after.quantity,
      valued.after.value,
      valued.after.averageCost,
    ];
    const written = [
      row.unit_cost,
      row.value,
      row.quantity_after,
      row.value_after,
      row.average_after,
    ];
    if (expected.some((value, i) => !value.equals(written[i]!))) {
      mismatches += 1;
      first ||= `item n=${row.n}, ${index}ª linha (${row.kind} ${row.quantity}): módulo ${expected.map((d) => d.toFixed()).join(' / ')}; gerador ${written.join(' / ')}`;
      // Go on from what the generator wrote, to count the movements that differ, not their echo.
      state = {
        quantity: new Decimal(row.quantity_after),
        value: new Decimal(row.value_after),
        averageCost: new Decimal(row.average_after),
      };
    }
  }
  const summary =
    `Valorização conferida com as funções do módulo de estoque: ${sample.length} itens, ` +
    `${rows.length.toLocaleString('pt-BR')} movimentos, ${mismatches} divergências` +
    (first ? ` (primeira: ${first})` : '');
  return { items: sample.length, movements: rows.length, mismatches, summary };
}
