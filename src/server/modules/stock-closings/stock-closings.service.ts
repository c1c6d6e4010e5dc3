import type { Trx } from '../../db/connection.js';
import {
  deleteClosingsAfter,
  insertClosing,
  latestClosingThrough,
  lockLedgerForClosing,
} from './stock-closings.repo.js';

/**
 * Keeps the snapshots in step with "Estoque fechado até" when it changes from `from` to `to`, in
 * the caller's transaction (the company's update, which has already written `to`):
 *
 * - forward (or first set): the snapshot at the end of `to`. The ledger is locked first (postings
 *   in flight finish and are counted; later ones wait for the commit and are then refused, since a
 *   posting checks the closed period after inserting its movement), so none dated on or before
 *   `to` can be missed by the snapshot or land after it.
 * - back: the snapshots after `to` are deleted, since postings may land there again; the earlier
 *   ones stay right.
 * - cleared: every snapshot is deleted.
 *
 * A snapshot is never updated: nothing can be posted on or before its day while it exists.
 */
export async function moveStockClosing(
  trx: Trx,
  change: { from: string | null; to: string | null },
  userId: number | null,
): Promise<void> {
  const { from, to } = change;
  if (from === to) return;
  if (to === null || (from !== null && to < from)) {
    await deleteClosingsAfter(trx, to);
    return;
  }
  await lockLedgerForClosing(trx);
  await insertClosing(trx, to, await latestClosingThrough(trx, to), userId);
}
