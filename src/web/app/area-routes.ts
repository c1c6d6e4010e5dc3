import type { ComponentType } from 'react';
import type { Area } from '../../shared/permissions.js';

/**
 * The registry of built business areas: the only list a later issue edits to ship an area.
 *
 * An entry maps the area to its lazily loaded chunk. The chunk's default export renders the
 * area's own routes relative to its path (`<Routes>` with the list at the index, `new` and `:id`
 * for the form). Registering it here is all it takes: the router mounts it at the path of its
 * menu entry (menu.ts) behind the `<area>:read` guard, and the menu starts showing the entry to
 * users who may read it. Until then the menu never links to it and its path answers 404.
 *
 * Example: `clients: () => import('../features/clients/clients-area.js'),`
 */
interface AreaModule {
  default: ComponentType;
}

export const areaRoutes: Partial<Record<Area, () => Promise<AreaModule>>> = {
  clients: () => import('../features/clients/clients-area.js'),
  suppliers: () => import('../features/suppliers/suppliers-area.js'),
  products: () => import('../features/products/products-area.js'),
  feedstocks: () => import('../features/feedstocks/feedstocks-area.js'),
  purchaseOrders: () => import('../features/purchase-orders/purchase-orders-area.js'),
  requestedOrders: () => import('../features/requested-orders/requested-orders-area.js'),
  productionOrders: () => import('../features/production-orders/production-orders-area.js'),
  stockItems: () => import('../features/stock-items/stock-items-area.js'),
  stockMovements: () => import('../features/stock-movements/stock-movements-area.js'),
  stockLocations: () => import('../features/stock-locations/stock-locations-area.js'),
  fiscalOperations: () => import('../features/fiscal-operations/fiscal-operations-area.js'),
  invoices: () => import('../features/invoices/invoices-area.js'),
  billsToPay: () => import('../features/bills/bills-to-pay-area.js'),
  billsToReceive: () => import('../features/bills/bills-to-receive-area.js'),
  checkingAccounts: () => import('../features/checking-accounts/checking-accounts-area.js'),
  paymentMethods: () => import('../features/payment-methods/payment-methods-area.js'),
  financialCategories: () =>
    import('../features/financial-categories/financial-categories-area.js'),
  cashFlow: () => import('../features/cash-flow/cash-flow-area.js'),
  incomeStatement: () => import('../features/income-statement/income-statement-area.js'),
  categories: () => import('../features/categories/categories-area.js'),
  colors: () => import('../features/colors/colors-area.js'),
  outlays: () => import('../features/outlays/outlays-area.js'),
  brands: () => import('../features/brands/brands-area.js'),
  materialTypes: () => import('../features/material-types/material-types-area.js'),
  sizes: () => import('../features/sizes/sizes-area.js'),
  unitsOfMeasurement: () => import('../features/units-of-measurement/units-of-measurement-area.js'),
  users: () => import('../features/users/users-area.js'),
  roles: () => import('../features/roles/roles-area.js'),
};

export function isAreaBuilt(area: Area): boolean {
  return areaRoutes[area] !== undefined;
}
