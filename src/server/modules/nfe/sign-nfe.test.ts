import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readA1Certificate } from './certificate.js';
import { signNfe, verifyNfeSignature } from './sign-nfe.js';
import { checkSignatureIndependently } from './testing/independent-signature-check.js';
import { makeLegacyRc2Pfx, makePfx, makeTestCertificate } from './testing/test-certificate.js';
import { validateNfe } from './validate-nfe.js';

/** A schema-valid infNFe (the CRT 3 sample) without its signature and without whitespace. */
const unsigned = readFileSync(
  new URL('./testing/samples/signed-crt3-ibscbs.xml', import.meta.url),
  'utf8',
)
  .replace(/<Signature[\s\S]*<\/Signature>/, '')
  .replace(/>\s+</g, '><')
  .trim();

const holder = makeTestCertificate();
const key = readA1Certificate(makePfx(holder, 'senha'), 'senha');

describe('signing an NF-e', () => {
  it('puts the Signature right after infNFe in the layout profile, with no whitespace', () => {
    const signed = signNfe(unsigned, key);
    expect(signed).toMatch(/<\/infNFe><Signature xmlns="http:\/\/www.w3.org\/2000\/09\/xmldsig#">/);
    expect(signed).toMatch(/<\/Signature><\/NFe>$/);
    expect(signed).not.toMatch(/>\s+</);
    expect(signed).toContain(
      '<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>',
    );
    expect(signed).toContain(
      '<SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>',
    );
    expect(signed).toContain('<Reference URI="#NFe');
    expect(signed).toContain(
      '<Transforms><Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/>' +
        '<Transform Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/></Transforms>',
    );
    expect(signed).toContain('<DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"/>');
    const certificateBase64 = key.certificatePem.replace(/-----[A-Z ]+-----|\s/g, '');
    expect(signed).toContain(
      `<KeyInfo><X509Data><X509Certificate>${certificateBase64}</X509Certificate></X509Data></KeyInfo>`,
    );
    // Everything before the signature is the document as given.
    expect(signed.startsWith(unsigned.replace(/<\/NFe>$/, ''))).toBe(true);
  });

  it('makes a schema-valid document whose signature verifies, with xml-crypto and without', () => {
    const signed = signNfe(unsigned, key);
    expect(validateNfe(unsigned).valid).toBe(false);
    expect(validateNfe(signed)).toEqual({ valid: true, errors: [] });
    expect(verifyNfeSignature(signed, key.certificatePem)).toBe(true);
    expect(checkSignatureIndependently(signed, key.certificatePem)).toBe('ok');
  });

  it('signs with the key of a legacy RC2-40 file too', () => {
    const legacy = readA1Certificate(makeLegacyRc2Pfx(holder, 'antiga'), 'antiga');
    const signed = signNfe(unsigned, legacy);
    expect(verifyNfeSignature(signed, legacy.certificatePem)).toBe(true);
  });

  it('fails verification when a signed value is changed', () => {
    const signed = signNfe(unsigned, key);
    const vNF = /<vNF>([^<]+)<\/vNF>/.exec(signed)![1]!;
    const tampered = signed.replace(
      `<vNF>${vNF}</vNF>`,
      `<vNF>${(Number(vNF) - 1).toFixed(2)}</vNF>`,
    );
    expect(tampered).not.toBe(signed);
    expect(validateNfe(tampered).valid).toBe(true);
    expect(verifyNfeSignature(tampered, key.certificatePem)).toBe(false);
    expect(checkSignatureIndependently(tampered, key.certificatePem)).toBe('digest');
  });

  it('fails verification when the signature is changed, or checked with another certificate', () => {
    const signed = signNfe(unsigned, key);
    const tampered = signed.replace(
      /<SignatureValue>(.)/,
      (_m, first: string) => `<SignatureValue>${first === 'A' ? 'B' : 'A'}`,
    );
    expect(verifyNfeSignature(tampered, key.certificatePem)).toBe(false);
    expect(checkSignatureIndependently(tampered, key.certificatePem)).toBe('signature');
    const other = makeTestCertificate();
    expect(verifyNfeSignature(signed, other.certificatePem)).toBe(false);
  });
});
