import forge from 'node-forge';

/**
 * An ICP-Brasil A1 certificate read from its PKCS#12 file (.pfx/.p12): the key and certificate
 * that sign the NF-e (and, later, authenticate to SEFAZ), and what the screens show of it.
 */
export interface A1Certificate {
  privateKeyPem: string;
  certificatePem: string;
  /** The subject as "CN=…, OU=…, O=…, C=BR". */
  subject: string;
  /** The holder's CNPJ (uppercase, 14 characters), or null when the certificate names none. */
  cnpj: string | null;
  validFrom: Date;
  validTo: Date;
}

export type CertificateProblem = 'WRONG_PASSWORD' | 'NOT_PKCS12' | 'NO_PRIVATE_KEY';

/** Why a file could not be read as an A1 certificate; the route answers a pt-BR 422 for each. */
export class CertificateReadError extends Error {
  constructor(readonly problem: CertificateProblem) {
    super(`A1 certificate not readable: ${problem}`);
    this.name = 'CertificateReadError';
  }
}

/** ICP-Brasil's otherName in subjectAltName that holds a legal entity's CNPJ. */
const ICP_BRASIL_CNPJ_OID = '2.16.76.1.3.3';
const cnpjPattern = /^[0-9A-Z]{12}[0-9]{2}$/;

/**
 * node-forge rather than Node's own PKCS#12 support: many A1 files still use the legacy
 * pbeWithSHAAnd40BitRC2-CBC encryption, which OpenSSL 3 (hence `tls` and `crypto`) refuses
 * without its legacy provider.
 */
export function readA1Certificate(pfx: Uint8Array, password: string): A1Certificate {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(pfx).toString('binary')));
    p12 = parsePfx(asn1, password);
  } catch (error) {
    if (error instanceof CertificateReadError) throw error;
    throw new CertificateReadError('NOT_PKCS12');
  }

  const keys = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[
      forge.pki.oids.pkcs8ShroudedKeyBag!
    ] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag! })[forge.pki.oids.keyBag!] ?? []),
  ].flatMap((bag) => (bag.key ? [bag.key as forge.pki.rsa.PrivateKey] : []));
  const certificates = (
    p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? []
  ).flatMap((bag) => (bag.cert ? [bag.cert] : []));

  // The file may carry the issuing chain too: the holder's certificate is the one of the key.
  for (const key of keys) {
    const certificate = certificates.find((candidate) => {
      const publicKey = candidate.publicKey as forge.pki.rsa.PublicKey;
      return publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
    });
    if (certificate) {
      return {
        privateKeyPem: forge.pki.privateKeyToPem(key),
        certificatePem: forge.pki.certificateToPem(certificate),
        subject: subjectOf(certificate),
        cnpj: cnpjOf(certificate),
        validFrom: certificate.validity.notBefore,
        validTo: certificate.validity.notAfter,
      };
    }
  }
  throw new CertificateReadError('NO_PRIVATE_KEY');
}

/**
 * forge checks the MAC with the password first: a wrong one fails there ("Invalid password?"),
 * or, in files without a MAC, when a decrypted bag does not parse.
 */
function parsePfx(asn1: forge.asn1.Asn1, password: string): forge.pkcs12.Pkcs12Pfx {
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, true, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/password|MAC could not be verified|decrypt/i.test(message)) {
      throw new CertificateReadError('WRONG_PASSWORD');
    }
    throw error;
  }
}

function subjectOf(certificate: forge.pki.Certificate): string {
  return certificate.subject.attributes
    .map(
      (attribute) =>
        `${attribute.shortName ?? attribute.name ?? attribute.type}=${attribute.value}`,
    )
    .join(', ');
}

/**
 * e-CNPJ certificates name the holder "RAZAO SOCIAL:CNPJ" in the CN and put the CNPJ in the
 * subjectAltName's otherName 2.16.76.1.3.3; the latter is the normative one, so it wins.
 */
function cnpjOf(certificate: forge.pki.Certificate): string | null {
  const fromAltName = cnpjFromAltName(certificate);
  if (fromAltName) return fromAltName;
  const commonName = certificate.subject.getField('CN')?.value;
  const match = typeof commonName === 'string' ? /:([0-9A-Za-z]{14})$/.exec(commonName) : null;
  const fromCommonName = match?.[1]?.toUpperCase();
  return fromCommonName && cnpjPattern.test(fromCommonName) ? fromCommonName : null;
}

interface AltName {
  type: number;
  value: forge.asn1.Asn1[] | string;
}

function cnpjFromAltName(certificate: forge.pki.Certificate): string | null {
  const extension = certificate.getExtension('subjectAltName') as { altNames?: AltName[] } | null;
  for (const altName of extension?.altNames ?? []) {
    // otherName ::= SEQUENCE { type-id OID, value [0] EXPLICIT ANY }
    if (altName.type !== 0 || !Array.isArray(altName.value)) continue;
    const [typeId, wrapped] = altName.value;
    if (!typeId || typeof typeId.value !== 'string') continue;
    if (forge.asn1.derToOid(typeId.value) !== ICP_BRASIL_CNPJ_OID) continue;
    const inner = Array.isArray(wrapped?.value) ? wrapped.value[0] : undefined;
    const text = typeof inner?.value === 'string' ? inner.value.trim().toUpperCase() : '';
    if (cnpjPattern.test(text)) return text;
  }
  return null;
}
