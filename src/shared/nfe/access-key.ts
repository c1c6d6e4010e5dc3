/**
 * The NF-e access key (chave de acesso), 44 characters:
 * cUF (2) · AAMM (4) · issuer CNPJ, or CPF left-padded to 14 (14) · modelo (2) · série (3) ·
 * nNF (9) · tpEmis (1) · cNF (8) · cDV (1).
 * Shared because the screens show it in groups of four and check the keys a devolução refers to.
 */
export interface AccessKeyParts {
  /** cUF: the issuer's state IBGE code, 2 digits. */
  ufCode: string;
  /** AAMM: year and month of the issue date. */
  yearMonth: string;
  /** Issuer's CNPJ (alphanumeric since July 2026, uppercase) or CPF (11 digits). */
  issuerDocument: string;
  /** "55" NF-e, "65" NFC-e. */
  model: string;
  series: number;
  number: number;
  /** tpEmis: 1 normal; 4 EPEC, 6 SVC-AN, 7 SVC-RS in contingency. */
  emissionType: number;
  /** cNF: 8 random digits, never equal to nNF. */
  randomCode: string;
}

export interface ParsedAccessKey extends AccessKeyParts {
  checkDigit: number;
}

/** The schema's pattern of the key (the Id of infNFe without "NFe"): letters only in the CNPJ. */
const keyPattern = /^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/;

/**
 * cDV: each character is worth its ASCII code − 48 (digits 0–9, the letters of an alphanumeric
 * CNPJ A = 17 … Z = 42), weighted 2, 3, …, 9, 2, 3, … from the rightmost character; r = sum mod 11;
 * 0 when r < 2, else 11 − r.
 */
export function accessKeyCheckDigit(first43: string): number {
  if (!/^[0-9A-Z]{43}$/.test(first43)) throw new Error('A chave sem o dígito tem 43 caracteres.');
  let sum = 0;
  for (let i = 0; i < 43; i += 1) {
    const weight = 2 + (i % 8);
    sum += (first43.charCodeAt(42 - i) - 48) * weight;
  }
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** Every part checked against the layout; a message names the field (for the log, not a user). */
function assertParts(parts: AccessKeyParts): void {
  const fail = (what: string) => {
    throw new Error(`Chave de acesso: ${what} fora do leiaute.`);
  };
  if (!/^[1-5][0-9]$/.test(parts.ufCode)) fail('cUF');
  if (!/^[0-9]{2}(0[1-9]|1[0-2])$/.test(parts.yearMonth)) fail('AAMM');
  if (!/^([0-9A-Z]{12}[0-9]{2}|[0-9]{11})$/.test(parts.issuerDocument)) fail('CNPJ/CPF');
  if (!/^[0-9]{2}$/.test(parts.model)) fail('modelo');
  if (!Number.isInteger(parts.series) || parts.series < 0 || parts.series > 999) fail('série');
  if (!Number.isInteger(parts.number) || parts.number < 1 || parts.number > 999_999_999) {
    fail('nNF');
  }
  if (!Number.isInteger(parts.emissionType) || parts.emissionType < 1 || parts.emissionType > 9) {
    fail('tpEmis');
  }
  if (!/^[0-9]{8}$/.test(parts.randomCode) || Number(parts.randomCode) === parts.number) {
    fail('cNF');
  }
}

/** The 44-character key of the parts, check digit included. */
export function composeAccessKey(parts: AccessKeyParts): string {
  assertParts(parts);
  const first43 =
    parts.ufCode +
    parts.yearMonth +
    parts.issuerDocument.padStart(14, '0') +
    parts.model +
    String(parts.series).padStart(3, '0') +
    String(parts.number).padStart(9, '0') +
    String(parts.emissionType) +
    parts.randomCode;
  return first43 + String(accessKeyCheckDigit(first43));
}

/** Whether the text is a key of the schema's shape whose check digit is right. */
export function isValidAccessKey(key: string): boolean {
  return keyPattern.test(key) && accessKeyCheckDigit(key.slice(0, 43)) === Number(key[43]);
}

/** The parts of a valid key (the issuer's document as the 14 characters of the key). */
export function parseAccessKey(key: string): ParsedAccessKey {
  if (!isValidAccessKey(key)) throw new Error('Chave de acesso inválida.');
  return {
    ufCode: key.slice(0, 2),
    yearMonth: key.slice(2, 6),
    issuerDocument: key.slice(6, 20),
    model: key.slice(20, 22),
    series: Number(key.slice(22, 25)),
    number: Number(key.slice(25, 34)),
    emissionType: Number(key.slice(34, 35)),
    randomCode: key.slice(35, 43),
    checkDigit: Number(key.slice(43)),
  };
}

/** "3524 10KS P416 …": the key in eleven groups of four, as the DANFE and the screens show it. */
export function formatAccessKey(key: string): string {
  return key.replace(/(.{4})(?=.)/g, '$1 ');
}
