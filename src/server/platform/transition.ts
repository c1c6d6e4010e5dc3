import { sql, type Kysely } from 'kysely';
import { ErrorCode, errorMessages } from '../../shared/error-codes.js';
import type { StatusMachine } from '../../shared/status-machine.js';
import type { DbOrTrx } from '../db/connection.js';
import type { Database } from '../db/types.js';
import { ConflictError, NotFoundError } from './errors.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper for every document table
const untyped = (db: DbOrTrx) => db as unknown as Kysely<any>;

/**
 * Moves a document through an action of its status machine, guarded by the database: one
 * conditional UPDATE (status = the action's target, version + 1, WHERE status IN the statuses the
 * action is allowed from). When the document is not in one of those statuses — including when the
 * same action arrived twice at once and the other one won — nothing changes and the answer is 409
 * INVALID_STATUS naming the status it is in (404 when there is no such document).
 *
 * The document's row is locked in the same statement to read the status it had, for the audit
 * entry: a concurrent action waits for this transaction to end, then finds the status this one
 * left. The service records the action's audit entry (it knows what else the action changed).
 */
export async function transition<S extends string, A extends string>(
  trx: DbOrTrx,
  options: {
    table: keyof Database & string;
    id: number;
    machine: StatusMachine<S, A>;
    action: A;
    userId: number | null;
    /**
     * Other columns the action sets (`approvedAt`), written in the same statement; `status` here
     * overrides the machine's target when the action decides it (a partial receipt).
     */
    set?: Record<string, unknown>;
  },
): Promise<{ row: Record<string, unknown>; previousStatus: S }> {
  const { table, id, machine, action } = options;
  const { from, to } = machine.transitions[action];
  const updated = (await untyped(trx)
    .updateTable(`${table} as document`)
    .from((eb) =>
      eb.selectFrom(table).select(['id', 'status']).where('id', '=', id).forUpdate().as('previous'),
    )
    .set({
      status: to,
      ...options.set,
      version: sql`document.version + 1`,
      updatedAt: sql`now()`,
      updatedBy: options.userId,
    })
    .whereRef('document.id', '=', 'previous.id')
    .where('document.status', 'in', from)
    .returningAll('document')
    .returning('previous.status as previousStatus')
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (updated) {
    const { previousStatus, ...row } = updated;
    return { row, previousStatus: previousStatus as S };
  }
  const current = (await untyped(trx)
    .selectFrom(table)
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst()) as { status: S } | undefined;
  if (!current) throw new NotFoundError();
  throw invalidStatus(machine, current.status);
}

/**
 * The one refusal of an action the document's status does not allow: 409 INVALID_STATUS naming
 * the status it is in ("A ordem está Cancelada…").
 */
export function invalidStatus<S extends string>(
  machine: { label: (status: S) => string },
  status: S,
): ConflictError {
  return new ConflictError(
    errorMessages.INVALID_STATUS(machine.label(status)),
    ErrorCode.INVALID_STATUS,
  );
}
