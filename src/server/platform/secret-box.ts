import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database under a key kept outside it (the A1 certificate, issue 18):
 * AES-256-GCM, a fresh 96-bit IV per seal, the 128-bit tag checked on opening, and a `context`
 * bound in as associated data so a sealed value cannot be moved to another use. Layout:
 * version (1 byte) · IV (12) · tag (16) · ciphertext.
 */
const FORMAT_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;

/** A sealed value that does not open: another key, another context, or altered bytes. */
export class SecretOpenError extends Error {
  constructor() {
    super('Sealed secret could not be opened');
    this.name = 'SecretOpenError';
  }
}

export function sealSecret(key: Buffer, plaintext: Buffer, context: string): Buffer {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.of(FORMAT_VERSION), iv, cipher.getAuthTag(), ciphertext]);
}

export function openSecret(key: Buffer, sealed: Buffer, context: string): Buffer {
  assertKey(key);
  if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== FORMAT_VERSION) {
    throw new SecretOpenError();
  }
  const iv = sealed.subarray(1, 1 + IV_BYTES);
  const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new SecretOpenError();
  }
}

function assertKey(key: Buffer) {
  if (key.length !== SECRET_KEY_BYTES) throw new Error('AES-256-GCM needs a 32-byte key');
}
