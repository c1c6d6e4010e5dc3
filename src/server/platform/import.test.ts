import { describe, expect, it } from 'vitest';
import { clients } from '../../shared/resources/clients.js';
import {
  checkImport,
  ImportInvalidError,
  readImportSheet,
  type ImportCheckOptions,
  type ImportSheet,
} from './import.js';
import { ImportTooLargeError } from './import-limits.js';

const header = ['Tipo de pessoa', 'CPF / CNPJ', 'Nome / Razão social', 'Limite de crédito', 'UF'];
const noneExisting: ImportCheckOptions = {
  uniqueFields: ['document'],
  existing: async () => new Set<string>(),
};

/** Rows as a file has them, line n at index n - 1. */
function sheetOf([header = [], ...rows]: unknown[][]): ImportSheet {
  return { header, rows: rows.map((cells, index) => ({ line: index + 2, cells })) };
}

async function problems(rows: unknown[][], options: ImportCheckOptions = noneExisting) {
  const error = await checkImport(clients, sheetOf(rows), options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImportInvalidError);
  const { message, fields } = error as ImportInvalidError;
  return { message, fields };
}

describe('checking an import before writing', () => {
  it('answers the rows as the API takes them, with their spreadsheet line', async () => {
    const rows = await checkImport(
      clients,
      sheetOf([
        header,
        ['Pessoa Física', '529.982.247-25', 'João da Silva', '1.234,50', 'sp'],
        [],
        ['J', '11.222.333/0001-81', 'Malharia Ltda.', '', ''],
      ]),
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

describe('reading an upload within the limits', () => {
  const csv = (text: string) => Buffer.from(text, 'utf8');

  it('keeps the header and the non-blank rows with their lines', async () => {
    const sheet = await readImportSheet('csv', csv('Nome;UF\r\nAna;SP\r\n;\r\n\r\nBia;RJ\r\n'));
    expect(sheet).toEqual({
      header: ['Nome', 'UF'],
      rows: [
        { line: 2, cells: ['Ana', 'SP'] },
        { line: 5, cells: ['Bia', 'RJ'] },
      ],
    });
  });

  it('takes 50,000 data rows, blank ones not counted, and refuses the 50,001st (413)', async () => {
    const rows = 'Ana;SP\r\n;\r\n'.repeat(50_000);
    expect((await readImportSheet('csv', csv(`Nome;UF\r\n${rows}`))).rows).toHaveLength(50_000);
    const refused = await readImportSheet('csv', csv(`Nome;UF\r\n${rows}Bia;RJ\r\n`)).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ImportTooLargeError);
    expect(refused).toMatchObject({
      statusCode: 413,
      code: 'FILE_TOO_LARGE',
      message:
        'Planilha com mais de 50.000 linhas de dados: divida-a em arquivos menores e importe um de cada vez.',
    });
  });

  it('refuses a cell of more than 10,000 characters, naming its line and column', async () => {
    const refused = await readImportSheet(
      'csv',
      csv(`Nome;Observações\r\nAna;${'x'.repeat(10_000)}\r\nBia;${'x'.repeat(10_001)}\r\n`),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ImportInvalidError);
    expect(refused).toMatchObject({
      message:
        'Nenhum registro importado: a linha 3, coluna "Observações", passa de 10.000 caracteres.',
      fields: { '3.Observações': 'Texto longo demais: no máximo 10.000 caracteres por célula.' },
    });
  });
});
