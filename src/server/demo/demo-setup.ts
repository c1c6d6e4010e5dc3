import type { Permission } from '../../shared/permissions.js';
import { multipart } from '../testing/multipart.js';
import {
  makePfx,
  makeTestCertificate,
  type TestCertificate,
} from '../modules/nfe/testing/test-certificate.js';
import {
  COMPANY_TOWN,
  FEEDSTOCKS,
  PRODUCTS,
  SUPPLIER_NAMES,
  SUPPLIER_TOWNS,
  TOWNS,
  clientNames,
  type DemoTown,
} from './demo-catalog.js';
import type { DemoApi } from './demo-api.js';
import { demoAlphanumericCnpj, demoCnpj, demoCpf, demoSaoPauloIe } from './demo-documents.js';
import { quantityIn, type Demand } from './demo-demand.js';
import type { Dice } from './demo-random.js';

/**
 * The demo's first day: the company and its test certificate, the two extra users, the lookups,
 * clients, suppliers, feedstocks and products — each through the route its screen uses.
 */
export const DEMO_COMPANY = {
  legalName: 'Confecções Exemplo Ltda',
  tradeName: 'Exemplo Confecções',
  cnpj: demoCnpj(0),
};

/** The demo's users besides the administrator: e-mail, password and role, as the README lists. */
export const DEMO_USERS = [
  {
    name: 'Vendas e Estoque',
    email: 'vendas@exemplo.com.br',
    password: 'demo-vendas-1',
    role: 'Vendas/Estoque',
  },
  {
    name: 'Financeiro',
    email: 'financeiro@exemplo.com.br',
    password: 'demo-financeiro-1',
    role: 'Financeiro',
  },
] as const;

const crud = (area: string) => [`${area}:read`, `${area}:write`] as Permission[];
const ROLE_PERMISSIONS: Record<(typeof DEMO_USERS)[number]['role'], Permission[]> = {
  'Vendas/Estoque': [
    'dashboard:read',
    ...crud('clients'),
    'suppliers:read',
    ...crud('products'),
    ...crud('feedstocks'),
    ...crud('requestedOrders'),
    'requestedOrders:approve',
    'requestedOrders:invoice',
    'requestedOrders:cancel',
    ...crud('productionOrders'),
    'productionOrders:execute',
    'purchaseOrders:read',
    'purchaseOrders:receive',
    'stockItems:read',
    ...crud('stockMovements'),
    'stockLocations:read',
    'invoices:read',
    'invoices:issue',
  ],
  Financeiro: [
    'dashboard:read',
    'clients:read',
    'suppliers:read',
    'requestedOrders:read',
    'requestedOrders:releaseCredit',
    'purchaseOrders:read',
    'invoices:read',
    ...crud('billsToPay'),
    'billsToPay:pay',
    ...crud('billsToReceive'),
    'billsToReceive:receive',
    ...crud('checkingAccounts'),
    'paymentMethods:read',
    'financialCategories:read',
    'cashFlow:read',
    'incomeStatement:read',
  ],
};

/** The ids the rest of the demo works with. */
export interface DemoWorld {
  locationId: number;
  accounts: { main: number; second: number };
  boleto: number;
  pix: number;
  transfer: number;
  categories: Map<string, number>;
  clients: { id: number; latePayer: boolean }[];
  suppliers: number[];
  items: Map<string, number>;
}

interface Page<T> {
  items: T[];
}
const all = async <T>(api: DemoApi, path: string) =>
  (await api.get<Page<T>>(`${path}${path.includes('?') ? '&' : '?'}pageSize=100`)).items;

/** The municipality's name as the table has it (the demo's codes must all be there). */
async function townAddress(api: DemoApi, town: DemoTown, number: string) {
  const found = await api.get<{ items: { code: string; name: string }[] }>(
    `/municipalities?uf=${town.uf}&q=${town.code}`,
  );
  const municipality = found.items.find((item) => item.code === town.code);
  if (!municipality) throw new Error(`municipality ${town.code} (${town.uf}) is not in the table`);
  return {
    zipCode: town.zipCode,
    street: town.street,
    number,
    complement: null,
    district: town.district,
    city: municipality.name,
    state: town.uf,
    cityCode: town.code,
  };
}

export async function setUpCompany(api: DemoApi, from: Date, until: Date, issuer: TestCertificate) {
  const current = await api.get<Record<string, unknown>>('/company');
  await api.put('/company', {
    ...current,
    ...DEMO_COMPANY,
    stateRegistration: demoSaoPauloIe(1),
    address: await townAddress(api, COMPANY_TOWN, '480'),
    phones: ['1133314455', '11987654321', null],
    email: 'contato@exemplo.com.br',
    openingHours: 'Segunda a sexta, das 8h às 18h',
    taxRegime: 1,
    // São Paulo's IBGE code: the first digits of every access key, shown on the company screen.
    stateCode: '35',
    nfeEnvironment: 'HOMOLOGATION',
  });
  // The certificate is a self-signed stand-in that says it is a test one in its holder's name,
  // the only text the company screen and the NF-e's signature show of it; the company stays in
  // homologation, where invoices have no fiscal value.
  const password = 'certificado-de-teste';
  const certificate = makeTestCertificate({
    cnpj: DEMO_COMPANY.cnpj,
    companyName: 'CERTIFICADO DE TESTE - CONFECCOES EXEMPLO LTDA',
    validFrom: from,
    validTo: until,
    // Issued by the test CA the demo's stand-in SEFAZ accepts (run-demo.ts).
    issuer,
  });
  const uploaded = await api.raw({
    method: 'POST',
    url: '/api/v1/company/certificate',
    ...multipart('certificado-de-teste.pfx', makePfx(certificate, password), 'file', {
      password,
    }),
  });
  if (uploaded.statusCode !== 200) throw new Error(`certificate: ${uploaded.body}`);
}

export async function setUpUsers(api: DemoApi) {
  for (const user of DEMO_USERS) {
    const role = await api.post<{ id: number }>('/roles', {
      name: user.role,
      description: `Perfil da demonstração (${user.role})`,
      permissions: ROLE_PERMISSIONS[user.role],
    });
    await api.post('/users', {
      name: user.name,
      email: user.email,
      password: user.password,
      roleId: role.id,
    });
  }
}

export async function setUpWorld(
  api: DemoApi,
  dice: Dice,
  openingDate: string,
  demand: Demand,
): Promise<DemoWorld> {
  const units = new Map(
    (await all<{ id: number; code: string }>(api, '/units-of-measurement')).map((u) => [
      u.code,
      u.id,
    ]),
  );
  const categories = new Map(
    (await all<{ id: number; name: string }>(api, '/financial-categories')).map((c) => [
      c.name,
      c.id,
    ]),
  );
  const methods = await all<{ id: number; kind: string }>(api, '/payment-methods');
  const method = (kind: string) => methods.find((m) => m.kind === kind)!.id;
  const locations = await all<{ id: number; isDefault: boolean }>(api, '/stock-locations');
  const locationId = locations.find((location) => location.isDefault)!.id;

  const account = (name: string, bankCode: string, bankName: string, openingBalance: string) =>
    api.post<{ id: number }>('/checking-accounts', {
      name,
      bankCode,
      bankName,
      agency: String(dice.int(1000, 9999)),
      accountNumber: `${dice.int(10000, 99999)}-${dice.int(0, 9)}`,
      openingBalance,
      openingDate,
    });
  const main = await account('Banco do Brasil — movimento', '001', 'Banco do Brasil', '180000.00');
  const second = await account('Itaú — cobrança', '341', 'Itaú Unibanco', '45000.00');

  const suppliers: number[] = [];
  for (const [index, name] of SUPPLIER_NAMES.entries()) {
    const town = SUPPLIER_TOWNS[index % SUPPLIER_TOWNS.length]!;
    // A few suppliers already have the alphanumeric CNPJ.
    const document = index % 7 === 3 ? demoAlphanumericCnpj(index) : demoCnpj(100 + index);
    const created = await api.post<{ id: number }>('/suppliers', {
      personType: 'J',
      name,
      document,
      stateRegistration: town.uf === 'SP' ? demoSaoPauloIe(100 + index) : null,
      email: `comercial${index + 1}@fornecedor.com.br`,
      phone: `11${String(30000000 + index * 1111)}`,
      address: await townAddress(api, town, String(100 + index * 17)),
    });
    suppliers.push(created.id);
  }

  const clients: DemoWorld['clients'] = [];
  for (const [index, client] of clientNames(60).entries()) {
    const town = TOWNS[index % TOWNS.length]!;
    const alphanumeric = !client.person && index % 23 === 5;
    const document = client.person
      ? demoCpf(index)
      : alphanumeric
        ? demoAlphanumericCnpj(50 + index)
        : demoCnpj(200 + index);
    const created = await api.post<{ id: number }>('/clients', {
      personType: client.person ? 'F' : 'J',
      name: client.name,
      document,
      stateRegistration: !client.person && town.uf === 'SP' ? demoSaoPauloIe(200 + index) : null,
      email: `compras${index + 1}@cliente.com.br`,
      mobile: `11${String(960000000 + index * 1013)}`,
      address: await townAddress(api, town, String(10 + index * 7)),
    });
    // Every tenth client pays late: its bills are the overdue ones the dashboard shows.
    clients.push({ id: created.id, latePayer: index % 10 === 7 });
  }

  const materialTypes = new Map<string, number>();
  for (const name of new Set(FEEDSTOCKS.map((f) => f.material))) {
    materialTypes.set(name, (await api.post<{ id: number }>('/material-types', { name })).id);
  }
  const items = new Map<string, number>();
  for (const feedstock of FEEDSTOCKS) {
    const created = await api.post<{ id: number }>('/feedstocks', {
      code: feedstock.code,
      name: feedstock.name,
      unitId: units.get(feedstock.unit)!,
      materialTypeId: materialTypes.get(feedstock.material)!,
      defaultSupplierId: suppliers[feedstock.supplier]!,
      // A week of what production uses: the stock screen and the dashboard flag less.
      minimumStock: quantityIn(feedstock.unit, demand.weeklyUse.get(feedstock.code) ?? 0.1),
    });
    items.set(feedstock.code, created.id);
  }

  const productCategories = new Map<string, number>();
  for (const name of new Set(PRODUCTS.map((p) => p.category))) {
    productCategories.set(name, (await api.post<{ id: number }>('/categories', { name })).id);
  }
  const brand = (await api.post<{ id: number }>('/brands', { name: 'Exemplo' })).id;
  const sewing = (
    await api.post<{ id: number }>('/outlays', {
      name: 'Costura terceirizada (facção)',
      kind: 'PER_UNIT',
      defaultValue: '5.00',
    })
  ).id;
  for (const product of PRODUCTS) {
    const created = await api.post<{ id: number }>('/products', {
      code: product.code,
      name: product.name,
      origin: product.components ? 'MANUFACTURED' : 'RESALE',
      categoryId: productCategories.get(product.category)!,
      brandId: brand,
      unitId: units.get('UN')!,
      ncm: product.ncm,
      salePrice: product.price.toFixed(2),
      minimumStock: String(product.weekly * 2),
      // "Planejar produção" buys a resold product from it.
      defaultSupplierId: product.resale ? suppliers[product.resale.supplier]! : null,
      components: (product.components ?? []).map(([code, quantity]) => ({
        feedstockId: items.get(code)!,
        quantity: String(quantity),
        lossPercent: code.startsWith('TEC') ? '3.00' : '0.00',
      })),
      outlays: product.sewing ? [{ outlayId: sewing, value: product.sewing.toFixed(2) }] : [],
    });
    items.set(product.code, created.id);
  }

  return {
    locationId,
    accounts: { main: main.id, second: second.id },
    boleto: method('BOLETO'),
    pix: method('PIX'),
    transfer: method('BANK_TRANSFER'),
    categories,
    clients,
    suppliers,
    items,
  };
}
