import {
  PRODUCTION_ORDERS_PATH,
  productionOrderMachine,
} from '../../../shared/resources/production-orders.js';
import type { DocumentType } from '../../platform/document-action.js';
import { getProductionOrder } from './production-orders.read.js';
import { costLines, lockOrder, materialLines } from './production-orders.repo.js';

/** A production order as the document action path knows it (platform/document-action.ts). */
export const productionOrderDocument = {
  entity: PRODUCTION_ORDERS_PATH,
  table: 'productionOrders',
  machine: productionOrderMachine,
  lock: lockOrder,
  read: getProductionOrder,
  lines: [materialLines, costLines],
} satisfies DocumentType<
  keyof typeof productionOrderMachine.statuses,
  keyof typeof productionOrderMachine.transitions,
  NonNullable<Awaited<ReturnType<typeof lockOrder>>>,
  Awaited<ReturnType<typeof getProductionOrder>>
>;
