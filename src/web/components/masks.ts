import { cep, cnpj, cpf, onlyDigits, normalizeCnpj } from '../../shared/br/documents.js';

/**
 * Formatting while the user types. The shared helpers format partial values too (they cut at the
 * document's length), except the phone's, which formats only a complete number: its mask depends
 * on whether 10 or 11 digits end up typed, so it is built here step by step.
 */
export interface Mask {
  format: (typed: string) => string;
  /** Longest formatted value, so the input stops accepting characters there. */
  maxLength: number;
}

function formatPhoneTyping(typed: string): string {
  const d = onlyDigits(typed).slice(0, 11);
  if (d.length === 0) return '';
  // Leaving out the ") " until a third digit arrives keeps backspace from getting stuck on it.
  if (d.length <= 2) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}

export const masks = {
  cpf: { format: (v) => (onlyDigits(v) ? cpf.format(v) : ''), maxLength: 14 },
  // Alphanumeric since July 2026 (DOMAIN §1): letters are kept, uppercased.
  cnpj: { format: (v) => (normalizeCnpj(v) ? cnpj.format(v) : ''), maxLength: 18 },
  cep: { format: (v) => (onlyDigits(v) ? cep.format(v) : ''), maxLength: 9 },
  phone: { format: formatPhoneTyping, maxLength: 15 },
} satisfies Record<string, Mask>;
