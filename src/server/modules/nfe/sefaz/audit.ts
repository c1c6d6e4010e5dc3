import { gunzipSync, gzipSync, strFromU8, strToU8 } from 'fflate';
import type { SefazExchange } from './sefaz-client.js';

/** A request and its answer as kept for audit: each gzip-compressed (XML shrinks about tenfold). */
export interface CompressedExchange {
  url: string;
  request: Uint8Array;
  /** null when no answer came (time-out, refused connection). */
  response: Uint8Array | null;
}

/**
 * Every call returns its raw exchange; whoever records it (the invoice's events, next slice)
 * stores it compressed with this, so the trail of what was sent and answered stays small.
 */
export function compressExchange(exchange: SefazExchange): CompressedExchange {
  return {
    url: exchange.url,
    request: gzipSync(strToU8(exchange.requestXml)),
    response: exchange.responseXml === null ? null : gzipSync(strToU8(exchange.responseXml)),
  };
}

export function decompressXml(compressed: Uint8Array): string {
  return strFromU8(gunzipSync(compressed));
}
