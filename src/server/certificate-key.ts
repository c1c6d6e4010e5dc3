import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { OperatorError } from './operator-error.js';
import { SECRET_KEY_BYTES } from './platform/secret-box.js';

/** The file that holds the key in the data directory when FABRIL_CERTIFICATE_KEY is not set. */
export const CERTIFICATE_KEY_FILE = 'certificate.key';

/**
 * The key that seals the company's A1 certificate (README "Settings"): FABRIL_CERTIFICATE_KEY
 * (32 bytes in base64), else `<data directory>/certificate.key`, created once with 32 random bytes
 * and mode 0600. It is never in the database, so a copy of the database alone opens nothing.
 */
export function resolveCertificateKey(options: {
  envValue: string | undefined;
  dataDir: string;
}): Buffer {
  if (options.envValue) {
    return decodeKey(options.envValue, 'FABRIL_CERTIFICATE_KEY deve ter 32 bytes em base64');
  }
  const file = path.join(options.dataDir, CERTIFICATE_KEY_FILE);
  fs.mkdirSync(options.dataDir, { recursive: true });
  if (!fs.existsSync(file)) createKeyFile(file);
  return decodeKey(fs.readFileSync(file, 'utf8'), `${file} deve ter 32 bytes em base64`);
}

/**
 * Written whole to a file of its own, then linked into place: linking fails when the key is already
 * there, so two processes starting at once keep one key, and none ever reads a half-written file.
 */
function createKeyFile(file: string) {
  const draft = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(draft, `${randomBytes(SECRET_KEY_BYTES).toString('base64')}\n`, { mode: 0o600 });
  try {
    fs.linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.unlinkSync(draft);
  }
}

function decodeKey(text: string, problem: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== SECRET_KEY_BYTES) {
    throw new OperatorError(`${problem} (gere uma com: openssl rand -base64 32).`);
  }
  return key;
}
