/**
 * The permission catalogue of DOMAIN §10: every area of the product with the actions a role can
 * grant on it. A permission is the string `<area>:<action>`. Areas built later are listed too, so
 * roles can be prepared before their screens exist.
 */
export const crudActions = ['read', 'write', 'delete'] as const;

export const areas = {
  clients: { label: 'Clientes', actions: crudActions },
  suppliers: { label: 'Fornecedores', actions: crudActions },
  products: { label: 'Produtos', actions: crudActions },
  feedstocks: { label: 'Insumos', actions: crudActions },
  purchaseOrders: {
    label: 'Ordens de Compra',
    actions: [...crudActions, 'approve', 'receive', 'cancel'],
  },
  productionOrders: { label: 'Ordens de Produção', actions: [...crudActions, 'execute', 'cancel'] },
  requestedOrders: {
    label: 'Pedidos Recebidos',
    actions: [...crudActions, 'approve', 'invoice', 'cancel', 'releaseCredit'],
  },
  stockItems: { label: 'Consulta de Estoque', actions: ['read'] },
  stockMovements: { label: 'Movimentação de Estoque', actions: ['read', 'write', 'reverse'] },
  stockLocations: { label: 'Locais de Estoque', actions: crudActions },
  invoices: { label: 'Notas Fiscais', actions: [...crudActions, 'issue', 'cancel', 'void'] },
  fiscalOperations: { label: 'Naturezas de Operação', actions: crudActions },
  billsToPay: { label: 'Contas a Pagar', actions: [...crudActions, 'pay'] },
  billsToReceive: { label: 'Contas a Receber', actions: [...crudActions, 'receive'] },
  checkingAccounts: { label: 'Contas-Correntes', actions: crudActions },
  paymentMethods: { label: 'Formas Pagamento/Recebimento', actions: crudActions },
  financialCategories: { label: 'Plano de Contas', actions: crudActions },
  cashFlow: { label: 'Fluxo de Caixa', actions: ['read'] },
  incomeStatement: { label: 'DRE gerencial', actions: ['read'] },
  categories: { label: 'Categorias', actions: crudActions },
  colors: { label: 'Cores', actions: crudActions },
  outlays: { label: 'Custos de Produção', actions: crudActions },
  brands: { label: 'Marcas', actions: crudActions },
  materialTypes: { label: 'Tipos de Materiais', actions: crudActions },
  sizes: { label: 'Tamanhos', actions: crudActions },
  unitsOfMeasurement: { label: 'Unidades de Medida', actions: crudActions },
  users: { label: 'Usuários', actions: crudActions },
  roles: { label: 'Perfis de Usuários', actions: crudActions },
  company: { label: 'Empresa', actions: ['read', 'write'] },
  dashboard: { label: 'Painel', actions: ['read'] },
  audit: { label: 'Histórico', actions: ['read'] },
} as const satisfies Record<string, { label: string; actions: readonly string[] }>;

export type Area = keyof typeof areas;
export type Permission = {
  [A in Area]: `${A}:${(typeof areas)[A]['actions'][number]}`;
}[Area];

/**
 * The areas that have read, write and delete: the only ones a resource definition (generic CRUD,
 * export, the resource screens) can name, so `${CrudArea}:write` is always a Permission.
 */
export type CrudArea = {
  [A in Area]: (typeof crudActions)[number] extends (typeof areas)[A]['actions'][number]
    ? A
    : never;
}[Area];

export const actionLabels: Record<string, string> = {
  read: 'Consultar',
  write: 'Incluir/alterar',
  delete: 'Excluir',
  approve: 'Aprovar',
  receive: 'Receber',
  cancel: 'Cancelar',
  execute: 'Executar',
  invoice: 'Faturar',
  issue: 'Emitir',
  reverse: 'Estornar',
  pay: 'Pagar',
  void: 'Inutilizar numeração',
};

export const allPermissions: readonly Permission[] = (Object.keys(areas) as Area[]).flatMap(
  (area) => areas[area].actions.map((action) => `${area}:${action}` as Permission),
);

const known = new Set<string>(allPermissions);
export function isPermission(value: string): value is Permission {
  return known.has(value);
}

/** The built-in role that holds every permission and cannot be deleted. */
export const ADMIN_ROLE_NAME = 'Administrador';
