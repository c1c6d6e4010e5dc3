import {
  REQUESTED_ORDERS_PATH,
  requestedOrderMachine,
} from '../../../shared/resources/requested-orders.js';
import type { DocumentType } from '../../platform/document-action.js';
import { getRequestedOrder } from './requested-orders.read.js';
import { lockOrder, orderLines, type LockedOrder } from './requested-orders.repo.js';

/** A sales order as the document action path knows it (platform/document-action.ts). */
export const requestedOrderDocument = {
  entity: REQUESTED_ORDERS_PATH,
  table: 'requestedOrders',
  machine: requestedOrderMachine,
  lock: lockOrder,
  read: getRequestedOrder,
  lines: [orderLines],
} satisfies DocumentType<
  keyof typeof requestedOrderMachine.statuses,
  keyof typeof requestedOrderMachine.transitions,
  LockedOrder,
  Awaited<ReturnType<typeof getRequestedOrder>>
>;
