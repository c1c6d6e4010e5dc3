import { describe, expect, it } from 'vitest';
import { clients } from '../../shared/resources/clients.js';
import { checkImport, ImportInvalidError, type ImportCheckOptions } from './import.js';

const header = ['Tipo de pessoa', 'CPF / CNPJ', 'Nome / Razão social', 'Limite de crédito', 'UF'];
const noneExisting: ImportCheckOptions = {
  uniqueFields: ['document'],
  existing: async () => new Set<string>(),
};

async function problems(rows: unknown[][], options: ImportCheckOptions = noneExisting) {
  const error = await checkImport(clients, rows, options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImportInvalidError);
  const { message, fields } = error as ImportInvalidError;
  return { message, fields };
}

describe('checking an import before writing', () => {
  it('answers the rows as the API takes them, with their spreadsheet line', async () => {
    const rows = await checkImport(
      clients,
      [
        header,
        ['Pessoa Física', '529.982.247-25', 'João da Silva', '1.234,50', 'sp'],
        [],
        ['J', '11.222.333/0001-81', 'Malharia Ltda.', '', ''],
      ],
      noneExisting,
    );
    expect(rows).toMatchObject([
      {
        line: 2,
        value: {
          personType: 'F',
          document: '52998224725',
          creditLimit: '1234.50',
          active: true,
          address: { state: 'SP', city: null },
        },
      },
      { line: 4, value: { personType: 'J', document: '11222333000181', creditLimit: null } },
    ]);
  });

  it('names every problem as <line>.<field> and counts the bad lines', async () => {
    const result = await problems([
      header,
      ['F', '529.982.247-25', 'João', '', ''],
      ['F', '111.111.111-11', 'Maria', 'muito', ''],
      ['X', '', '', '', 'ZZ'],
    ]);
    expect(result.message).toBe('Nenhum registro importado: 2 linhas com erro.');
    expect(result.fields).toMatchObject({
      '3.document': 'CPF inválido',
      '3.creditLimit': 'Valor deve ser um número',
      '4.personType': 'Valor inválido',
      '4.name': 'Preenchimento obrigatório',
      '4.address.state': 'UF inválida',
    });
    expect(Object.keys(result.fields!).some((key) => key.startsWith('2.'))).toBe(false);
  });

  it('reports a document repeated in the file and one already registered', async () => {
    const result = await problems(
      [
        header,
        ['F', '529.982.247-25', 'João', '', ''],
        ['F', '52998224725', 'João de novo', '', ''],
        ['J', '11.222.333/0001-81', 'Malharia', '', ''],
      ],
      {
        uniqueFields: ['document'],
        existing: async (_field, values) =>
          new Set(values.filter((value) => value === '11222333000181')),
      },
    );
    expect(result.message).toBe('Nenhum registro importado: 2 linhas com erro.');
    expect(result.fields).toEqual({
      '3.document': 'Repetido no arquivo (linha 2).',
      '4.document': 'Já existe um registro com este valor.',
    });
  });

  it('refuses a header without the required columns, and a file without data', async () => {
    const missing = await problems([['Nome / Razão social'], ['João']]);
    expect(missing.fields).toEqual({
      '1.personType': 'Coluna "Tipo de pessoa" não encontrada no cabeçalho.',
      '1.document': 'Coluna "CPF / CNPJ" não encontrada no cabeçalho.',
    });
    const empty = await problems([header, [], ['', '', '']]);
    expect(empty.message).toBe('Nenhum registro importado: o arquivo não tem linhas de dados.');
    expect((await problems([])).fields).toHaveProperty('1.document');
  });
});
