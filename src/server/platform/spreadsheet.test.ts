import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { NUMBER_FORMATS } from './spreadsheet-format.js';
import { createXlsxWriter, readXlsx, uploadKind } from './spreadsheet.js';

describe('XLSX files', () => {
  it('writes a bold header, text, number and date cells with their formats, and reads them back', async () => {
    const writer = await createXlsxWriter('Clientes: ativos', [
      { label: 'CPF / CNPJ', width: 20, numFmt: NUMBER_FORMATS.text },
      { label: 'Limite', width: 16, numFmt: NUMBER_FORMATS.money },
      { label: 'Desde', width: 12, numFmt: NUMBER_FORMATS.date },
    ]);
    writer.addRow([
      { value: '012.345.678-90', numFmt: NUMBER_FORMATS.text },
      { value: 1234.5, numFmt: NUMBER_FORMATS.money },
      { value: new Date(Date.UTC(2025, 11, 31)), numFmt: NUMBER_FORMATS.date },
    ]);
    writer.addRow([
      { value: null, numFmt: NUMBER_FORMATS.text },
      { value: -0.1, numFmt: NUMBER_FORMATS.money },
      { value: null, numFmt: NUMBER_FORMATS.date },
    ]);
    const bytes = await writer.finish();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Clientes  ativos');
    expect(sheet.getCell('A1').value).toBe('CPF / CNPJ');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').value).toBe('012.345.678-90');
    expect(sheet.getCell('A2').numFmt).toBe('@');
    expect(sheet.getCell('B2').type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getCell('B2').numFmt).toBe(NUMBER_FORMATS.money);
    expect(sheet.getCell('C2').type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getCell('C2').numFmt).toBe('dd/mm/yyyy');
    expect(sheet.getColumn(1).width).toBe(20);
    expect(await readXlsx(bytes)).toEqual([
      ['CPF / CNPJ', 'Limite', 'Desde'],
      ['012.345.678-90', 1234.5, new Date(Date.UTC(2025, 11, 31))],
      [null, -0.1],
    ]);
  });

  it('reads what Excel stores: numbers, dates, links, rich text and formulas', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Planilha1');
    sheet.addRow(['Nome', 'E-mail', 'Limite', 'Data']);
    sheet.addRow([
      { richText: [{ text: 'Jo' }, { text: 'ão' }] },
      { text: 'joao@exemplo.com.br', hyperlink: 'mailto:joao@exemplo.com.br' },
      { formula: 'A1*2', result: 1500.5 },
      new Date(Date.UTC(2025, 0, 31)),
    ]);
    sheet.getRow(4).getCell(1).value = 'depois de uma linha vazia';
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const rows = await readXlsx(bytes);
    expect(rows[1]).toEqual([
      'João',
      'joao@exemplo.com.br',
      1500.5,
      new Date(Date.UTC(2025, 0, 31)),
    ]);
    expect(rows[2]).toEqual([]);
    expect(rows[3]).toEqual(['depois de uma linha vazia']);
  });

  it('tells an XLSX from a CSV by its bytes, and refuses old .xls and binaries', () => {
    expect(uploadKind('clientes.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1]))).toBe('xlsx');
    expect(uploadKind('clientes.csv', Buffer.from('Nome;CPF\r\n'))).toBe('csv');
    expect(uploadKind('clientes.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))).toBeNull();
    expect(uploadKind('foto.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]))).toBeNull();
  });
});
