import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CertificateReadError, readA1Certificate } from './certificate.js';
import { makeLegacyRc2Pfx, makePfx, makeTestCertificate } from './testing/test-certificate.js';

const validFrom = new Date('2026-01-05T12:00:00Z');
const validTo = new Date('2027-01-05T12:00:00Z');
const holder = makeTestCertificate({ cnpj: '12ABC34501DE35', validFrom, validTo });

function problemOf(read: () => unknown): string | undefined {
  try {
    read();
  } catch (error) {
    if (error instanceof CertificateReadError) return error.problem;
    throw error;
  }
  return undefined;
}

describe('reading an A1 certificate (PKCS#12)', () => {
  it.each([
    ['3DES', makePfx(holder, 'senha-3des')],
    ['legacy RC2-40', makeLegacyRc2Pfx(holder, 'senha-rc2')],
  ])('reads the key, certificate, subject, CNPJ and validity of a %s file', (_kind, pfx) => {
    const password = _kind === '3DES' ? 'senha-3des' : 'senha-rc2';
    const read = readA1Certificate(pfx, password);
    expect(read.subject).toBe(
      'C=BR, O=ICP-Brasil, OU=Certificado PJ A1, CN=FABRIL TESTE LTDA:12ABC34501DE35',
    );
    expect(read.cnpj).toBe('12ABC34501DE35');
    expect(read.validFrom.toISOString()).toBe(validFrom.toISOString());
    expect(read.validTo.toISOString()).toBe(validTo.toISOString());
    // The PEMs are Node-usable and belong together.
    const publicFromKey = createPublicKey(createPrivateKey(read.privateKeyPem)).export({
      type: 'spki',
      format: 'pem',
    });
    const certificate = new X509Certificate(read.certificatePem);
    expect(certificate.publicKey.export({ type: 'spki', format: 'pem' })).toBe(publicFromKey);
  });

  it("is not what Node's own PKCS#12 support can open (the reason for node-forge)", async () => {
    const { createSecureContext } = await import('node:tls');
    expect(() =>
      createSecureContext({ pfx: makeLegacyRc2Pfx(holder, 'x'), passphrase: 'x' }),
    ).toThrow(/Unsupported PKCS12/);
  });

  it('answers WRONG_PASSWORD for a wrong password, on both kinds of file', () => {
    expect(problemOf(() => readA1Certificate(makePfx(holder, 'certa'), 'errada'))).toBe(
      'WRONG_PASSWORD',
    );
    expect(problemOf(() => readA1Certificate(makeLegacyRc2Pfx(holder, 'certa'), 'errada'))).toBe(
      'WRONG_PASSWORD',
    );
  });

  it('answers NOT_PKCS12 for a file that is not one', () => {
    expect(problemOf(() => readA1Certificate(Buffer.from('not a certificate'), 'x'))).toBe(
      'NOT_PKCS12',
    );
    expect(problemOf(() => readA1Certificate(Buffer.from(holder.certificatePem), 'x'))).toBe(
      'NOT_PKCS12',
    );
  });

  it('takes the CNPJ from the CN "NAME:CNPJ" when the subjectAltName has none', () => {
    const cnOnly = makeTestCertificate({ cnpj: '11222333000181', cnpjInAltName: false });
    expect(readA1Certificate(makePfx(cnOnly, 'x'), 'x').cnpj).toBe('11222333000181');
  });
});
