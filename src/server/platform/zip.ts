import { createInflateRaw } from 'node:zlib';

/**
 * Just enough of the zip format to read an XLSX safely: the central directory, which says what
 * each entry holds before anything is inflated (so an upload that would unpack to too much is
 * refused unread), and one entry's bytes as they inflate, never more than the directory declared
 * (a zip that lies about its sizes stops at the lie). Errors are plain `Error`s: the caller
 * answers "cannot read this file" whatever the detail.
 */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated: the only two an XLSX uses. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
/** The most entries a directory may list: a workbook has a few dozen; this bounds the work. */
const MAX_ENTRIES = 10_000;
const CHUNK_BYTES = 64 * 1024;

export function readZipDirectory(bytes: Buffer): ZipEntry[] {
  const end = findEndOfDirectory(bytes);
  let count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff) {
    // Zip64: the real values are in a record that a locator just before this one points at.
    const locator = end - 20;
    if (locator < 0 || bytes.readUInt32LE(locator) !== ZIP64_LOCATOR) throw zipError('locator');
    const record = safeNumber(bytes.readBigUInt64LE(locator + 8));
    if (record + 56 > bytes.length || bytes.readUInt32LE(record) !== ZIP64_END_OF_DIRECTORY) {
      throw zipError('zip64 end of directory');
    }
    count = safeNumber(bytes.readBigUInt64LE(record + 32));
    offset = safeNumber(bytes.readBigUInt64LE(record + 48));
  }
  if (count > MAX_ENTRIES) throw zipError(`${count} entries`);

  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) {
      throw zipError('directory entry');
    }
    const flags = bytes.readUInt16LE(at + 8);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      uncompressedSize: bytes.readUInt32LE(at + 24),
      localHeaderOffset: bytes.readUInt32LE(at + 42),
    };
    if (flags & 1) throw zipError(`${entry.name} is encrypted`);
    readZip64Sizes(entry, bytes.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** An entry's bytes as they inflate, 64 KB at a time; fails at any byte beyond its declared size. */
export async function* entryChunks(bytes: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const data = entryData(bytes, entry);
  if (entry.method === 0) {
    if (data.length !== entry.uncompressedSize) throw zipError(`${entry.name}: stored size`);
    for (let at = 0; at < data.length; at += CHUNK_BYTES) yield data.subarray(at, at + CHUNK_BYTES);
    return;
  }
  if (entry.method !== 8) throw zipError(`${entry.name}: compression method ${entry.method}`);
  // zlib inflates on libuv's thread pool, a chunk at a time as the reader asks for the next.
  const inflater = createInflateRaw({ chunkSize: CHUNK_BYTES });
  inflater.end(data);
  let inflated = 0;
  for await (const chunk of inflater as AsyncIterable<Buffer>) {
    inflated += chunk.length;
    if (inflated > entry.uncompressedSize) throw zipError(`${entry.name} inflates beyond its size`);
    yield chunk;
  }
  if (inflated !== entry.uncompressedSize) throw zipError(`${entry.name}: inflated size`);
}

function findEndOfDirectory(bytes: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535, at the very end of the file.
  const last = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= last; at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw zipError('no end of directory');
}

/** Sizes and offset too large for 32 bits are 0xffffffff, the real ones in the zip64 extra field. */
function readZip64Sizes(entry: ZipEntry, extra: Buffer) {
  const wide = (value: number) => value === 0xffffffff;
  if (![entry.uncompressedSize, entry.compressedSize, entry.localHeaderOffset].some(wide)) return;
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + size) throw zipError(`${entry.name}: zip64 field`);
        const value = safeNumber(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (wide(entry.uncompressedSize)) entry.uncompressedSize = next();
      if (wide(entry.compressedSize)) entry.compressedSize = next();
      if (wide(entry.localHeaderOffset)) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + size;
  }
  throw zipError(`${entry.name}: no zip64 field`);
}

function entryData(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER) {
    throw zipError(`${entry.name}: local header`);
  }
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressedSize > bytes.length) throw zipError(`${entry.name}: truncated`);
  return bytes.subarray(start, start + entry.compressedSize);
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw zipError('size beyond 2^53');
  return Number(value);
}

function zipError(detail: string): Error {
  return new Error(`Not a readable zip: ${detail}`);
}
