import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

/**
 * The NF-e's XML signature, as the layout fixes it (and the schema's xmldsig profile checks):
 * Reference to infNFe's Id, transforms enveloped-signature + C14N 1.0, SHA-1 digest, RSA-SHA1,
 * C14N 1.0 SignedInfo, the certificate in KeyInfo/X509Data/X509Certificate, and the Signature
 * (default namespace xmldsig) right after infNFe inside NFe.
 */
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const infNFe = "/*[local-name(.)='NFe']/*[local-name(.)='infNFe']";

export interface SigningKey {
  privateKeyPem: string;
  certificatePem: string;
}

/** The unsigned `<NFe>` (no whitespace between tags) signed; the text outside infNFe untouched. */
export function signNfe(unsignedXml: string, key: SigningKey): string {
  const signature = new SignedXml({
    privateKey: key.privateKeyPem,
    publicCert: key.certificatePem,
    signatureAlgorithm: RSA_SHA1,
    canonicalizationAlgorithm: C14N,
  });
  signature.addReference({
    xpath: infNFe,
    transforms: [ENVELOPED, C14N],
    digestAlgorithm: SHA1,
  });
  signature.computeSignature(unsignedXml, { location: { reference: infNFe, action: 'after' } });
  return signature.getSignedXml();
}

/**
 * Whether the NF-e's signature is intact and made with the given certificate's key, and that what
 * it signs is this document's infNFe (not another element carrying the same Id).
 */
export function verifyNfeSignature(signedXml: string, certificatePem: string): boolean {
  const doc = new DOMParser().parseFromString(signedXml, 'text/xml');
  const signatures = doc.getElementsByTagNameNS(DSIG_NS, 'Signature');
  const nfe = doc.documentElement;
  const signatureNode = signatures[0];
  if (signatures.length !== 1 || !signatureNode || signatureNode.parentNode !== nfe) return false;
  const infNFeNodes = doc.getElementsByTagNameNS('http://www.portalfiscal.inf.br/nfe', 'infNFe');
  const id = infNFeNodes[0]?.getAttribute('Id');
  if (infNFeNodes.length !== 1 || !id) return false;

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
