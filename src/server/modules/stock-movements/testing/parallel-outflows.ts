import { sql } from 'kysely';
import { createDb } from '../../../db/connection.js';
import { AppError } from '../../../platform/errors.js';
import { inTransaction } from '../../../platform/transaction.js';
import { postMovements } from '../stock-movements.posting.js';

/**
 * Another process posting stock: `tsx parallel-outflows.ts <databaseUrl> <itemId> <locationId>
 * <count> <gate>` posts `count` outflows of 1 at once, each in its own transaction, over a pool of
 * its own of POOL_SIZE connections, and prints how they ended as JSON. Every posting first waits at
 * the advisory lock `gate`, which the test holds until both processes' connections are all queued
 * there, so the two really race.
 */
export const POOL_SIZE = 12;

export async function postParallelOutflows(
  databaseUrl: string,
  itemId: number,
  locationId: number,
  count: number,
  gate: number,
): Promise<Record<string, number>> {
  const db = createDb(databaseUrl, POOL_SIZE);
  try {
    const results = await Promise.allSettled(
      Array.from({ length: count }, () =>
        inTransaction(db, async (trx) => {
          await sql`SELECT pg_advisory_xact_lock_shared(${gate})`.execute(trx);
          return postMovements(trx, { userId: null }, [
            { type: 'OUT', itemId, fromLocationId: locationId, quantity: '1' },
          ]);
        }),
      ),
    );
    const outcomes: Record<string, number> = {};
    for (const result of results) {
      const key =
        result.status === 'fulfilled'
          ? 'posted'
          : result.reason instanceof AppError
            ? result.reason.code
            : String(result.reason);
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    }
    return outcomes;
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const [databaseUrl, itemId, locationId, count, gate] = process.argv.slice(2);
  const outcomes = await postParallelOutflows(
    databaseUrl!,
    Number(itemId),
    Number(locationId),
    Number(count),
    Number(gate),
  );
  process.stdout.write(`${JSON.stringify(outcomes)}\n`);
}
