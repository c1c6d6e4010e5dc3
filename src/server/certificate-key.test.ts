import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CERTIFICATE_KEY_FILE, resolveCertificateKey } from './certificate-key.js';
import { OperatorError } from './operator-error.js';

describe('resolveCertificateKey', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fabril-cert-key-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes FABRIL_CERTIFICATE_KEY and writes no file', () => {
    const dir = tempDir();
    const key = randomBytes(32);
    expect(resolveCertificateKey({ envValue: key.toString('base64'), dataDir: dir })).toEqual(key);
    expect(fs.existsSync(path.join(dir, CERTIFICATE_KEY_FILE))).toBe(false);
  });

  it('refuses a variable that is not 32 bytes in base64, saying how to make one', () => {
    expect(() =>
      resolveCertificateKey({ envValue: randomBytes(16).toString('base64'), dataDir: tempDir() }),
    ).toThrow(OperatorError);
    expect(() => resolveCertificateKey({ envValue: 'curta', dataDir: tempDir() })).toThrow(
      /openssl rand -base64 32/,
    );
  });

  it('otherwise creates the file once, readable by its owner only, and keeps it', () => {
    const dir = path.join(tempDir(), 'data');
    const first = resolveCertificateKey({ envValue: undefined, dataDir: dir });
    expect(first).toHaveLength(32);
    const file = path.join(dir, CERTIFICATE_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveCertificateKey({ envValue: '', dataDir: dir })).toEqual(first);
    expect(fs.readdirSync(dir)).toEqual([CERTIFICATE_KEY_FILE]);
  });
});
