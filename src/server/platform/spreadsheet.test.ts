import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createXlsxWriter, readXlsx, uploadKind } from './spreadsheet.js';

describe('XLSX files', () => {
  it('writes a bold header and text cells, and reads them back', async () => {
    const writer = await createXlsxWriter('Clientes: ativos', [
      { label: 'CPF / CNPJ', width: 20 },
      { label: 'Limite', width: 16 },
    ]);
    writer.addRow(['012.345.678-90', '1.234,50']);
    writer.addRow(['', '0,00']);
    const bytes = await writer.finish();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Clientes  ativos');
    expect(sheet.getCell('A1').value).toBe('CPF / CNPJ');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').value).toBe('012.345.678-90');
    expect(sheet.getColumn(1).width).toBe(20);
    expect(await readXlsx(bytes)).toEqual([
      ['CPF / CNPJ', 'Limite'],
      ['012.345.678-90', '1.234,50'],
      [null, '0,00'],
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
