import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { checkingAccounts } from '../../shared/resources/checking-accounts.js';
import { users } from '../../shared/resources/users.js';
import { parseCsv } from './csv.js';
import { createExportFile } from './export.js';
import { matchHeader, parseRow, sheetFields } from './spreadsheet-format.js';
import { readXlsx } from './spreadsheet.js';

const account = {
  name: 'Conta Movimento',
  bankCode: '001',
  bankName: null,
  agency: '0123',
  accountNumber: '45678-9',
  openingBalance: '-1234.56',
  openingDate: '2025-01-31',
  balance: '25000.75',
  active: true,
};

describe('list exports', () => {
  it('XLSX: money as numbers in R$, dates as dates, codes as text; an import reads it back', async () => {
    const fields = sheetFields(checkingAccounts);
    const file = await createExportFile('xlsx', checkingAccounts.label, fields);
    file.addRow(account, new Map());
    const bytes = await file.finish();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    const cell = (label: string) =>
      sheet.getRow(2).getCell(fields.findIndex((f) => f.label === label) + 1);
    expect(cell('Saldo inicial').value).toBe(-1234.56);
    expect(cell('Saldo inicial').numFmt).toMatch(/R\$/);
    expect(cell('Saldo atual').value).toBe(25000.75);
    expect(cell('Data do saldo inicial').value).toEqual(new Date(Date.UTC(2025, 0, 31)));
    expect(cell('Data do saldo inicial').numFmt).toBe('dd/mm/yyyy');
    expect(cell('Código do banco').value).toBe('001');
    expect(cell('Código do banco').numFmt).toBe('@');
    expect(cell('Ativo').value).toBe('Sim');
    // A money column keeps its format for the rows a person adds later.
    expect(sheet.getColumn(fields.findIndex((f) => f.key === 'balance') + 1).numFmt).toMatch(/R\$/);

    const [header = [], ...rows] = await readXlsx(bytes);
    const imported = checkingAccounts.schema.parse(parseRow(matchHeader(fields, header), rows[0]!));
    expect(imported).toEqual({
      name: 'Conta Movimento',
      bankCode: '001',
      bankName: null,
      agency: '0123',
      accountNumber: '45678-9',
      openingBalance: '-1234.56',
      openingDate: '2025-01-31',
      active: true,
    });
  });

  it('XLSX: an instant (last login) as a São Paulo date and time', async () => {
    const fields = sheetFields(users);
    const file = await createExportFile('xlsx', users.label, fields);
    file.addRow(
      {
        name: 'Ana',
        email: 'ana@fabril.test',
        roleId: 3,
        active: true,
        lastLoginAt: '2025-06-15T15:05:00.000Z',
      },
      new Map([['roleId', new Map([[3, 'Vendas']])]]),
    );
    const rows = await readXlsx(await file.finish());
    expect(rows[1]).toEqual([
      'Ana',
      'ana@fabril.test',
      'Vendas',
      'Sim',
      new Date(Date.UTC(2025, 5, 15, 12, 5)),
    ]);
  });

  it('CSV stays pt-BR formatted text, formulas guarded', async () => {
    const fields = sheetFields(checkingAccounts);
    const file = await createExportFile('csv', checkingAccounts.label, fields);
    file.addRow({ ...account, name: '=SOMA(1)' }, new Map());
    const text = (await file.finish()).toString('utf8').replace(/^\uFEFF/, '');
    expect(parseCsv(text)[1]).toEqual([
      "'=SOMA(1)",
      '001',
      '',
      '0123',
      '45678-9',
      '-1.234,56',
      '31/01/2025',
      '25.000,75',
      'Sim',
    ]);
  });
});
