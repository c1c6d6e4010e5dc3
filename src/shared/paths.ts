/**
 * Every route of the app (DOMAIN §14), in one place: the router, the menu, every link and the
 * server's search answers (their `url`) read these, so a path is spelled once.
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
