import type { Area, Permission } from '../../shared/permissions.js';
import type { UserToken } from '../../shared/resources/account.js';
import { hasPermission } from '../lib/has-permission.js';
import { isAreaBuilt } from './area-routes.js';
import { paths, type AppPath } from '../lib/paths.js';

/** One item of the top menu: a business area's screen and the area whose `read` it needs. */
export interface MenuEntry {
  label: string;
  path: AppPath;
  area: Area;
}

export interface MenuGroup {
  key: string;
  label: string;
  entries: readonly MenuEntry[];
}

/** The top menu of DOMAIN §14: groups and labels in this order, exactly. */
const menuGroups: readonly MenuGroup[] = [
  {
    key: 'cadastros',
    label: 'Cadastros',
    entries: [
      { label: 'Clientes', path: paths.clients, area: 'clients' },
      { label: 'Fornecedores', path: paths.suppliers, area: 'suppliers' },
      { label: 'Produtos', path: paths.products, area: 'products' },
      { label: 'Insumos', path: paths.feedstocks, area: 'feedstocks' },
    ],
  },
  {
    key: 'movimentacoes',
    label: 'Movimentações',
    entries: [
      { label: 'Ordens de Compra', path: paths.purchaseOrders, area: 'purchaseOrders' },
      { label: 'Ordens de Produção', path: paths.productionOrders, area: 'productionOrders' },
      { label: 'Pedidos Recebidos', path: paths.requestedOrders, area: 'requestedOrders' },
    ],
  },
  {
    key: 'estoque',
    label: 'Estoque',
    entries: [
      { label: 'Consulta de Estoque', path: paths.stockItems, area: 'stockItems' },
      { label: 'Movimentação de Estoque', path: paths.stockMovements, area: 'stockMovements' },
      { label: 'Locais de Estoque', path: paths.stockLocations, area: 'stockLocations' },
    ],
  },
  {
    key: 'financeiro',
    label: 'Financeiro',
    entries: [
      { label: 'Notas Fiscais', path: paths.invoices, area: 'invoices' },
      {
        label: 'Naturezas de Operação',
        path: paths.fiscalOperations,
        area: 'fiscalOperations',
      },
      { label: 'Contas a Pagar', path: paths.billsToPay, area: 'billsToPay' },
      { label: 'Contas a Receber', path: paths.billsToReceive, area: 'billsToReceive' },
      { label: 'Contas-Correntes', path: paths.checkingAccounts, area: 'checkingAccounts' },
      {
        label: 'Formas Pagamento/Recebimento',
        path: paths.paymentMethods,
        area: 'paymentMethods',
      },
      { label: 'Plano de Contas', path: paths.financialCategories, area: 'financialCategories' },
      { label: 'Fluxo de Caixa', path: paths.cashFlow, area: 'cashFlow' },
      { label: 'DRE gerencial', path: paths.incomeStatement, area: 'incomeStatement' },
    ],
  },
  {
    key: 'pre-cadastros',
    label: 'Pré-Cadastros',
    entries: [
      { label: 'Categorias', path: paths.categories, area: 'categories' },
      { label: 'Cores', path: paths.colors, area: 'colors' },
      { label: 'Custos de Produção', path: paths.outlays, area: 'outlays' },
      { label: 'Marcas', path: paths.brands, area: 'brands' },
      { label: 'Tipos de Materiais', path: paths.materialTypes, area: 'materialTypes' },
      { label: 'Tamanhos', path: paths.sizes, area: 'sizes' },
      { label: 'Unidades de Medida', path: paths.unitsOfMeasurement, area: 'unitsOfMeasurement' },
    ],
  },
  {
    key: 'acessos',
    label: 'Acessos',
    entries: [
      { label: 'Usuários', path: paths.users, area: 'users' },
      { label: 'Perfis de Usuários', path: paths.roles, area: 'roles' },
    ],
  },
];

export const readPermission = (area: Area) => `${area}:read` as Permission;

/** Every menu entry, in menu order: the router mounts the built ones at their paths. */
export const menuEntries: readonly MenuEntry[] = menuGroups.flatMap((group) => group.entries);

/**
 * The menu a user sees: only screens that exist and that the user may read (DOMAIN §10), and a
 * group only when something is left in it, so the menu never links to a missing or 401 page.
 */
export function visibleMenu(user: UserToken | null): MenuGroup[] {
  return menuGroups
    .map((group) => ({
      ...group,
      entries: group.entries.filter(
        (entry) => isAreaBuilt(entry.area) && hasPermission(user, readPermission(entry.area)),
      ),
    }))
    .filter((group) => group.entries.length > 0);
}
