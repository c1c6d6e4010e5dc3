import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../platform/csv.js';
import { useTestApi } from '../../testing/api-app.js';
import { multipart } from '../../testing/multipart.js';
import { cpfFrom as cpf, formatCpf } from './testing/master-data-helpers.js';

const api = useTestApi();
const BASE = '/api/v1';

async function importFile(
  path: string,
  fileName: string,
  content: Buffer | string,
  token?: string,
) {
  return api.request({
    method: 'POST',
    url: `${BASE}/${path}/import`,
    token: token ?? (await api.adminToken()),
    ...multipart(fileName, content),
  });
}

async function exportCsv(path: string, query = '') {
  const response = await api.request({
    method: 'GET',
    url: `${BASE}/${path}/export?format=csv${query}`,
    token: await api.adminToken(),
  });
  expect(response.statusCode).toBe(200);
  return response;
}

/** The rows of an exported CSV, by header label. */
function csvRows(body: string) {
  const [header, ...rows] = parseCsv(body.replace(/^\uFEFF/, ''));
  return rows.map((row) => Object.fromEntries(header!.map((label, i) => [label, row[i]])));
}

const csvText = (rows: string[][]) =>
  '\uFEFF' +
  rows
    .map((row) =>
      row.map((v) => (/[;"\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)).join(';'),
    )
    .join('\r\n') +
  '\r\n';

/**
 * The records a search of `path` finds, each as its form reads it (GET /:id): a list row is only
 * what the list shows.
 */
async function recordsFound(path: string, q: string): Promise<Record<string, unknown>[]> {
  const token = await api.adminToken();
  const list = await api.request({
    method: 'GET',
    url: `${BASE}/${path}?q=${encodeURIComponent(q)}`,
    token,
  });
  expect(list.statusCode, list.body).toBe(200);
  return Promise.all(
    (list.json().items as { id: number }[]).map(async ({ id }) => {
      const read = await api.request({ method: 'GET', url: `${BASE}/${path}/${id}`, token });
      expect(read.statusCode, read.body).toBe(200);
      return read.json() as Record<string, unknown>;
    }),
  );
}

async function clientCount() {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM clients`.execute(api.db);
  return Number(rows[0]!.n);
}

async function tokenWith(permissions: string[]) {
  const admin = await api.adminToken();
  const name = `Perfil ${Math.random().toString(36).slice(2, 8)}`;
  const role = await api.request({
    method: 'POST',
    url: `${BASE}/roles`,
    token: admin,
    payload: { name, permissions },
  });
  expect(role.statusCode).toBe(201);
  const email = `${name.replace(/\W/g, '').toLowerCase()}@fabril.test`;
  const user = await api.request({
    method: 'POST',
    url: `${BASE}/users`,
    token: admin,
    payload: { name, email, roleId: role.json().id, password: 'senha-segura-1' },
  });
  expect(user.statusCode).toBe(201);
  return api.login(email, 'senha-segura-1');
}

const joao = cpf('052998224');
const maria = cpf('123456789');

describe('export', () => {
  beforeAll(async () => {
    const token = await api.adminToken();
    const create = (payload: Record<string, unknown>) =>
      api.request({ method: 'POST', url: `${BASE}/clients`, token, payload });
    const created = await Promise.all([
      create({
        personType: 'F',
        document: joao,
        name: 'João da Silva',
        phone: '11987654321',
        creditLimit: '1234.5',
        address: { zipCode: '01310100', city: 'São Paulo', state: 'SP' },
        notes: 'Entregar; "fundos"\nportão azul',
      }),
      create({
        personType: 'F',
        document: maria,
        name: 'Maria da Conceição',
        address: { city: 'Belo Horizonte', state: 'MG' },
        active: false,
      }),
      create({
        personType: 'J',
        document: '11.222.333/0001-81',
        name: 'Malharia Boa Vista Ltda.',
        tradeName: '=Boa Vista',
        address: { city: 'Rio de Janeiro', state: 'RJ' },
      }),
    ]);
    for (const response of created) expect(response.statusCode).toBe(201);
  });

  it('downloads the filtered list as CSV for Excel pt-BR: BOM, `;`, CRLF, Brazilian formats', async () => {
    const response = await exportCsv('clients');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="clientes-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = response.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFFTipo de pessoa;CPF / CNPJ;Nome / Razão social;')).toBe(true);
    expect(body.split('\r\n')[0]).toBe(
      '\uFEFFTipo de pessoa;CPF / CNPJ;Nome / Razão social;Nome fantasia;Inscrição estadual;' +
        'E-mail;Telefone;Celular;CEP;Logradouro;Número;Complemento;Bairro;Cidade;UF;' +
        'Município (IBGE);Limite de crédito;Observações;Ativo',
    );
    expect(body).toContain(
      `Pessoa Física;${formatCpf(joao)};João da Silva;;;;(11) 98765-4321;;01310-100;;;;;São Paulo;SP;3550308;1.234,50;"Entregar; ""fundos""\nportão azul";Sim\r\n`,
    );
    const rows = csvRows(body);
    // Sorted by name, the Brazilian way, like the list.
    expect(rows.map((r) => r['Nome / Razão social'])).toEqual([
      'João da Silva',
      'Malharia Boa Vista Ltda.',
      'Maria da Conceição',
    ]);
    expect(rows[1]).toMatchObject({
      'Tipo de pessoa': 'Pessoa Jurídica',
      'CPF / CNPJ': '11.222.333/0001-81',
      // A text Excel would run as a formula goes out with an apostrophe.
      'Nome fantasia': "'=Boa Vista",
      'Limite de crédito': '',
    });
    expect(rows[2]).toMatchObject({ 'CPF / CNPJ': formatCpf(maria), Ativo: 'Não' });
  });

  it('exports what the list shows for the same q, filters and sort, every page', async () => {
    const names = async (query: string) =>
      csvRows((await exportCsv('clients', query)).body).map((r) => r['Nome / Razão social']);
    expect(await names('&q=joao')).toEqual(['João da Silva']);
    expect(await names('&q=conceicao')).toEqual(['Maria da Conceição']);
    expect(await names('&state=RJ')).toEqual(['Malharia Boa Vista Ltda.']);
    expect(await names('&active=false')).toEqual(['Maria da Conceição']);
    expect(await names('&personType=F&sort=-name')).toEqual([
      'Maria da Conceição',
      'João da Silva',
    ]);
    // Paging parameters do not limit an export.
    expect(await names('&page=2&pageSize=1')).toHaveLength(3);
    const bad = await api.request({
      method: 'GET',
      url: `${BASE}/clients/export?format=pdf`,
      token: await api.adminToken(),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('downloads XLSX named after the screen: money as numbers in R$, documents as text that keeps leading zeros', async () => {
    const response = await api.request({
      method: 'GET',
      url: `${BASE}/clients/export?format=xlsx&personType=F`,
      token: await api.adminToken(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="clientes-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Clientes');
    expect(sheet.getCell('B1').value).toBe('CPF / CNPJ');
    expect(sheet.getCell('B1').font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).values).toEqual(
      expect.arrayContaining(['Pessoa Física', formatCpf(joao), 'João da Silva', 1234.5]),
    );
    // Limite de crédito: a number Excel can sum, shown as R$ 1.234,50.
    expect(sheet.getCell('Q2').type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getCell('Q2').numFmt).toMatch(/R\$.*#,##0\.00/);
    // The IBGE code filled from São Paulo/SP: text, as a code is.
    expect(sheet.getCell('P2').value).toBe('3550308');
    expect(sheet.getCell('P2').numFmt).toBe('@');
    expect(sheet.getCell('I2').value).toBe('01310-100');
    expect(sheet.getCell('I2').numFmt).toBe('@');
    expect(sheet.getCell('G2').value).toBe('(11) 98765-4321');
    expect(sheet.getCell('B2').value).toBe('052.998.224-' + joao.slice(9));
    expect(sheet.getCell('B2').numFmt).toBe('@');
    expect(sheet.getCell('S3').value).toBe('Não');
    expect(sheet.getColumn('C').width).toBeGreaterThanOrEqual(20);
  });

  it('exports every master-data resource, users and roles included', async () => {
    const token = await api.adminToken();
    await api.request({
      method: 'POST',
      url: `${BASE}/checking-accounts`,
      token,
      payload: {
        name: 'Conta Movimento',
        bankCode: '001',
        openingBalance: '25000.75',
        openingDate: '2025-01-31',
      },
    });
    const accounts = csvRows((await exportCsv('checking-accounts')).body);
    expect(accounts).toEqual([
      // Every database starts with it (migration 0020).
      expect.objectContaining({ Nome: 'Caixa', 'Código do banco': '000', 'Saldo atual': '0,00' }),
      expect.objectContaining({
        Nome: 'Conta Movimento',
        'Saldo inicial': '25.000,75',
        'Data do saldo inicial': '31/01/2025',
        'Saldo atual': '25.000,75',
        Ativo: 'Sim',
      }),
    ]);

    const usersCsv = (await exportCsv('users', '&q=administrador')).body;
    expect(usersCsv.split('\r\n')[0]).toBe('\uFEFFNome;E-mail;Perfil;Ativo;Último acesso');
    expect(csvRows(usersCsv)[0]).toMatchObject({
      Nome: 'Administrador',
      Perfil: 'Administrador',
      Ativo: 'Sim',
      'Último acesso': expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
    });
    expect(usersCsv).not.toMatch(/senha|argon/i);

    const rolesCsv = (await exportCsv('roles')).body;
    expect(rolesCsv.split('\r\n')[0]).toBe('\uFEFFNome;Descrição;Ativo');
    expect(rolesCsv).toContain('Administrador;Acesso total ao sistema;Sim');

    for (const path of [
      'brands',
      'categories',
      'colors',
      'material-types',
      'sizes',
      'units-of-measurement',
      'outlays',
      'stock-locations',
      'payment-methods',
      'suppliers',
    ]) {
      const response = await exportCsv(path);
      expect(response.body.startsWith('\uFEFF'), path).toBe(true);
    }
  });

  it('needs <area>:read to export and <area>:write to import', async () => {
    const reader = await tokenWith(['clients:read']);
    const other = await tokenWith(['suppliers:read', 'suppliers:write']);
    const asReader = await api.request({
      method: 'GET',
      url: `${BASE}/clients/export?format=csv`,
      token: reader,
    });
    expect(asReader.statusCode).toBe(200);
    const asOther = await api.request({
      method: 'GET',
      url: `${BASE}/clients/export?format=csv`,
      token: other,
    });
    expect(asOther.statusCode).toBe(403);
    const file = csvText([['Tipo de pessoa', 'CPF / CNPJ', 'Nome / Razão social']]);
    expect((await importFile('clients', 'c.csv', file, reader)).statusCode).toBe(403);
    expect((await importFile('clients', 'c.csv', file, other)).statusCode).toBe(403);
    const anonymous = await api.request({ method: 'GET', url: `${BASE}/clients/export` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('import', () => {
  it('imports a good CSV in one go, with an audit entry per row', async () => {
    const before = await clientCount();
    const file = csvText([
      // Labels in any case and without accents; unknown columns are ignored.
      [
        'TIPO DE PESSOA',
        'cpf / cnpj',
        'Nome / Razao Social',
        'Coluna extra',
        'Limite de crédito',
        'Ativo',
        'Cidade',
        'UF',
        'CEP',
      ],
      [
        'Pessoa Física',
        formatCpf(cpf('200000001')),
        'Antônio Conceição',
        'x',
        '1.500,00',
        'Sim',
        'Curitiba',
        'pr',
        '80010-000',
      ],
      ['F', cpf('200000002'), 'Ana; "Aninha"', '', '', 'Não', '', '', ''],
      ['', '', '', '', '', '', '', '', ''],
      [
        'Pessoa Jurídica',
        '12.ABC.345/01DE-35',
        'Confecções Alfa Ltda.',
        '',
        '10000',
        '',
        'Recife',
        'PE',
        '',
      ],
    ]);
    const response = await importFile('clients', 'clientes.csv', file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 3 });
    expect(await clientCount()).toBe(before + 3);

    const token = await api.adminToken();
    const [antonio] = await recordsFound('clients', 'antonio');
    expect(antonio).toMatchObject({
      personType: 'F',
      document: cpf('200000001'),
      creditLimit: '1500.00',
      active: true,
      address: { city: 'Curitiba', state: 'PR', zipCode: '80010000' },
      version: 1,
    });
    const [ana] = await recordsFound('clients', 'aninha');
    expect(ana).toMatchObject({ name: 'Ana; "Aninha"', active: false, creditLimit: null });
    const [alfa] = await recordsFound('clients', 'alfa');
    expect(alfa).toMatchObject({
      personType: 'J',
      document: '12ABC34501DE35',
      creditLimit: '10000.00',
    });

    const history = await api.request({
      method: 'GET',
      url: `${BASE}/audit?entity=clients&entityId=${antonio!.id}`,
      token,
    });
    const [entry] = history.json().items;
    expect(entry).toMatchObject({ action: 'import', userName: 'Administrador' });
    expect(entry.changes.name).toEqual({ from: null, to: 'Antônio Conceição' });
  });

  it('imports a good XLSX, numbers and dropped leading zeros included', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Planilha1');
    sheet.addRow([
      'Tipo de pessoa',
      'CPF / CNPJ',
      'Nome / Razão social',
      'E-mail',
      'Contato',
      'Ativo',
    ]);
    const leadingZero = cpf('012345670');
    sheet.addRow([
      'Pessoa Física',
      Number(leadingZero),
      'Zoé Fornecedora',
      { text: 'ZOE@Exemplo.com.br', hyperlink: 'mailto:zoe@exemplo.com.br' },
      'Zoé',
      'Sim',
    ]);
    sheet.addRow(['J', '11.444.777/0001-61', 'Têxtil Beta S.A.', '', 'Carlos', true]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    const response = await importFile('suppliers', 'fornecedores.xlsx', bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 2 });
    const [zoe] = await recordsFound('suppliers', 'zoe');
    expect(zoe).toMatchObject({
      document: leadingZero,
      email: 'zoe@exemplo.com.br',
      contactName: 'Zoé',
    });
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM audit_log WHERE entity = 'suppliers' AND action = 'import'`.execute(
      api.db,
    );
    expect(Number(rows[0]!.n)).toBe(2);
  });

  it('imports an exported XLSX back as it was: numbers, texts with zeros and punctuation', async () => {
    const token = await api.adminToken();
    const payloads = [
      {
        personType: 'F',
        document: cpf('012000001'),
        name: 'Ida e Volta Primeira',
        phone: '1134567890',
        creditLimit: '1500.75',
        address: { zipCode: '01310100', number: '0042', city: 'São Paulo', state: 'SP' },
        notes: 'Linha 1\nLinha 2',
      },
      {
        personType: 'J',
        document: '11444777000161',
        name: 'Ida e Volta Segunda Ltda.',
        stateRegistration: 'ISENTO',
        creditLimit: '0.10',
        active: false,
      },
    ];
    const rowsOf = () => recordsFound('clients', 'ida e volta');
    for (const payload of payloads) {
      const created = await api.request({ method: 'POST', url: `${BASE}/clients`, token, payload });
      expect(created.statusCode, created.body).toBe(201);
    }
    const stored = await rowsOf();
    expect(stored).toHaveLength(2);

    const exported = await api.request({
      method: 'GET',
      url: `${BASE}/clients/export?format=xlsx&q=ida e volta`,
      token,
    });
    expect(exported.statusCode).toBe(200);
    for (const row of stored) {
      const deleted = await api.request({
        method: 'DELETE',
        url: `${BASE}/clients/${row.id}`,
        token,
      });
      expect(deleted.statusCode).toBe(204);
    }

    const response = await importFile('clients', 'clientes.xlsx', exported.rawPayload);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 2 });
    const bookkeeping = ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'];
    const withoutBookkeeping = (rows: Record<string, unknown>[]) =>
      rows.map((row) =>
        Object.fromEntries(Object.entries(row).filter(([key]) => !bookkeeping.includes(key))),
      );
    expect(withoutBookkeeping(await rowsOf())).toEqual(withoutBookkeeping(stored));
  });

  it('imports nothing when one row is bad, and names the line and field', async () => {
    const before = await clientCount();
    const file = csvText([
      ['Tipo de pessoa', 'CPF / CNPJ', 'Nome / Razão social', 'Limite de crédito'],
      ['F', cpf('300000001'), 'Primeira Boa', ''],
      ['F', '123.456.789-00', 'Segunda Ruim', 'abc'],
      ['F', cpf('300000003'), 'Terceira Boa', ''],
    ]);
    const response = await importFile('clients', 'clientes.csv', file);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error).toMatchObject({
      code: 'IMPORT_INVALID',
      message: 'Nenhum registro importado: 1 linha com erro.',
      fields: { '3.document': 'CPF inválido', '3.creditLimit': 'Valor deve ser um número' },
      requestId: expect.any(String),
    });
    expect(await clientCount()).toBe(before);
  });

  it('reports a document repeated in the file and one already registered', async () => {
    const before = await clientCount();
    const file = csvText([
      ['Tipo de pessoa', 'CPF / CNPJ', 'Nome / Razão social'],
      ['F', cpf('400000001'), 'Primeira'],
      ['F', formatCpf(cpf('400000001')), 'Repetida no arquivo'],
      ['F', formatCpf(joao), 'Já cadastrado'],
      ['F', cpf('400000004'), 'Boa'],
    ]);
    const response = await importFile('clients', 'clientes.csv', file);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'IMPORT_INVALID',
      message: 'Nenhum registro importado: 2 linhas com erro.',
      fields: {
        '3.document': 'Repetido no arquivo (linha 2).',
        '4.document': 'Já existe um registro com este valor.',
      },
    });
    expect(await clientCount()).toBe(before);
  });

  it('refuses what is not a spreadsheet, a missing file and resources that are not importable', async () => {
    const png = await importFile(
      'clients',
      'foto.png',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]),
    );
    expect(png.statusCode).toBe(400);
    expect(png.json().error.code).toBe('IMPORT_INVALID');
    const wrongField = await api.request({
      method: 'POST',
      url: `${BASE}/clients/import`,
      token: await api.adminToken(),
      ...multipart('c.csv', 'a;b', 'arquivo'),
    });
    expect(wrongField.statusCode).toBe(400);
    const notMultipart = await api.request({
      method: 'POST',
      url: `${BASE}/clients/import`,
      token: await api.adminToken(),
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().error.message).toBe(
      'Envie a planilha no campo "file" (multipart/form-data).',
    );
    const brands = await importFile('brands', 'marcas.csv', csvText([['Nome'], ['Marca']]));
    expect(brands.statusCode).toBe(404);
  });

  // How long it takes is measured by bench/lists (a timed test would fail on a busy machine).
  it('imports 10,000 rows in one request, all of them', async () => {
    const rows = [
      [
        'Tipo de pessoa',
        'CPF / CNPJ',
        'Nome / Razão social',
        'Telefone',
        'Cidade',
        'UF',
        'CEP',
        'Limite de crédito',
        'Ativo',
      ],
    ];
    for (let i = 0; i < 10_000; i++) {
      rows.push([
        'Pessoa Física',
        formatCpf(cpf(String(500_000_000 + i))),
        `Cliente em lote ${i}`,
        '(11) 3456-7890',
        'São Paulo',
        'SP',
        '01310-100',
        '2.500,00',
        'Sim',
      ]);
    }
    const before = await clientCount();
    const response = await importFile('clients', 'lote.csv', csvText(rows));
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(response.json()).toEqual({ imported: 10_000 });
    expect(await clientCount()).toBe(before + 10_000);
  });
});
