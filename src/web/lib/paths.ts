/**
 * Every route of the app (DOMAIN §14), in one place: the router, the menu and every link read
 * these, so a path is spelled once.
 */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  login: '/account/login',
  account: '/account',
  company: '/company',
  accessDenied: '/access-denied',
  notFound: '/not-found',

  // Cadastros
  clients: '/client',
  suppliers: '/supplier',
  products: '/product',
  feedstocks: '/feedstock',
  // Movimentações
  purchaseOrders: '/purchaseorders',
  productionOrders: '/productionorders',
  requestedOrders: '/requestedorders',
  // Estoque
  stockItems: '/stockitems',
  stockMovements: '/stockmovements',
  stockLocations: '/stocklocations',
  // Financeiro
  invoices: '/invoices',
  fiscalOperations: '/fiscaloperations',
  billsToPay: '/billstopay',
  billsToReceive: '/billstoreceive',
  checkingAccounts: '/checkingaccounts',
  paymentMethods: '/methods',
  financialCategories: '/financialcategories',
  cashFlow: '/cashflow',
  incomeStatement: '/incomestatement',
  // Pré-Cadastros
  categories: '/categories',
  colors: '/colors',
  outlays: '/outlays',
  brands: '/brands',
  materialTypes: '/materialtypes',
  sizes: '/sizes',
  unitsOfMeasurement: '/unitofmeasurements',
  // Acessos
  users: '/users',
  roles: '/roles',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The login page, remembering where to come back to after signing in. */
export function loginPath(returnUrl?: string): string {
  const target = returnUrl ? safeReturnUrl(returnUrl) : null;
  if (!target || target === paths.home) return paths.login;
  return `${paths.login}?returnUrl=${encodeURIComponent(target)}`;
}

/**
 * A returnUrl is followed only when it is a path of this app: `//host` and `/\host` are read by
 * browsers as another site, and returning to the login page itself would loop.
 */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  if (value === paths.login || value.startsWith(`${paths.login}?`)) return null;
  return value;
}
