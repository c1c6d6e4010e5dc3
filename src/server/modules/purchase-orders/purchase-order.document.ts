import {
  PURCHASE_ORDERS_PATH,
  purchaseOrderMachine,
} from '../../../shared/resources/purchase-orders.js';
import type { DocumentType } from '../../platform/document-action.js';
import { getPurchaseOrder } from './purchase-orders.read.js';
import { lockOrder, orderLines } from './purchase-orders.repo.js';

/** A purchase order as the document action path knows it (platform/document-action.ts). */
export const purchaseOrderDocument = {
  entity: PURCHASE_ORDERS_PATH,
  table: 'purchaseOrders',
  machine: purchaseOrderMachine,
  lock: lockOrder,
  read: getPurchaseOrder,
  lines: [orderLines],
} satisfies DocumentType<
  keyof typeof purchaseOrderMachine.statuses,
  keyof typeof purchaseOrderMachine.transitions,
  NonNullable<Awaited<ReturnType<typeof lockOrder>>>,
  Awaited<ReturnType<typeof getPurchaseOrder>>
>;
