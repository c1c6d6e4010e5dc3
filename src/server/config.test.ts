import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig, readNfeCaFile } from './config.js';
import { OperatorError } from './operator-error.js';

describe('the SEFAZ settings', () => {
  it('default to the authorisers and 30 seconds', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ nfeSefazUrl: undefined, nfeCaFile: undefined });
    expect(config.nfeTimeoutSeconds).toBe(30);
  });

  it('take NFE_SEFAZ_URL (https only) and NFE_TIMEOUT_S (1 to 300 s)', () => {
    const config = readConfig({ NFE_SEFAZ_URL: 'https://127.0.0.1:8443', NFE_TIMEOUT_S: '5' });
    expect(config).toMatchObject({ nfeSefazUrl: 'https://127.0.0.1:8443', nfeTimeoutSeconds: 5 });
    expect(() => readConfig({ NFE_SEFAZ_URL: 'http://sefaz.local' })).toThrow(OperatorError);
    expect(() => readConfig({ NFE_TIMEOUT_S: '0' })).toThrow(/NFE_TIMEOUT_S/);
    expect(() => readConfig({ NFE_TIMEOUT_S: '2.5' })).toThrow(OperatorError);
  });

  it('read NFE_CA_FILE at start-up, refusing a file without certificates', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nfe-ca-'));
    const good = path.join(dir, 'ca.pem');
    const bad = path.join(dir, 'bad.pem');
    fs.writeFileSync(good, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    fs.writeFileSync(bad, 'not a certificate');
    try {
      expect(readNfeCaFile(undefined)).toBeUndefined();
      expect(readNfeCaFile(good)).toContain('BEGIN CERTIFICATE');
      expect(() => readNfeCaFile(bad)).toThrow(/não contém certificados/);
      expect(() => readNfeCaFile(path.join(dir, 'missing.pem'))).toThrow(/não foi possível ler/);
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });
});

describe("the demo's length for tests", () => {
  it('takes FABRIL_DEMO_DAYS from 14 to 365 days, unset by default', () => {
    expect(readConfig({}).demoDays).toBeUndefined();
    expect(readConfig({ FABRIL_DEMO_DAYS: '30' }).demoDays).toBe(30);
    expect(() => readConfig({ FABRIL_DEMO_DAYS: '7' })).toThrow(/FABRIL_DEMO_DAYS/);
    expect(() => readConfig({ FABRIL_DEMO_DAYS: 'um ano' })).toThrow(OperatorError);
  });
});
