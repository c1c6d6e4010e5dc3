import type { Area } from '../../../shared/permissions.js';
import { resources } from '../../../shared/resources/index.js';

/**
 * Every audit entity (the name services record entries under) with the permission area that
 * guards its records: each master-data resource under its API path, plus the company settings and
 * the stock movements and the bills of each kind.
 * An entity missing here has no readable history.
 */
export const auditedAreas: Readonly<Record<string, Area>> = {
  ...Object.fromEntries(Object.values(resources).map((resource) => [resource.path, resource.area])),
  company: 'company',
  'stock-movements': 'stockMovements',
  'bills-to-pay': 'billsToPay',
  'bills-to-receive': 'billsToReceive',
  'purchase-orders': 'purchaseOrders',
  'production-orders': 'productionOrders',
  invoices: 'invoices',
  'requested-orders': 'requestedOrders',
};
