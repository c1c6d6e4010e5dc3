import { brands } from './brands.js';
import { categories } from './categories.js';
import { checkingAccounts } from './checking-accounts.js';
import { clients } from './clients.js';
import { colors } from './colors.js';
import { feedstocks } from './feedstocks.js';
import { financialCategories } from './financial-categories.js';
import { fiscalOperations } from './fiscal-operations.js';
import { materialTypes } from './material-types.js';
import { outlays } from './outlays.js';
import { paymentMethods } from './payment-methods.js';
import { products } from './products.js';
import { roles } from './roles.js';
import { sizes } from './sizes.js';
import { stockLocations } from './stock-locations.js';
import { suppliers } from './suppliers.js';
import { unitsOfMeasurement } from './units-of-measurement.js';
import { users } from './users.js';

/** Every master-data resource, by API path. */
export const resources = {
  brands,
  categories,
  colors,
  'material-types': materialTypes,
  sizes,
  'units-of-measurement': unitsOfMeasurement,
  outlays,
  'stock-locations': stockLocations,
  'payment-methods': paymentMethods,
  'checking-accounts': checkingAccounts,
  'financial-categories': financialCategories,
  'fiscal-operations': fiscalOperations,
  clients,
  suppliers,
  products,
  feedstocks,
  users,
  roles,
} as const;

export type ResourcePath = keyof typeof resources;
