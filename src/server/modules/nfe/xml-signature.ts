import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

/**
 * The XML signature every SEFAZ document carries (NF-e, inutilização, events), as the layout fixes
 * it and the schemas' xmldsig profile checks: one Reference to the signed element's Id,
 * transforms enveloped-signature + C14N 1.0, SHA-1 digest, RSA-SHA1, C14N 1.0 SignedInfo, the
 * certificate in KeyInfo/X509Data/X509Certificate, and the Signature (default namespace xmldsig)
 * right after the signed element, inside the document's root.
 */
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const NFE_NS = 'http://www.portalfiscal.inf.br/nfe';

export interface SigningKey {
  privateKeyPem: string;
  certificatePem: string;
}

/** Which element of which document is signed: NFe/infNFe, inutNFe/infInut… */
export interface SignedPart {
  root: string;
  element: string;
}

const xpathOf = (part: SignedPart) =>
  `/*[local-name(.)='${part.root}']/*[local-name(.)='${part.element}']`;

/** The unsigned document (no whitespace between tags) signed; the text outside the part untouched. */
export function signEnveloped(unsignedXml: string, key: SigningKey, part: SignedPart): string {
  const signature = new SignedXml({
    privateKey: key.privateKeyPem,
    publicCert: key.certificatePem,
    signatureAlgorithm: RSA_SHA1,
    canonicalizationAlgorithm: C14N,
  });
  const xpath = xpathOf(part);
  signature.addReference({ xpath, transforms: [ENVELOPED, C14N], digestAlgorithm: SHA1 });
  signature.computeSignature(unsignedXml, { location: { reference: xpath, action: 'after' } });
  return signature.getSignedXml();
}

/**
 * Whether the document's one signature is intact and made with the given certificate's key, and
 * that what it signs is this document's one `part.element` (not another element carrying the
 * same Id).
 */
export function verifyEnveloped(
  signedXml: string,
  certificatePem: string,
  part: SignedPart,
): boolean {
  const doc = new DOMParser().parseFromString(signedXml, 'text/xml');
  const signatures = doc.getElementsByTagNameNS(DSIG_NS, 'Signature');
  const root = doc.documentElement;
  const signatureNode = signatures[0];
  if (root?.localName !== part.root) return false;
  if (signatures.length !== 1 || !signatureNode || signatureNode.parentNode !== root) return false;
  const signed = doc.getElementsByTagNameNS(NFE_NS, part.element);
  const id = signed[0]?.getAttribute('Id');
  if (signed.length !== 1 || !id) return false;

  const verifier = new SignedXml({ publicCert: certificatePem });
  verifier.loadSignature(signatureNode);
  const references = verifier.getReferences();
  if (references.length !== 1 || references[0]?.uri !== `#${id}`) return false;
  try {
    return verifier.checkSignature(signedXml);
  } catch {
    // xml-crypto throws, rather than answering false, for some broken signatures.
    return false;
  }
}
