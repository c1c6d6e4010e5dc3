import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, SecretOpenError } from './secret-box.js';

describe('secret box (AES-256-GCM)', () => {
  const key = randomBytes(32);
  const secret = Buffer.from('-----BEGIN RSA PRIVATE KEY----- segredo');

  it('opens what it sealed, and the sealed bytes do not hold the secret', () => {
    const sealed = sealSecret(key, secret, 'company-certificate');
    expect(openSecret(key, sealed, 'company-certificate')).toEqual(secret);
    expect(sealed.includes(secret)).toBe(false);
    expect(sealed.includes(Buffer.from('PRIVATE KEY'))).toBe(false);
  });

  it('seals the same secret differently each time (a fresh IV)', () => {
    const first = sealSecret(key, secret, 'company-certificate');
    const second = sealSecret(key, secret, 'company-certificate');
    expect(first.equals(second)).toBe(false);
    expect(first.subarray(1, 13).equals(second.subarray(1, 13))).toBe(false);
  });

  it('refuses another key, another context and any altered byte', () => {
    const sealed = sealSecret(key, secret, 'company-certificate');
    expect(() => openSecret(randomBytes(32), sealed, 'company-certificate')).toThrow(
      SecretOpenError,
    );
    expect(() => openSecret(key, sealed, 'other-use')).toThrow(SecretOpenError);
    for (const index of [0, 5, 20, sealed.length - 1]) {
      const altered = Buffer.from(sealed);
      altered[index]! ^= 1;
      expect(() => openSecret(key, altered, 'company-certificate'), `byte ${index}`).toThrow(
        SecretOpenError,
      );
    }
    expect(() => openSecret(key, sealed.subarray(0, 20), 'company-certificate')).toThrow(
      SecretOpenError,
    );
  });

  it('takes only a 32-byte key', () => {
    expect(() => sealSecret(randomBytes(16), secret, 'x')).toThrow();
  });
});
