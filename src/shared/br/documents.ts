import { isValidCep } from '@brazilian-utils/brazilian-utils/is-valid-cep';
import { isValidCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { isValidCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';
import { formatCep } from '@brazilian-utils/brazilian-utils/format-cep';
import { formatCnpj } from '@brazilian-utils/brazilian-utils/format-cnpj';
import { formatCpf } from '@brazilian-utils/brazilian-utils/format-cpf';

/**
 * Brazilian documents are stored without punctuation (CNPJ uppercase, since the alphanumeric
 * CNPJ of July 2026) and shown formatted. Validation of the check digits is @brazilian-utils'.
 */
export const onlyDigits = (value: string): string => value.replace(/\D/g, '');
export const normalizeCnpj = (value: string): string =>
  value.replace(/[^0-9a-zA-Z]/g, '').toUpperCase();

/**
 * What a search for a CPF or CNPJ looks for: "123.456.789-09" and "12.ABC.345/01DE-35" become the
 * stored "12345678909" and "12ABC34501DE35"; anything else (words, an e-mail) is not a document
 * and answers null.
 */
export const typedDocument = (q: string): string | null =>
  /^[\d\s./-]+$|^[\dA-Za-z]{2}\.[\dA-Za-z]{3}/.test(q) ? normalizeCnpj(q) : null;

export const cpf = {
  normalize: onlyDigits,
  isValid: (value: string) => /^\d{11}$/.test(onlyDigits(value)) && isValidCpf(onlyDigits(value)),
  format: (value: string) => formatCpf(onlyDigits(value)),
};

export const cnpj = {
  normalize: normalizeCnpj,
  isValid: (value: string) => {
    const v = normalizeCnpj(value);
    return /^[0-9A-Z]{12}\d{2}$/.test(v) && isValidCnpj(v, { version: 2 });
  },
  format: (value: string) => formatCnpj(normalizeCnpj(value), { version: 2 }),
};

export const cep = {
  normalize: onlyDigits,
  isValid: (value: string) => /^\d{8}$/.test(onlyDigits(value)) && isValidCep(onlyDigits(value)),
  format: (value: string) => formatCep(onlyDigits(value)),
};

/** Phones are 10 (landline) or 11 (mobile) digits with the area code: (11) 3456-7890. */
export const phone = {
  normalize: onlyDigits,
  isValid: (value: string) => /^[1-9]{2}\d{8,9}$/.test(onlyDigits(value)),
  format: (value: string) => {
    const d = onlyDigits(value);
    if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
    if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
    return value;
  },
};
