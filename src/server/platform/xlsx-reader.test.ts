import { describe, expect, it } from 'vitest';
import { deflateRepeated, SHEET_END, SHEET_START, xlsxParts, zipOf } from '../testing/zip.js';
import { ImportTooLargeError } from './import-limits.js';
import { readXlsx } from './spreadsheet.js';
import { readXlsxRows } from './xlsx-reader.js';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook as Excel writes one: shared strings, styles, and the first sheet not sheet1.xml. */
function excelLike(sheet: string, { date1904 = false } = {}) {
  return zipOf([
    {
      name: 'xl/workbook.xml',
      data:
        `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
        `<workbookPr date1904="${date1904 ? 1 : 0}"/>` +
        '<sheets><sheet name="Clientes" sheetId="2" r:id="rId7"/>' +
        '<sheet name="Outra" sheetId="1" r:id="rId1"/></sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data:
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${TYPE}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId7" Type="${TYPE}/worksheet" Target="/xl/worksheets/sheet2.xml"/>` +
        `<Relationship Id="rId3" Type="${TYPE}/sharedStrings" Target="sharedStrings.xml"/>` +
        `<Relationship Id="rId4" Type="${TYPE}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    },
    {
      name: 'xl/styles.xml',
      data:
        `<styleSheet xmlns="${MAIN}"><numFmts count="2">` +
        '<numFmt numFmtId="164" formatCode="dd/mm/yyyy"/>' +
        '<numFmt numFmtId="165" formatCode="[$R$-416] #,##0.00"/></numFmts>' +
        '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
        '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="165"/>' +
        '<xf numFmtId="14"/></cellXfs></styleSheet>',
    },
    {
      name: 'xl/sharedStrings.xml',
      data:
        `<sst xmlns="${MAIN}"><si><t>Nome</t></si><si><t xml:space="preserve">Jo</t></si>` +
        '<si><r><rPr><b/></rPr><t>Jo</t></r><r><t>ão</t></r><rPh><t>ジョ</t></rPh></si>' +
        '<si><t>linha 1_x000D_\nlinha 2 &amp; &lt;3&gt;</t></si></sst>',
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `${SHEET_START}<row r="1"><c><v>9</v></c></row>${SHEET_END}`,
    },
    { name: 'xl/worksheets/sheet2.xml', data: sheet },
  ]);
}

async function rowsOf(bytes: Buffer) {
  const rows: [number, unknown[]][] = [];
  await readXlsxRows(bytes, (line, cells) => rows.push([line, cells]));
  return rows;
}

describe('reading an uploaded XLSX', () => {
  it("reads the workbook's first sheet as exceljs did: strings, numbers, dates, formulas", async () => {
    const sheet =
      `<worksheet xmlns="${MAIN}"><sheetData>` +
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>E-mail</t></is></c></row>' +
      '<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" s="2"><v>1234.5</v></c>' +
      '<c r="C2" s="1"><v>45688</v></c><c r="D2" s="3"><v>45688.5</v></c>' +
      '<c r="E2" t="b"><v>1</v></c><c r="F2" t="e"><v>#N/A</v></c>' +
      '<c r="G2" s="2"><f>B2*2</f><v>2469</v></c><c r="H2" t="str"><f>A1</f><v>Nome</v></c>' +
      '<c r="I2" t="s"><v>3</v></c><c r="J2" s="1"/></row>' +
      '<row r="5"><c t="inlineStr"><is><r><t>depois de </t></r><r><t>linhas vazias</t></r></is></c>' +
      '<c><v>-0.1</v></c></row>' +
      '</sheetData></worksheet>';
    expect(await rowsOf(excelLike(sheet))).toEqual([
      [1, ['Nome', undefined, 'E-mail']],
      [
        2,
        [
          'João',
          1234.5,
          new Date(Date.UTC(2025, 0, 31)),
          new Date(Date.UTC(2025, 0, 31, 12)),
          true,
          undefined,
          2469,
          'Nome',
          'linha 1\r\nlinha 2 & <3>',
        ],
      ],
      [5, ['depois de linhas vazias', -0.1]],
    ]);
  });

  it('counts dates from 1904 when the workbook says so', async () => {
    const sheet = `${SHEET_START}<row r="1"><c s="1"><v>0</v></c></row>${SHEET_END}`;
    expect(await rowsOf(excelLike(sheet, { date1904: true }))).toEqual([
      [1, [new Date(Date.UTC(1904, 0, 1))]],
    ]);
  });

  it('keeps readXlsx’s shape: row n at index n - 1, gaps null, empty rows []', async () => {
    const sheet = `${SHEET_START}<row r="2"><c r="B2"><v>1</v></c></row>${SHEET_END}`;
    expect(await readXlsx(zipOf(xlsxParts({ data: sheet })))).toEqual([[], [null, 1]]);
  });

  it('refuses, before inflating anything, a zip declaring over 100 MB or a zip-bomb ratio', async () => {
    const rows = await deflateRepeated('<row><c><v>1</v></c></row>', 4.2e6, SHEET_START, SHEET_END);
    const big = readXlsxRows(zipOf(xlsxParts({ deflated: rows })), () => {});
    await expect(big).rejects.toThrow(ImportTooLargeError);
    await expect(big).rejects.toThrow('descompactada, passa de 100 MB');

    const dense = await deflateRepeated('<row><c><v>1</v></c></row>', 1e6, SHEET_START, SHEET_END);
    const bomb = readXlsxRows(zipOf(xlsxParts({ deflated: dense })), () => {});
    await expect(bomb).rejects.toThrow('o conteúdo compactado é anormal');
  });

  it('stops an entry that inflates beyond what the directory declared', async () => {
    const rows = await deflateRepeated('<row><c><v>1</v></c></row>', 1e5, SHEET_START, SHEET_END);
    let read = 0;
    const lying = readXlsxRows(
      zipOf(xlsxParts({ deflated: rows, declaredSize: 100_000 })),
      () => (read += 1),
    );
    await expect(lying).rejects.toThrow('inflates beyond its size');
    expect(read).toBeLessThan(100_000 / 26);
  });

  it('refuses what is not a readable zip', async () => {
    await expect(rowsOf(Buffer.from('PK\u0003\u0004 não é um zip'))).rejects.toThrow(
      'Not a readable zip',
    );
  });
});
