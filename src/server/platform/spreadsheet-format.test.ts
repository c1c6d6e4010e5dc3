import { describe, expect, it } from 'vitest';
import { clients } from '../../shared/resources/clients.js';
import { roles } from '../../shared/resources/roles.js';
import { users } from '../../shared/resources/users.js';
import {
  columnFormat,
  formatCell,
  formatDate,
  guardFormula,
  matchHeader,
  normalizeLabel,
  parseCell,
  parseRow,
  sheetCell,
  sheetFields,
} from './spreadsheet-format.js';

const personTypes = { F: 'Pessoa Física', J: 'Pessoa Jurídica' };

describe('spreadsheet values, the Brazilian way', () => {
  it('formats money, booleans, enums and dates as Excel pt-BR shows them', () => {
    expect(formatCell({ kind: 'money' }, '1234.5')).toBe('1.234,50');
    expect(formatCell({ kind: 'money' }, '-0.10')).toBe('-0,10');
    expect(formatCell({ kind: 'money' }, null)).toBe('');
    expect(formatCell({ kind: 'boolean' }, true)).toBe('Sim');
    expect(formatCell({ kind: 'boolean' }, false)).toBe('Não');
    expect(formatCell({ kind: 'enum', options: personTypes }, 'J')).toBe('Pessoa Jurídica');
    expect(formatCell({ kind: 'date' }, '2025-12-31')).toBe('31/12/2025');
    expect(formatCell({ kind: 'integer' }, 0)).toBe('0');
  });

  it('formats quantities in 3 places, unit costs in 4 and percentages in 2', () => {
    expect(formatCell({ kind: 'quantity' }, '1234.5')).toBe('1.234,500');
    expect(formatCell({ kind: 'quantity' }, '3.000')).toBe('3,000');
    expect(formatCell({ kind: 'unitCost' }, '12.3456')).toBe('12,3456');
    expect(formatCell({ kind: 'unitCost' }, '4.0000')).toBe('4,0000');
    expect(formatCell({ kind: 'percent' }, '10.50')).toBe('10,50%');
    expect(formatCell({ kind: 'percent' }, null)).toBe('');
  });

  it('shows instants in São Paulo time', () => {
    expect(formatDate('2025-01-01T02:30:00.000Z')).toBe('31/12/2024 23:30');
    expect(formatDate(new Date('2025-06-15T15:05:00Z'))).toBe('15/06/2025 12:05');
  });

  it('formats documents (CPF when 11 digits, else CNPJ), CEPs and phones', () => {
    expect(formatCell({ kind: 'document' }, '01234567890')).toBe('012.345.678-90');
    expect(formatCell({ kind: 'document' }, '11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCell({ kind: 'document' }, '12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatCell({ kind: 'cep' }, '01310100')).toBe('01310-100');
    expect(formatCell({ kind: 'phone' }, '11987654321')).toBe('(11) 98765-4321');
    expect(formatCell({ kind: 'phone' }, '1134567890')).toBe('(11) 3456-7890');
  });

  it('shows a reference by the name of the row it points at', () => {
    expect(formatCell({ kind: 'reference' }, 3, new Map([[3, 'Vendas']]))).toBe('Vendas');
    expect(formatCell({ kind: 'reference' }, 4, new Map())).toBe('4');
  });

  it('exports stored fields only: no password, no permission list', () => {
    expect(sheetFields(users).map((f) => f.key)).toEqual([
      'name',
      'email',
      'roleId',
      'active',
      'lastLoginAt',
    ]);
    expect(sheetFields(roles).map((f) => f.key)).toEqual(['name', 'description', 'active']);
  });

  it('guards texts that Excel would run as formulas, never negative numbers', () => {
    expect(guardFormula('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(guardFormula('+55 11')).toBe("'+55 11");
    expect(guardFormula('@soma')).toBe("'@soma");
    expect(guardFormula('-x')).toBe("'-x");
    expect(guardFormula('-1.234,50')).toBe('-1.234,50');
    expect(guardFormula('João')).toBe('João');
    expect(parseCell({ kind: 'text' }, '\'=HYPERLINK("x")')).toBe('=HYPERLINK("x")');
    expect(parseCell({ kind: 'text' }, "'Joana d'Arc")).toBe("'Joana d'Arc");
  });
});

describe('XLSX cells: numbers and dates Excel can sum and sort, documents as text', () => {
  it('writes money and integers as numbers with a BRL or integer format', () => {
    expect(sheetCell({ kind: 'money' }, '1234.50')).toEqual({
      value: 1234.5,
      numFmt: '[$R$-416] #,##0.00;-[$R$-416] #,##0.00',
    });
    expect(sheetCell({ kind: 'money' }, '-0.10').value).toBe(-0.1);
    expect(sheetCell({ kind: 'money' }, '9999999999999.99').value).toBe(9999999999999.99);
    expect(sheetCell({ kind: 'integer' }, 3)).toEqual({ value: 3, numFmt: '0' });
    expect(sheetCell({ kind: 'money' }, null)).toEqual({
      value: null,
      numFmt: columnFormat({ kind: 'money' }),
    });
  });

  it('writes quantities, unit costs and percentages as numbers Excel shows in their places', () => {
    expect(sheetCell({ kind: 'quantity' }, '1234.500')).toEqual({
      value: 1234.5,
      numFmt: '#,##0.000',
    });
    expect(sheetCell({ kind: 'unitCost' }, '12.3456')).toEqual({
      value: 12.3456,
      numFmt: '[$R$-416] #,##0.0000;-[$R$-416] #,##0.0000',
    });
    // Excel's percent format shows 0.105 as 10,50%.
    expect(sheetCell({ kind: 'percent' }, '10.50')).toEqual({ value: 0.105, numFmt: '0.00%' });
    expect(sheetCell({ kind: 'percent' }, '0.07').value).toBe(0.0007);
    expect(sheetCell({ kind: 'quantity' }, null)).toEqual({ value: null, numFmt: '#,##0.000' });
  });

  it('writes dates as dates (dd/mm/aaaa) and instants at São Paulo time', () => {
    expect(sheetCell({ kind: 'date' }, '2025-12-31')).toEqual({
      value: new Date(Date.UTC(2025, 11, 31)),
      numFmt: 'dd/mm/yyyy',
    });
    expect(sheetCell({ kind: 'date', readOnly: true }, '2025-01-01T02:30:00.000Z')).toEqual({
      value: new Date(Date.UTC(2024, 11, 31, 23, 30)),
      numFmt: 'dd/mm/yyyy hh:mm',
    });
    // Excel has no date before 1900: such a stored date goes out as text.
    expect(sheetCell({ kind: 'date' }, '1899-12-31')).toEqual({
      value: '31/12/1899',
      numFmt: '@',
    });
    expect(columnFormat({ kind: 'date' })).toBe('dd/mm/yyyy');
    expect(columnFormat({ kind: 'date', readOnly: true })).toBe('dd/mm/yyyy hh:mm');
  });

  it('keeps documents, CEPs, phones, codes, enums and booleans as formatted text', () => {
    expect(sheetCell({ kind: 'document' }, '01234567890')).toEqual({
      value: '012.345.678-90',
      numFmt: '@',
    });
    expect(sheetCell({ kind: 'cep' }, '01310100').value).toBe('01310-100');
    expect(sheetCell({ kind: 'phone' }, '11987654321').value).toBe('(11) 98765-4321');
    expect(sheetCell({ kind: 'text' }, '001')).toEqual({ value: '001', numFmt: '@' });
    expect(sheetCell({ kind: 'enum', options: personTypes }, 'F').value).toBe('Pessoa Física');
    expect(sheetCell({ kind: 'boolean' }, false).value).toBe('Não');
    expect(sheetCell({ kind: 'reference' }, 3, new Map([[3, 'Vendas']])).value).toBe('Vendas');
    expect(columnFormat({ kind: 'document' })).toBe('@');
  });
});

describe('reading spreadsheet values back', () => {
  it('reads pt-BR money, with or without thousands separators', () => {
    expect(parseCell({ kind: 'money' }, '1.234,50')).toBe('1.234,50');
    expect(parseCell({ kind: 'money' }, 'R$ 1.234')).toBe('1234');
    expect(parseCell({ kind: 'money' }, '1.234.567')).toBe('1234567');
    expect(parseCell({ kind: 'money' }, 1500.5)).toBe(1500.5);
    expect(parseCell({ kind: 'money' }, '  ')).toBeUndefined();
  });

  it('reads quantities and percentages back as exported, in a CSV or an XLSX', () => {
    expect(parseCell({ kind: 'quantity' }, '1.234,500')).toBe('1.234,500');
    expect(parseCell({ kind: 'quantity' }, '1.234')).toBe('1234');
    expect(parseCell({ kind: 'quantity' }, 12.5)).toBe(12.5);
    expect(parseCell({ kind: 'percent' }, '10,50%')).toBe('10,50');
    expect(parseCell({ kind: 'percent' }, '10,5 %')).toBe('10,5');
    expect(parseCell({ kind: 'percent' }, 0.105)).toBe('10.5');
    expect(parseCell({ kind: 'percent' }, 0.07)).toBe('7');
    expect(parseCell({ kind: 'unitCost' }, 'R$ 12,3456')).toBe('12,3456');
  });

  it('reads Sim/Não and its variants, and leaves anything else for the schema to reject', () => {
    expect(parseCell({ kind: 'boolean' }, 'Sim')).toBe(true);
    expect(parseCell({ kind: 'boolean' }, 'NÃO')).toBe(false);
    expect(parseCell({ kind: 'boolean' }, 'nao')).toBe(false);
    expect(parseCell({ kind: 'boolean' }, true)).toBe(true);
    expect(parseCell({ kind: 'boolean' }, 'talvez')).toBe('talvez');
  });

  it('reads enums by label or code, accents and case ignored', () => {
    const field = { kind: 'enum' as const, options: personTypes };
    expect(parseCell(field, 'Pessoa Jurídica')).toBe('J');
    expect(parseCell(field, 'pessoa fisica')).toBe('F');
    expect(parseCell(field, 'f')).toBe('F');
    expect(parseCell(field, 'Outra')).toBe('Outra');
  });

  it('reads dd/mm/aaaa and date cells as YYYY-MM-DD', () => {
    expect(parseCell({ kind: 'date' }, '31/12/2025')).toBe('2025-12-31');
    expect(parseCell({ kind: 'date' }, '1/2/2025')).toBe('2025-02-01');
    expect(parseCell({ kind: 'date' }, new Date(Date.UTC(2025, 1, 3)))).toBe('2025-02-03');
  });

  it('restores the leading zeros Excel drops from documents and CEPs typed as numbers', () => {
    expect(parseCell({ kind: 'document' }, 1234567890, { personType: 'F' })).toBe('01234567890');
    expect(parseCell({ kind: 'document' }, 11222333000181, { personType: 'J' })).toBe(
      '11222333000181',
    );
    expect(parseCell({ kind: 'document' }, 191000000, { personType: 'J' })).toBe('00000191000000');
    expect(parseCell({ kind: 'cep' }, 1310100)).toBe('01310100');
    expect(parseCell({ kind: 'text' }, 123456789012)).toBe('123456789012');
  });

  it('matches header labels without accents or case, ignores unknown columns', () => {
    expect(normalizeLabel('  Nome /  Razão Social ')).toBe('nome / razao social');
    const columns = matchHeader(sheetFields(clients), [
      'NOME / RAZAO SOCIAL',
      'Coluna qualquer',
      'cpf / cnpj',
      'Tipo de Pessoa',
      'cidade',
      'creditLimit',
    ]);
    expect(columns.map((c) => [c.field.key, c.index])).toEqual([
      ['name', 0],
      ['document', 2],
      ['personType', 3],
      ['address.city', 4],
      ['creditLimit', 5],
    ]);
  });

  it('builds the API object of a row, nested address included', () => {
    const columns = matchHeader(sheetFields(clients), ['Tipo de pessoa', 'CPF / CNPJ', 'Cidade']);
    expect(parseRow(columns, ['Pessoa Física', 1234567890, 'São Paulo'])).toEqual({
      personType: 'F',
      document: '01234567890',
      address: { city: 'São Paulo' },
    });
  });
});
