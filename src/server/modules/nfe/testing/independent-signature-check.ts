import { createHash, createVerify } from 'node:crypto';
import { XmlC14NMode, XmlDocument } from 'libxml2-wasm';

/**
 * The NF-e signature checked without xml-crypto: libxml2 canonicalizes infNFe and SignedInfo
 * (C14N 1.0), Node's crypto hashes and verifies. So a test does not only check xml-crypto against
 * itself. Answers what failed, or 'ok'.
 */
export function checkSignatureIndependently(
  signedXml: string,
  certificatePem: string,
): 'ok' | 'digest' | 'signature' {
  const doc = XmlDocument.fromString(signedXml);
  try {
    const ns = {
      n: 'http://www.portalfiscal.inf.br/nfe',
      ds: 'http://www.w3.org/2000/09/xmldsig#',
    };
    const infNFe = doc.get('/n:NFe/n:infNFe', ns)!;
    const signedInfo = doc.get('/n:NFe/ds:Signature/ds:SignedInfo', ns)!;
    const text = (xpath: string) => doc.eval(`string(${xpath})`, ns) as string;
    const mode = { mode: XmlC14NMode.XML_C14N_1_0 };
    const digest = createHash('sha1').update(infNFe.canonicalizeToString(mode)).digest('base64');
    if (digest !== text('//ds:DigestValue')) return 'digest';
    const verifier = createVerify('RSA-SHA1');
    verifier.update(signedInfo.canonicalizeToString(mode));
    return verifier.verify(certificatePem, text('//ds:SignatureValue'), 'base64')
      ? 'ok'
      : 'signature';
  } finally {
    doc.dispose();
  }
}
