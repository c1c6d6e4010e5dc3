import {
  signEnveloped,
  verifyEnveloped,
  type SignedPart,
  type SigningKey,
} from './xml-signature.js';

export type { SigningKey };

/** The NF-e signs its infNFe (Id "NFe" + the access key); the Signature follows it inside NFe. */
const NFE: SignedPart = { root: 'NFe', element: 'infNFe' };

/** The unsigned `<NFe>` (no whitespace between tags) signed; the text outside infNFe untouched. */
export function signNfe(unsignedXml: string, key: SigningKey): string {
  return signEnveloped(unsignedXml, key, NFE);
}

/**
 * Whether the NF-e's signature is intact and made with the given certificate's key, and that what
 * it signs is this document's infNFe (not another element carrying the same Id).
 */
export function verifyNfeSignature(signedXml: string, certificatePem: string): boolean {
  return verifyEnveloped(signedXml, certificatePem, NFE);
}
