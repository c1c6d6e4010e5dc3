import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/**
 * A stand-in for an ICP-Brasil e-CNPJ A1 certificate, made at test time: CN "RAZAO SOCIAL:CNPJ"
 * and the CNPJ in subjectAltName's otherName 2.16.76.1.3.3, as the real ones; self-signed, or
 * issued by a test CA (makeTestCa) when it must pass a TLS server's check (the SEFAZ double).
 */
export interface TestCertificateOptions {
  cnpj?: string;
  companyName?: string;
  validFrom?: Date;
  validTo?: Date;
  /** Put the CNPJ in the subjectAltName (default) or only in the CN. */
  cnpjInAltName?: boolean;
  /** The authority that issues it (the SEFAZ double trusts its test CA); self-signed without. */
  issuer?: TestCertificate;
}

export interface TestCertificate {
  key: forge.pki.rsa.PrivateKey;
  certificate: forge.pki.Certificate;
  privateKeyPem: string;
  certificatePem: string;
}

type Subject = { shortName: string; value: string }[];

/** A key pair and a certificate for it, signed by `issuer` or by itself. */
function issueCertificate(options: {
  subject: Subject;
  extensions: object[];
  issuer?: TestCertificate;
  validFrom?: Date;
  validTo?: Date;
}): TestCertificate {
  // Node's key generation: forge's pure-JS one takes seconds for 2048 bits.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const key = forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey;

  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  certificate.serialNumber = `01${randomBytes(8).toString('hex')}`;
  certificate.validity.notBefore = options.validFrom ?? new Date(Date.now() - 86_400_000);
  certificate.validity.notAfter = options.validTo ?? new Date(Date.now() + 365 * 86_400_000);
  certificate.setSubject(options.subject);
  certificate.setIssuer(
    options.issuer ? options.issuer.certificate.subject.attributes : options.subject,
  );
  certificate.setExtensions(options.extensions);
  certificate.sign(options.issuer?.key ?? key, forge.md.sha256.create());
  return {
    key,
    certificate,
    privateKeyPem,
    certificatePem: forge.pki.certificateToPem(certificate),
  };
}

export function makeTestCertificate(options: TestCertificateOptions = {}): TestCertificate {
  const cnpj = options.cnpj ?? '11222333000181';
  const companyName = options.companyName ?? 'FABRIL TESTE LTDA';
  const extensions: object[] = [
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
    // An e-CNPJ serves as a TLS client certificate too (the SEFAZ web services).
    { name: 'extKeyUsage', clientAuth: true, emailProtection: true },
  ];
  if (options.cnpjInAltName ?? true) {
    extensions.push({ id: '2.5.29.17', value: altNameWithCnpj(cnpj) });
  }
  return issueCertificate({
    subject: [
      { shortName: 'C', value: 'BR' },
      { shortName: 'O', value: 'ICP-Brasil' },
      { shortName: 'OU', value: 'Certificado PJ A1' },
      { shortName: 'CN', value: `${companyName}:${cnpj}` },
    ],
    extensions,
    issuer: options.issuer,
    validFrom: options.validFrom,
    validTo: options.validTo,
  });
}

/** A test certificate authority (a stand-in for ICP-Brasil's, or for an authoriser's server CA). */
export function makeTestCa(name = 'AC TESTE FABRIL'): TestCertificate {
  return issueCertificate({
    subject: [
      { shortName: 'C', value: 'BR' },
      { shortName: 'O', value: 'Testes Fabril' },
      { shortName: 'CN', value: name },
    ],
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
}

/** A TLS server certificate for 127.0.0.1 and localhost, issued by `issuer`. */
export function makeServerCertificate(issuer: TestCertificate): TestCertificate {
  return issueCertificate({
    subject: [
      { shortName: 'C', value: 'BR' },
      { shortName: 'CN', value: 'localhost' },
    ],
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
    issuer,
  });
}

/** subjectAltName ::= SEQUENCE { otherName [0] { OID 2.16.76.1.3.3, [0] EXPLICIT OCTET STRING } } */
function altNameWithCnpj(cnpj: string): forge.asn1.Asn1 {
  const { asn1 } = forge;
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(
        asn1.Class.UNIVERSAL,
        asn1.Type.OID,
        false,
        asn1.oidToDer('2.16.76.1.3.3').getBytes(),
      ),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, cnpj),
      ]),
    ]),
  ]);
}

/** A PKCS#12 as current tools write it: the key shrouded with 3DES, SHA-1 MAC. */
export function makePfx(certificate: TestCertificate, password: string): Buffer {
  const asn1 = forge.pkcs12.toPkcs12Asn1(certificate.key, certificate.certificate, password, {
    algorithm: '3des',
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/**
 * A PKCS#12 as older Windows and OpenSSL 1.x export tools wrote it and many A1 files still are:
 * the certificate bag encrypted with pbeWithSHAAnd40BitRC2-CBC (which OpenSSL 3 refuses without
 * its legacy provider), the key shrouded with 3DES. forge writes no RC2, so the encrypted safe is
 * put together here from forge's PKCS#12 key derivation and RC2 cipher.
 */
export function makeLegacyRc2Pfx(certificate: TestCertificate, password: string): Buffer {
  const { asn1, pkcs12, pki, util } = forge;
  // Given no certificate, forge writes the key's safe alone (its types demand one: hence the cast).
  const noCertificate = null as unknown as forge.pki.Certificate;
  const modern = pkcs12.toPkcs12Asn1(certificate.key, noCertificate, password, {
    algorithm: '3des',
    generateLocalKeyId: false,
  });
  const keySafe = authenticatedSafeOf(modern).value[0] as forge.asn1.Asn1;

  const certBag = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    oid(pki.oids.certBag!),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        oid(pki.oids.x509Certificate!),
        asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
          asn1.create(
            asn1.Class.UNIVERSAL,
            asn1.Type.OCTETSTRING,
            false,
            asn1.toDer(pki.certificateToAsn1(certificate.certificate)).getBytes(),
          ),
        ]),
      ]),
    ]),
  ]);
  const safeContents = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [certBag]);

  const iterations = 2048;
  // forge's key derivation takes the salt as a buffer; ASN.1 takes its bytes.
  const salt = randomBytes(8).toString('binary');
  const key = pkcs12.generateKey(password, util.createBuffer(salt), 1, iterations, 5);
  const iv = pkcs12.generateKey(password, util.createBuffer(salt), 2, iterations, 8);
  const cipher = forge.rc2.createEncryptionCipher(key, 40);
  cipher.start(iv);
  cipher.update(asn1.toDer(safeContents));
  cipher.finish();

  const encryptedSafe = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    oid(pki.oids.encryptedData!),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        asn1.create(
          asn1.Class.UNIVERSAL,
          asn1.Type.INTEGER,
          false,
          asn1.integerToDer(0).getBytes(),
        ),
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
          oid(pki.oids.data!),
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
            oid(pki.oids['pbewithSHAAnd40BitRC2-CBC']!),
            asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
              asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, salt),
              asn1.create(
                asn1.Class.UNIVERSAL,
                asn1.Type.INTEGER,
                false,
                asn1.integerToDer(iterations).getBytes(),
              ),
            ]),
          ]),
          asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, false, cipher.output.getBytes()),
        ]),
      ]),
    ]),
  ]);

  const authenticatedSafe = asn1
    .toDer(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [encryptedSafe, keySafe]))
    .getBytes();
  const macSalt = randomBytes(8).toString('binary');
  const hmac = forge.hmac.create();
  hmac.start('sha1', pkcs12.generateKey(password, util.createBuffer(macSalt), 3, iterations, 20));
  hmac.update(authenticatedSafe);

  const pfx = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(3).getBytes()),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
      oid(pki.oids.data!),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, authenticatedSafe),
      ]),
    ]),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
          oid(pki.oids.sha1!),
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, ''),
        ]),
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, hmac.digest().getBytes()),
      ]),
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, macSalt),
      asn1.create(
        asn1.Class.UNIVERSAL,
        asn1.Type.INTEGER,
        false,
        asn1.integerToDer(iterations).getBytes(),
      ),
    ]),
  ]);
  return Buffer.from(asn1.toDer(pfx).getBytes(), 'binary');
}

function oid(value: string): forge.asn1.Asn1 {
  return forge.asn1.create(
    forge.asn1.Class.UNIVERSAL,
    forge.asn1.Type.OID,
    false,
    forge.asn1.oidToDer(value).getBytes(),
  );
}

/** The AuthenticatedSafe (SEQUENCE OF ContentInfo) inside a PFX that forge wrote. */
function authenticatedSafeOf(pfx: forge.asn1.Asn1): forge.asn1.Asn1 {
  const authSafe = (pfx.value as forge.asn1.Asn1[])[1]!;
  const explicit = (authSafe.value as forge.asn1.Asn1[])[1]!;
  const octets = (explicit.value as forge.asn1.Asn1[])[0]!;
  return forge.asn1.fromDer(octets.value as string);
}

/**
 * A test certificate made elsewhere (another process: the browser tests' set-up hands its
 * SEFAZ double's client CA to the test files as PEM), ready to issue certificates again.
 */
export function testCertificateFromPem(certificatePem: string, privateKeyPem: string) {
  return {
    key: forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey,
    certificate: forge.pki.certificateFromPem(certificatePem),
    privateKeyPem,
    certificatePem,
  } satisfies TestCertificate;
}
