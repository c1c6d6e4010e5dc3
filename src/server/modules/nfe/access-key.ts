import { randomInt } from 'node:crypto';
import { composeAccessKey, type AccessKeyParts } from '../../../shared/nfe/access-key.js';

/**
 * cNF: 8 random digits from the operating system's CSPRNG (the key must not be guessable from the
 * invoice number), never equal to nNF. Codes with one digit repeated (00000000 … 99999999) and the
 * plain runs 12345678 / 87654321 are drawn again: rejection 897 ("código numérico em formato
 * inválido") is remembered for such codes, though the manual that states it was not at hand here;
 * avoiding them costs nothing.
 */
export function drawRandomCode(invoiceNumber: number): string {
  for (;;) {
    const code = String(randomInt(0, 100_000_000)).padStart(8, '0');
    const trivial = /^(\d)\1{7}$/.test(code) || code === '12345678' || code === '87654321';
    if (!trivial && Number(code) !== invoiceNumber) return code;
  }
}

/** A new key for an invoice being issued: the given parts plus a freshly drawn cNF. */
export function newAccessKey(parts: Omit<AccessKeyParts, 'randomCode'>): {
  accessKey: string;
  randomCode: string;
} {
  const randomCode = drawRandomCode(parts.number);
  return { accessKey: composeAccessKey({ ...parts, randomCode }), randomCode };
}
