import { cnpj, cpf, onlyDigits, phone } from './br/documents.js';
import { z } from './zod-messages.js';

/**
 * PIX keys as the DICT stores them (Manual de Padrões para Iniciação do Pix): CPF and CNPJ
 * without punctuation, e-mail lowercase (at most 77 characters), mobile phone as "+55" with the
 * area code, random key (EVP) as a lowercase UUID. A phone key must start with "+": without it
 * eleven digits could be a CPF as well.
 */
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_EMAIL_KEY = 77;

function normalizePixKey(value: string): string | null {
  const key = value.trim();
  if (key.includes('@')) {
    const email = key.toLowerCase();
    return email.length <= MAX_EMAIL_KEY &&
      /^[\x21-\x7e]+$/.test(email) &&
      z.email().safeParse(email).success
      ? email
      : null;
  }
  if (key.startsWith('+')) {
    const digits = onlyDigits(key);
    const local = digits.slice(2);
    return digits.startsWith('55') && local.length === 11 && phone.isValid(local)
      ? `+${digits}`
      : null;
  }
  if (EVP.test(key)) return key.toLowerCase();
  if (cpf.isValid(key)) return cpf.normalize(key);
  if (cnpj.isValid(key)) return cnpj.normalize(key);
  return null;
}

export const pixKey = {
  normalize: (value: string) => normalizePixKey(value) ?? value,
  isValid: (value: string) => normalizePixKey(value) !== null,
};

/**
 * CRC16-CCITT (polynomial 0x1021, initial 0xFFFF), as the BR Code closes its payload. The payload
 * is ASCII (folded names, DICT keys), so each character is one byte.
 */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * The merchant's name and city go in the EMV common character set: accents dropped, anything
 * else outside printable ASCII removed, spaces collapsed, cut at the field's limit.
 */
export function asciiFold(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trimEnd();
}

export interface PixCharge {
  /** A valid PIX key, in any punctuation `pixKey` accepts. */
  key: string;
  /** The company's trade name, or its legal name. */
  merchantName: string;
  merchantCity: string;
  /** Decimal string ("123.45"); absent lets the payer type the amount. */
  amount?: string | null;
  /** Up to 25 letters and digits; "***" (none) by default. */
  txid?: string;
}

const field = (id: string, value: string) => {
  if (value.length > 99) throw new RangeError(`PIX field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

function formatAmount(amount: string): string {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new RangeError(`Invalid PIX amount: ${amount}`);
  const text = `${Number(match[1])}.${(match[2] ?? '').padEnd(2, '0')}`;
  if (text === '0.00') throw new RangeError('A PIX amount must be above zero');
  return text;
}

/**
 * The "copia e cola" payload of a static PIX charge (BR Code, EMV MPM): the fields of the
 * Manual de Padrões para Iniciação do Pix in its order, closed by the CRC of everything before it
 * plus the CRC field's own id and length ("6304").
 */
export function pixPayload(charge: PixCharge): string {
  const key = normalizePixKey(charge.key);
  if (!key) throw new RangeError('Invalid PIX key');
  const name = asciiFold(charge.merchantName, 25);
  const city = asciiFold(charge.merchantCity, 15).toUpperCase();
  if (!name || !city) throw new RangeError('A PIX charge needs the merchant name and city');
  const txid = charge.txid ?? '***';
  if (txid !== '***' && !/^[A-Za-z0-9]{1,25}$/.test(txid))
    throw new RangeError(`Invalid PIX txid: ${txid}`);

  const payload = [
    field('00', '01'),
    field('26', field('00', 'br.gov.bcb.pix') + field('01', key)),
    field('52', '0000'),
    field('53', '986'),
    charge.amount ? field('54', formatAmount(charge.amount)) : '',
    field('58', 'BR'),
    field('59', name),
    field('60', city),
    field('62', field('05', txid)),
    '6304',
  ].join('');
  return payload + crc16(payload);
}
