import { createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * Zip files for tests of XLSX uploads, hostile ones included: each entry deflated from `data`,
 * or given already deflated with its real `size`; `declaredSize` makes the directory lie about
 * what an entry unpacks to. CRCs are left 0: no reader of uploads checks them.
 */
export interface ZipPart {
  name: string;
  data?: Buffer | string;
  deflated?: { bytes: Buffer; size: number };
  declaredSize?: number;
}

export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const raw = typeof part.data === 'string' ? Buffer.from(part.data, 'utf8') : part.data;
    const bytes = part.deflated?.bytes ?? deflateRawSync(raw ?? Buffer.alloc(0));
    const size = part.declaredSize ?? part.deflated?.size ?? raw?.length ?? 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(bytes.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, bytes);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(bytes.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    directory.push(entry, name);
    offset += local.length + name.length + bytes.length;
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

/** `chunk` repeated `times` between `prefix` and `suffix`, deflated a megabyte at a time. */
export async function deflateRepeated(
  chunk: string,
  times: number,
  prefix = '',
  suffix = '',
): Promise<{ bytes: Buffer; size: number }> {
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (data: Buffer) => out.push(data));
  const ended = new Promise((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  const perPiece = Math.max(1, Math.floor((1024 * 1024) / Buffer.byteLength(chunk)));
  const piece = Buffer.from(chunk.repeat(perPiece), 'utf8');
  const write = async (data: Buffer | string) => {
    if (!deflater.write(data)) await new Promise((resolve) => deflater.once('drain', resolve));
  };
  await write(prefix);
  for (let left = times; left > 0; left -= perPiece) {
    await write(left >= perPiece ? piece : chunk.repeat(left));
  }
  deflater.end(suffix);
  await ended;
  const size =
    Buffer.byteLength(prefix) + Buffer.byteLength(chunk) * times + Buffer.byteLength(suffix);
  return { bytes: Buffer.concat(out), size };
}

/** The parts an XLSX needs around its one sheet, as Excel names them. */
export function xlsxParts(sheet: Omit<ZipPart, 'name'>): ZipPart[] {
  return [
    {
      name: '[Content_Types].xml',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    },
    {
      name: 'xl/workbook.xml',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        '<sheets><sheet name="Planilha1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '</Relationships>',
    },
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
  ];
}

export const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
export const SHEET_END = '</sheetData></worksheet>';
