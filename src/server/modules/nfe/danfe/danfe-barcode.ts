import { toBuffer } from 'bwip-js';

/**
 * The access key's barcode: Code 128, which for the 44 digits of a numeric key encodes set C
 * (two digits a symbol) throughout; a key with an alphanumeric CNPJ switches sets where its
 * letters are. A PNG at 3 pixels a module, without the human-readable text (the DANFE prints the
 * key in groups of four beside it).
 */
export function accessKeyBarcode(accessKey: string): Promise<Buffer> {
  return toBuffer({
    bcid: 'code128',
    text: accessKey,
    scale: 3,
    height: 10,
    includetext: false,
    paddingwidth: 0,
    paddingheight: 0,
  });
}
