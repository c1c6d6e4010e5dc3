import { isValid as isValidGtin } from 'gtin';

/**
 * A product's fiscal and trade codes (DOMAIN §1), stored as digits and shown formatted. Typed
 * with dots, hyphens or spaces, as printed on a label or an invoice; any other character
 * leaves the value invalid instead of being dropped.
 */
const bare = (value: string): string => value.replace(/[\s.-]/g, '');

/** NCM, the Mercosur classification of goods: 8 digits, shown as "6109.10.00". */
export const ncm = {
  normalize: bare,
  isValid: (value: string) => /^\d{8}$/.test(bare(value)),
  format: (value: string) => {
    const d = bare(value);
    return /^\d{8}$/.test(d) ? `${d.slice(0, 4)}.${d.slice(4, 6)}.${d.slice(6)}` : value;
  },
};

/** GTIN/EAN barcode: 8, 12, 13 or 14 digits, the last a GS1 check digit (the `gtin` package's). */
export const gtin = {
  normalize: bare,
  isValid: (value: string) => {
    const digits = bare(value);
    // The package throws on anything that is not 8 or 12–14 digits.
    return /^(\d{8}|\d{12,14})$/.test(digits) && isValidGtin(digits);
  },
  format: bare,
};

/** CEST, the tax-substitution code of goods (Convênio ICMS 142/18): 7 digits, shown as "28.038.00". */
export const cest = {
  normalize: bare,
  isValid: (value: string) => /^\d{7}$/.test(bare(value)),
  format: (value: string) => {
    const d = bare(value);
    return /^\d{7}$/.test(d) ? `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5)}` : value;
  },
};
