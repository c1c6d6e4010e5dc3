/**
 * Monthly closings over the generated ledger (issue 22), the way a company closes its stock: at
 * each month end of the history, "Estoque fechado até" saved through PUT /api/v1/company, which
 * writes that month's snapshot in the server (stock-closings). Then the check: on every month end
 * and on the 15th of every month, the stock read forward from the snapshot on or before the day
 * and back from the one after it each equal the stock read back from today's balances (the
 * ledger's sum), every row and the totals (stock-items.repo.ts); the run fails on any
 * difference.
 */
import { createDb } from '../../src/server/db/connection.js';
import { closingsAround } from '../../src/server/modules/stock-closings/index.js';
import {
  stockPage,
  type PastStart,
} from '../../src/server/modules/stock-items/stock-items.repo.js';
import { headersFor } from '../support/load.js';

/** 'YYYY-MM-DD' of the last day of each month that ended after `from` and on or before `to`. */
export function monthEnds(from: string, to: string): string[] {
  const ends: string[] = [];
  const d = new Date(`${from.slice(0, 8)}01T12:00:00Z`);
  for (;;) {
    d.setUTCMonth(d.getUTCMonth() + 1);
    const end = new Date(d);
    end.setUTCDate(0);
    const day = end.toISOString().slice(0, 10);
    if (day > to) return ends;
    if (day >= from) ends.push(day);
  }
}

async function putCompany(base: string, token: string, stockClosedThrough: string | null) {
  const headers = { ...headersFor(token), 'content-type': 'application/json' };
  const current = await fetch(`${base}/api/v1/company`, { headers });
  if (current.status !== 200) throw new Error(`GET /company: ${current.status}`);
  const company = (await current.json()) as Record<string, unknown>;
  const started = performance.now();
  const saved = await fetch(`${base}/api/v1/company`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...company, stockClosedThrough }),
  });
  if (saved.status !== 200) {
    throw new Error(`PUT /company (${stockClosedThrough}): ${saved.status} ${await saved.text()}`);
  }
  return performance.now() - started;
}

/** Closes the stock at each of `days` in order, through the API; the time each closing took. */
export async function closeMonthly(base: string, token: string, days: string[]) {
  const ms: number[] = [];
  for (const day of days) ms.push(await putCompany(base, token, day));
  return ms;
}

export interface ClosingsCheck {
  days: number;
  /** Reads from a snapshot compared: forward from the one before, back from the one after. */
  comparisons: number;
  /** Days whose forward and backward reads differ, with the first difference. */
  differences: string[];
  ms: number;
}

/**
 * Compares, on each of `days`, the whole list at that day read forward from the latest snapshot
 * on or before it with the list read back from today's balances (the ledger's sum).
 */
export async function checkClosings(databaseUrl: string, days: string[]): Promise<ClosingsCheck> {
  const started = performance.now();
  // The server's connection: dates read as 'YYYY-MM-DD', as the server reads them.
  const db = createDb(databaseUrl, 1);
  const differences: string[] = [];
  let comparisons = 0;
  try {
    const all = { limit: 1_000_000, offset: 0 };
    for (const at of days) {
      const { before, after } = await closingsAround(db, at);
      const starts: PastStart[] = [
        ...(before ? [{ closing: before, forward: true }] : []),
        ...(after ? [{ closing: after, forward: false }] : []),
      ];
      if (starts.length === 0) differences.push(`${at}: sem fechamento por perto`);
      const back = await stockPage(db, { at, start: null }, 'name', all);
      for (const start of starts) {
        const read = await stockPage(db, { at, start }, 'name', all);
        const first = read.rows.findIndex(
          (row, i) => JSON.stringify(row) !== JSON.stringify(back.rows[i]),
        );
        if (
          read.rows.length !== back.rows.length ||
          first >= 0 ||
          JSON.stringify(read.totals) !== JSON.stringify(back.totals)
        ) {
          differences.push(
            `${at} (${start!.forward ? 'para a frente de' : 'para trás de'} ${start!.closing}): ` +
              `${read.rows.length} × ${back.rows.length} linhas, ` +
              `totais ${JSON.stringify(read.totals)} × ${JSON.stringify(back.totals)}` +
              (first >= 0
                ? `, linha ${first}: ${JSON.stringify(read.rows[first])} × ${JSON.stringify(back.rows[first])}`
                : ''),
          );
        }
        comparisons += 1;
      }
    }
  } finally {
    await db.destroy();
  }
  return { days: days.length, comparisons, differences, ms: performance.now() - started };
}

export const formatClosingsCheck = (check: ClosingsCheck) =>
  check.differences.length === 0
    ? `Fechamentos conferidos: em ${check.days} dias (fins de mês e dias 15), ${check.comparisons} leituras a partir de um fechamento (para a frente do anterior, para trás do seguinte) dão o estoque do razão, linha a linha e nos totais (${(check.ms / 1000).toFixed(1)} s).`
    : `Fechamentos NÃO conferem em ${check.differences.length} de ${check.days} dias:\n  ${check.differences.join('\n  ')}`;
