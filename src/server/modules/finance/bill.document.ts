import { billKindInfo, billMachine, type BillKind } from '../../../shared/resources/bills.js';
import type { Trx } from '../../db/connection.js';
import type { DocumentType } from '../../platform/document-action.js';
import { getBill } from './bills.read.js';
import { lockBill } from './bills.repo.js';

type LockedBill = NonNullable<Awaited<ReturnType<typeof lockBill>>>;

/**
 * A bill to pay or to receive as the document action path knows it (platform/document-action.ts):
 * each kind is its own resource (`bills-to-pay`, `bills-to-receive`), so a bill of the other kind
 * is not found (404).
 */
export const billDocument = (kind: BillKind) =>
  ({
    entity: billKindInfo[kind].path,
    table: 'bills',
    machine: billMachine,
    lock: (trx: Trx, id: number) => lockBill(trx, kind, id),
    read: (db, id) => getBill(db, kind, id),
  }) satisfies DocumentType<
    keyof typeof billMachine.statuses,
    keyof typeof billMachine.transitions,
    LockedBill,
    Awaited<ReturnType<typeof getBill>>
  >;
