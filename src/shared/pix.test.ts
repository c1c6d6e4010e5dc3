import { describe, expect, it } from 'vitest';
import { asciiFold, crc16, pixKey, pixPayload } from './pix.js';

/**
 * Payloads printed in the Banco Central's manuals, each ending in its CRC:
 * - Manual de Padrões para Iniciação do Pix, §2.6.3: static QR, random key, no amount;
 * - same manual, §2.7.2: dynamic QR (a PSP URL instead of the key);
 * - same manual, §2.8.5: static QR with amount 100.50 composed with a recurrence;
 * - Manual do BR Code, §2.2: card + Pix + another arrangement, uppercase GUI, 270 characters.
 */
const BCB_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR' +
  '5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const BCB_DYNAMIC =
  '00020101021226700014br.gov.bcb.pix2548pix.example.com/8b3da2f39a4140d1a91abd93113bd441' +
  '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***630464E4';
const BCB_STATIC_WITH_AMOUNT =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000520400005303986' +
  '5406100.505802BR5913Fulano de Tal6008BRASILIA62070503***80740014br.gov.bcb.pix2552' +
  'pix.example.com/rec/2353c790eefb11eaadc10242ac12000263042875';
const BR_CODE =
  '00020104141234567890123426580014BR.GOV.BCB.PIX0136123e4567-e12b-12d1-a456-426655440000' +
  '27300012BR.COM.OUTRO011001234567895204000053039865406123.455802BR5917NOME DO RECEBEDOR' +
  '6008BRASILIA61087007490062190515RP12345678-201980390012BR.COM.OUTRO01190123.ABCD.3456.WXYZ' +
  '6304AD38';

const EVP = '123e4567-e12b-12d1-a456-426655440000';
const charge = { key: EVP, merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' };

/** The EMV fields at the top level of a payload, by id. */
function fields(payload: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (let at = 0; at < payload.length;) {
    const length = Number(payload.slice(at + 2, at + 4));
    result[payload.slice(at, at + 2)] = payload.slice(at + 4, at + 4 + length);
    at += 4 + length;
  }
  return result;
}

describe('crc16', () => {
  it('gives the CRC-16/CCITT-FALSE check value of "123456789"', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it.each([
    ['Pix §2.6.3', BCB_STATIC, '1D3D'],
    ['Pix §2.7.2', BCB_DYNAMIC, '64E4'],
    ['Pix §2.8.5', BCB_STATIC_WITH_AMOUNT, '2875'],
    ['BR Code §2.2', BR_CODE, 'AD38'],
  ])('reproduces the CRC of the example in %s', (_, payload, crc) => {
    expect(payload.endsWith(`6304${crc}`)).toBe(true);
    expect(crc16(payload.slice(0, -4))).toBe(crc);
  });

  it('is four uppercase hex digits, zero-padded', () => {
    expect(crc16('')).toBe('FFFF');
    expect(crc16('a')).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('pixPayload', () => {
  it('rebuilds the static example of the Pix manual byte for byte', () => {
    expect(pixPayload(charge)).toBe(BCB_STATIC);
  });

  it('puts the amount in field 54 with two decimals, as in the manual §2.8.5', () => {
    const withAmount = BCB_STATIC_WITH_AMOUNT.slice(0, BCB_STATIC_WITH_AMOUNT.indexOf('8074'));
    const payload = pixPayload({ ...charge, amount: '100.5' });
    expect(payload.startsWith(withAmount)).toBe(true);
    expect(payload).toHaveLength(withAmount.length + 8);
    expect(fields(pixPayload({ ...charge, amount: '123.45' }))['54']).toBe('123.45');
    expect(fields(pixPayload({ ...charge, amount: '7' }))['54']).toBe('7.00');
    expect(fields(pixPayload({ ...charge, amount: '0.01' }))['54']).toBe('0.01');
  });

  it('leaves field 54 out without an amount, so the payer types it', () => {
    expect(fields(pixPayload({ ...charge, amount: null }))['54']).toBeUndefined();
    expect(fields(pixPayload({ ...charge, amount: '' }))['54']).toBeUndefined();
  });

  it.each(['0', '0.00', '-1', '1.005', '1,50', '12345678901'])(
    'refuses the amount %s',
    (amount) => {
      expect(() => pixPayload({ ...charge, amount })).toThrow(RangeError);
    },
  );

  it('folds name and city to ASCII and cuts them at 25 and 15 characters', () => {
    const payload = pixPayload({
      ...charge,
      merchantName: 'Malharia Conceição & Irmãos Ltda.',
      merchantCity: 'São José dos Campos',
    });
    const f = fields(payload);
    expect(f['59']).toBe('Malharia Conceicao & Irma');
    expect(f['60']).toBe('SAO JOSE DOS CA');
    expect(fields(pixPayload({ ...charge, merchantCity: 'São Paulo' }))['60']).toBe('SAO PAULO');
    expect(payload).toMatch(/^[\x20-\x7e]+$/);
  });

  it('closes with the CRC of everything before it', () => {
    const payload = pixPayload({ ...charge, amount: '59.90', txid: 'REC123' });
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
  });

  it('carries the txid in field 62-05, "***" by default, up to 25 letters and digits', () => {
    expect(fields(pixPayload(charge))['62']).toBe('0503***');
    expect(fields(pixPayload({ ...charge, txid: 'A'.repeat(25) }))['62']).toBe(
      `0525${'A'.repeat(25)}`,
    );
    for (const txid of ['A'.repeat(26), 'REC-1', 'ação', ''])
      expect(() => pixPayload({ ...charge, txid })).toThrow(RangeError);
  });

  it('stores the key as the DICT does inside field 26', () => {
    const account = (key: string) => fields(fields(pixPayload({ ...charge, key }))['26']!);
    expect(account('123.456.789-09')).toEqual({ '00': 'br.gov.bcb.pix', '01': '12345678909' });
    expect(account('+55 (61) 91234-5678')['01']).toBe('+5561912345678');
    expect(account('Financeiro@Empresa.com.br')['01']).toBe('financeiro@empresa.com.br');
    expect(account(EVP.toUpperCase())['01']).toBe(EVP);
  });

  it('refuses an invalid key and an empty name or city', () => {
    expect(() => pixPayload({ ...charge, key: '123.456.789-00' })).toThrow(RangeError);
    expect(() => pixPayload({ ...charge, merchantName: '  ' })).toThrow(RangeError);
    expect(() => pixPayload({ ...charge, merchantCity: '' })).toThrow(RangeError);
  });
});

describe('pixKey', () => {
  it.each([
    ['123.456.789-09', '12345678909'],
    ['00.038.166/0001-05', '00038166000105'],
    ['12.abc.345/01de-35', '12ABC34501DE35'],
    [' Pix@BCB.gov.br ', 'pix@bcb.gov.br'],
    ['+5561912345678', '+5561912345678'],
    ['+55 (11) 98765-4321', '+5511987654321'],
    ['123E4567-E12B-12D1-A456-426655440000', EVP],
  ])('accepts %s as %s', (raw, stored) => {
    expect(pixKey.isValid(raw)).toBe(true);
    expect(pixKey.normalize(raw)).toBe(stored);
  });

  it.each([
    '123.456.789-00',
    '00038166000106',
    '11987654321', // a phone key needs its "+55"
    '+55 (11) 3456-7890', // landlines are no PIX keys
    '+1 415 555 2671',
    'fulano@',
    `${'a'.repeat(68)}@gmail.com`,
    '123e4567-e12b-12d1-a456-42665544000',
    'chave',
  ])('refuses %s', (raw) => {
    expect(pixKey.isValid(raw)).toBe(false);
  });
});

describe('asciiFold', () => {
  it('drops accents and what lies outside printable ASCII, and collapses spaces', () => {
    expect(asciiFold('São Paulo', 15)).toBe('Sao Paulo');
    expect(asciiFold('  Pão   de Açúcar ☕ ', 99)).toBe('Pao de Acucar');
  });

  it('cuts at the limit without leaving a trailing space', () => {
    expect(asciiFold('Santa Cruz Cabrália', 15)).toBe('Santa Cruz Cabr');
    expect(asciiFold('Porto Seguro  BA', 13)).toBe('Porto Seguro');
  });
});
