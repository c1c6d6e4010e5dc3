import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { useTestApi } from '../../testing/api-app.js';
import {
  crudContract,
  expectError,
  letter,
  masterData,
  nextTag,
  type Row,
} from './testing/master-data-helpers.js';

const api = useTestApi();
const md = masterData(api, 'financial-categories');

const kinds = ['INCOME', 'EXPENSE', 'EXPENSE', 'INCOME', 'EXPENSE'];
const groups = ['GROSS_REVENUE', 'COSTS', 'DEDUCTIONS', 'OTHER', 'OPERATING_EXPENSES'];

crudContract(api, {
  path: 'financial-categories',
  table: 'financial_categories',
  make: (n, tag) => ({
    name: `${tag} Conta ${letter(n)}`,
    kind: kinds[n],
    dreGroup: groups[n],
    active: n % 2 === 0,
  }),
  edit: (row) => ({ name: row.name, kind: row.kind, dreGroup: 'OTHER', active: row.active }),
  duplicate: (n, tag) => ({
    name: `${tag} CONTA ${letter(n)}`,
    kind: 'EXPENSE',
    dreGroup: 'OTHER',
  }),
  duplicateError: {
    name: 'Já existe uma categoria financeira com este nome na mesma categoria superior.',
  },
  required: ['name', 'kind', 'dreGroup'],
  maxLengths: { name: 60 },
  invalid: [
    { field: 'kind', value: 'PROFIT', message: messages.invalid },
    { field: 'dreGroup', value: 'EBITDA', message: messages.invalid },
    { field: 'parentId', value: 'abc', message: messages.notANumber },
  ],
  normalised: () => [
    { input: { parentId: '' }, stored: { parentId: null } },
    { input: { active: undefined }, stored: { active: true } },
  ],
});

const CYCLE = 'Uma categoria não pode ficar abaixo dela mesma nem de uma subcategoria sua.';
const OTHER_KIND = 'A categoria superior deve ter a mesma natureza (receita ou despesa).';

const category = (name: string, kind: string, parentId: number | null = null) =>
  md.create({ name, kind, dreGroup: kind === 'INCOME' ? 'GROSS_REVENUE' : 'COSTS', parentId });

const edit = (row: Row, changes: Record<string, unknown>) =>
  md.put(row.id, {
    parentId: row.parentId,
    name: row.name,
    kind: row.kind,
    dreGroup: row.dreGroup,
    active: row.active,
    version: row.version,
    ...changes,
  });

describe('financial-categories: the tree', () => {
  it('is seeded with a standard chart, each category in its DRE group', async () => {
    const response = await md.list({ pageSize: 100 });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().items as Row[];
    const byName = new Map(rows.map((row) => [row.name, row]));
    const expected: [string, string, string, string | null][] = [
      ['Receitas de vendas', 'INCOME', 'GROSS_REVENUE', null],
      ['Venda de produtos', 'INCOME', 'GROSS_REVENUE', 'Receitas de vendas'],
      ['Prestação de serviços', 'INCOME', 'GROSS_REVENUE', 'Receitas de vendas'],
      ['Devoluções de vendas', 'EXPENSE', 'DEDUCTIONS', 'Deduções da receita'],
      ['Impostos sobre vendas', 'EXPENSE', 'DEDUCTIONS', 'Deduções da receita'],
      ['Matéria-prima', 'EXPENSE', 'COSTS', 'Custos de produção'],
      ['Mão de obra direta', 'EXPENSE', 'COSTS', 'Custos de produção'],
      ['Energia elétrica', 'EXPENSE', 'COSTS', 'Custos de produção'],
      ['Aluguel', 'EXPENSE', 'OPERATING_EXPENSES', 'Despesas operacionais'],
      ['Tarifas bancárias', 'EXPENSE', 'FINANCIAL_RESULT', 'Despesas financeiras'],
      ['Juros pagos', 'EXPENSE', 'FINANCIAL_RESULT', 'Despesas financeiras'],
      ['Juros recebidos', 'INCOME', 'FINANCIAL_RESULT', 'Receitas financeiras'],
      ['Outras receitas', 'INCOME', 'OTHER', null],
      ['Outras despesas', 'EXPENSE', 'OTHER', null],
    ];
    for (const [name, kind, dreGroup, parent] of expected) {
      const row = byName.get(name);
      expect({ name, kind: row?.kind, dreGroup: row?.dreGroup, active: row?.active }).toEqual({
        name,
        kind,
        dreGroup,
        active: true,
      });
      expect(row!.parentId).toBe(parent === null ? null : byName.get(parent)!.id);
    }
  });

  it('takes a parent of the same kind and refuses one of the other kind (400)', async () => {
    const { tag } = nextTag();
    const income = await category(`${tag} Receita`, 'INCOME');
    const child = await category(`${tag} Filha`, 'INCOME', income.id);
    expect(child.parentId).toBe(income.id);
    expectError(
      await md.post({
        name: `${tag} Despesa`,
        kind: 'EXPENSE',
        dreGroup: 'COSTS',
        parentId: income.id,
      }),
      400,
      messages.errors.badRequest,
      { parentId: OTHER_KIND },
    );
    // Nor can the parent change kind while it has children of its own kind.
    expectError(await edit(income, { kind: 'EXPENSE' }), 400, messages.errors.badRequest, {
      kind: 'Altere antes a natureza das subcategorias: elas devem ter a mesma da superior.',
    });
    expectError(
      await md.post({ name: `${tag} Órfã`, kind: 'INCOME', dreGroup: 'OTHER', parentId: 999999 }),
      400,
      messages.errors.badRequest,
      { parentId: 'Categoria superior não encontrada.' },
    );
  });

  it('refuses a cycle (400): under itself or under one of its descendants', async () => {
    const { tag } = nextTag();
    const top = await category(`${tag} Topo`, 'EXPENSE');
    const middle = await category(`${tag} Meio`, 'EXPENSE', top.id);
    const bottom = await category(`${tag} Base`, 'EXPENSE', middle.id);
    expectError(await edit(top, { parentId: top.id }), 400, messages.errors.badRequest, {
      parentId: CYCLE,
    });
    expectError(await edit(top, { parentId: bottom.id }), 400, messages.errors.badRequest, {
      parentId: CYCLE,
    });
    expect(await md.read(top.id)).toEqual(top);
    // Moving a branch elsewhere is fine.
    const moved = await edit(bottom, { parentId: top.id });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('keeps names unique among siblings only (409 on the name)', async () => {
    const { tag } = nextTag();
    const a = await category(`${tag} A`, 'EXPENSE');
    const b = await category(`${tag} B`, 'EXPENSE');
    await category(`${tag} Luz`, 'EXPENSE', a.id);
    await category(`${tag} Luz`, 'EXPENSE', b.id);
    const message = 'Já existe uma categoria financeira com este nome na mesma categoria superior.';
    expectError(
      await md.post({ name: `${tag} LUZ`, kind: 'EXPENSE', dreGroup: 'COSTS', parentId: a.id }),
      409,
      message,
      { name: message },
    );
  });

  it('refuses to delete a category with children (409 IN_USE), then deletes it once alone', async () => {
    const { tag } = nextTag();
    const parent = await category(`${tag} Pai`, 'INCOME');
    const child = await category(`${tag} Filho`, 'INCOME', parent.id);
    const refused = await md.del(parent.id);
    expectError(refused, 409, messages.errors.inUse);
    expect(refused.json().error.code).toBe('IN_USE');
    expect((await md.del(child.id)).statusCode).toBe(204);
    expect((await md.del(parent.id)).statusCode).toBe(204);
  });
});

describe('financial-categories: export', () => {
  it('exports the filtered chart as CSV, each parent by its name', async () => {
    const response = await api.request({
      method: 'GET',
      url: `${md.url}/export?format=csv&dreGroup=FINANCIAL_RESULT`,
      token: await api.adminToken(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines.slice(1).sort()).toEqual(
      [
        ';Despesas financeiras;Despesa;Resultado financeiro;Sim',
        ';Receitas financeiras;Receita;Resultado financeiro;Sim',
        'Despesas financeiras;Juros pagos;Despesa;Resultado financeiro;Sim',
        'Despesas financeiras;Tarifas bancárias;Despesa;Resultado financeiro;Sim',
        'Receitas financeiras;Juros recebidos;Receita;Resultado financeiro;Sim',
        'Receitas financeiras;Rendimentos de aplicações;Receita;Resultado financeiro;Sim',
      ].sort(),
    );
  });
});
