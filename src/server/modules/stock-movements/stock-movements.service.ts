import type { z } from 'zod';
import type {
  StockMovementListQuery,
  StockMovementRow,
  stockMovementInputSchema,
} from '../../../shared/resources/stock-movements.js';
import type { Db, DbOrTrx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { NotFoundError } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import { postMovements, reverseMovement, type MovementInput } from './stock-movements.posting.js';
import {
  findMovementWithNames,
  listMovements as listRows,
  type MovementWithNames,
} from './stock-movements.repo.js';

/** The use cases of the Movimentação de Estoque screen; other modules post through index.ts. */

function toApi(row: MovementWithNames): StockMovementRow {
  return {
    id: row.id,
    date: row.date,
    type: row.type,
    itemId: row.itemId,
    itemCode: row.itemCode,
    itemName: row.itemName,
    unitCode: row.unitCode,
    unitDecimals: row.unitDecimals,
    fromLocationId: row.fromLocationId,
    fromLocationName: row.fromLocationName,
    toLocationId: row.toLocationId,
    toLocationName: row.toLocationName,
    quantity: row.quantity,
    unitCost: row.unitCost,
    value: row.value,
    origin: { type: row.originType, id: row.originId },
    notes: row.notes,
    userId: row.userId,
    userName: row.userName,
    reversalOf: row.reversalOf,
    reversedBy: row.reversedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listMovements(db: DbOrTrx, query: StockMovementListQuery) {
  const { items, total } = await listRows(db, query);
  return { items: items.map(toApi), total, page: query.page, pageSize: query.pageSize };
}

export async function getMovement(db: DbOrTrx, id: number): Promise<StockMovementRow> {
  const row = await findMovementWithNames(db, id);
  if (!row) throw new NotFoundError();
  return toApi(row);
}

/** A movement of the manual form; its fields answer for themselves (`quantity`, not `0.quantity`). */
export function createMovement(
  db: Db,
  ctx: AuditContext,
  input: z.output<typeof stockMovementInputSchema>,
): Promise<StockMovementRow> {
  return inTransaction(db, async (trx) => {
    const movement = { ...input, path: '' } as MovementInput;
    const [posted] = await postMovements(trx, ctx, [movement]);
    return getMovement(trx, posted!.id);
  });
}

/**
 * "Estornar" by hand: the reversal, as the list shows it. Only a MANUAL movement: one a document
 * made is undone through that document (422 DOCUMENT_MOVEMENT says which and how).
 */
export function reverse(db: Db, ctx: AuditContext, id: number): Promise<StockMovementRow> {
  return inTransaction(db, async (trx) => {
    const reversal = await reverseMovement(trx, ctx, id, { byHand: true });
    return getMovement(trx, reversal.id);
  });
}
