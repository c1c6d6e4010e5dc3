import { describe, expect, it } from 'vitest';
import {
  CSV_BOM,
  csvField,
  CsvParser,
  csvRecord,
  decodeCsv,
  detectSeparator,
  parseCsv,
  readCsv,
  toCsv,
} from './csv.js';

describe('CSV for Excel pt-BR', () => {
  it('quotes only fields with a separator, a quote or a line break, doubling quotes', () => {
    expect(csvField('João da Silva')).toBe('João da Silva');
    expect(csvField('1.234,50')).toBe('1.234,50');
    expect(csvField('Rua A; fundos')).toBe('"Rua A; fundos"');
    expect(csvField('Loja "Central"')).toBe('"Loja ""Central"""');
    expect(csvField('linha 1\nlinha 2')).toBe('"linha 1\nlinha 2"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('writes a BOM, `;` between fields and CRLF after every record', () => {
    expect(csvRecord(['a', 'b;c', ''])).toBe('a;"b;c";\r\n');
    expect(
      toCsv([
        ['Nome', 'Ativo'],
        ['Ana', 'Sim'],
      ]),
    ).toBe('\uFEFFNome;Ativo\r\nAna;Sim\r\n');
  });

  it('reads back what it writes, quotes and line breaks included', () => {
    const rows = [
      ['Nome', 'Observações', 'Valor'],
      ['Conceição', 'Entregar; "fundos"\r\nportão azul', '1.234,50'],
      ['', '', ''],
    ];
    expect(parseCsv(decodeCsv(Buffer.from(toCsv(rows), 'utf8')))).toEqual(rows);
  });

  it('detects `,` and tab separators and LF or CR line ends', () => {
    expect(detectSeparator('a,b,"c;d"\n1,2,3')).toBe(',');
    expect(detectSeparator('a\tb\n')).toBe('\t');
    expect(detectSeparator('Nome;Valor\n"1,5";2')).toBe(';');
    expect(parseCsv('a,b\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a;b\r1;2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it("decodes Windows-1252 when the bytes are not UTF-8 (Excel's plain CSV)", () => {
    const latin1 = Buffer.from([0x4a, 0x6f, 0xe3, 0x6f, 0x3b, 0x53, 0xe3, 0x6f]); // "João;São"
    expect(decodeCsv(latin1)).toBe('João;São');
    expect(decodeCsv(Buffer.from('\uFEFFJoão', 'utf8'))).toBe('João');
  });
});

describe('reading an uploaded CSV piece by piece', () => {
  const text =
    'Nome;Observações;Valor\r\n"Conceição";"Entregar; ""fundos""\r\nportão";1.234,50\rAna;;\n' +
    '"";"a""";b\r\n';

  it('reads the same records wherever the text is cut', () => {
    const whole = parseCsv(text);
    for (let cut = 0; cut <= text.length; cut++) {
      const records: string[][] = [];
      const parser = new CsvParser((_line, cells) => records.push(cells), ';');
      parser.push(text.slice(0, cut));
      parser.push(text.slice(cut));
      parser.end();
      expect(records, `cut at ${cut}`).toEqual(whole);
    }
  });

  it('numbers the records and decodes UTF-8 with a BOM or Windows-1252', async () => {
    const lines: number[] = [];
    const records: string[][] = [];
    await readCsv(Buffer.from(CSV_BOM + text, 'utf8'), (line, cells) => {
      lines.push(line);
      records.push(cells);
    });
    expect(records).toEqual(parseCsv(text));
    expect(lines).toEqual([1, 2, 3, 4]);
    const latin1: string[][] = [];
    await readCsv(Buffer.from([0x4a, 0x6f, 0xe3, 0x6f, 0x3b, 0x53, 0xe3, 0x6f]), (_l, cells) =>
      latin1.push(cells),
    );
    expect(latin1).toEqual([['João', 'São']]);
  });

  it('refuses a record of more than 1,000 fields as it grows', async () => {
    const wide = Buffer.from(`a;b\r\n${';'.repeat(5_000)}\r\n`);
    await expect(readCsv(wide, () => {})).rejects.toThrow(
      'Nenhum registro importado: a linha 2 passa de 1.000 colunas.',
    );
  });
});
