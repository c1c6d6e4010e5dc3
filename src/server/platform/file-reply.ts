import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export interface FileToSend {
  /** A stream for what is written as it is read (the XML archive). */
  body: Buffer | string | Readable;
  contentType: string;
  /** The pt-BR name the browser saves it under: `ordens-de-compra-2026-11-23.xlsx`, `OC-000042.pdf`. */
  fileName: string;
}

/**
 * The one way a route answers a file (every export and PDF): its type, its name in
 * Content-Disposition — `attachment` to download, `inline` to open in the browser's viewer —
 * and no caching, since it is a picture of data that changes. The name goes twice: plain ASCII
 * in `filename` for old clients and UTF-8 in `filename*` (RFC 6266), so an accented name survives.
 */
export function replyWithFile(
  reply: FastifyReply,
  file: FileToSend,
  disposition: 'attachment' | 'inline' = 'attachment',
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(disposition, file.fileName))
    .header('cache-control', 'no-store')
    .send(file.body);
}

export function contentDisposition(disposition: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (ascii === fileName) return `${disposition}; filename="${fileName}"`;
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
