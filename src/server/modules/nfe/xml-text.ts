import { Decimal } from 'decimal.js';

/**
 * Writing NF-e values: elements without whitespace between them, text in the schema's TString
 * alphabet, decimals at the layout's number of places.
 */

/** `<name>text</name>`, or nothing when the value is absent (an optional element left out). */
export function el(name: string, value: string | undefined | null, attributes = ''): string {
  if (value === undefined || value === null) return '';
  return `<${name}${attributes}>${value}</${name}>`;
}

/** `<name>…children…</name>` from the children's XML (already escaped). */
export function group(name: string, ...children: string[]): string {
  return `<${name}>${children.join('')}</${name}>`;
}

const typographic: Record<string, string> = {
  '\u2013': '-',
  '\u2014': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u2026': '...',
  '\u00A0': ' ',
};

/**
 * A free text as the schema's TString accepts it (characters from space to ÿ, no leading or
 * trailing blank): control characters, line breaks and runs of blanks become one space,
 * typographic dashes and quotes their ASCII forms, letters beyond Latin-1 lose their accents (one
 * with no Latin-1 base, as Ł, stays and fails the schema check). Nothing is cut: a text too long
 * fails the schema validation, which names the field, rather than losing words silently.
 * Escaped for XML.
 */
export function text(value: string): string {
  const normalized = value
    .replace(/[\u2013\u2014\u2018\u2019\u201C\u201D\u2026\u00A0]/g, (char) => typographic[char]!)
    .replace(/\p{Cc}/gu, ' ')
    .replace(/[^ -\u00FF]/gu, (char) => char.normalize('NFKD').replace(/[\u0300-\u036F]/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
  return escapeXml(normalized);
}

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * A decimal written with exactly `places` decimals. More significant decimals than that is a bug
 * of whoever computed the value (rounding belongs to the invoice's rules), so it throws.
 */
export function fixed(value: string | Decimal, places: number): string {
  const decimal = new Decimal(value);
  if (decimal.decimalPlaces() > places) {
    throw new Error(`NF-e: ${decimal.toString()} has more than ${places} decimal places.`);
  }
  return decimal.toFixed(places);
}

/** Money (TDec_1302): two decimals. */
export const money = (value: string | Decimal) => fixed(value, 2);
/** Percentages (TDec_0302a04): four decimals. */
export const rate = (value: string | Decimal) => fixed(value, 4);
/** Quantities (TDec_1104v): four decimals. */
export const quantity = (value: string | Decimal) => fixed(value, 4);
/** Unit prices (TDec_1110v): as many decimals as they have, two at least, ten at most. */
export const unitPrice = (value: string) =>
  fixed(value, Math.max(2, Math.min(10, new Decimal(value).decimalPlaces())));

/** Money that the layout writes only when not zero (TDec_1302Opc refuses "0.00"). */
export function optionalMoney(value: string | Decimal): string | undefined {
  return new Decimal(value).isZero() ? undefined : money(value);
}
