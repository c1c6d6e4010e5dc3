import { cep, cnpj, cpf } from '../../../../shared/br/documents.js';
import { formatDecimal } from '../../../../shared/money.js';

/** How the DANFE writes the XML's values: pt-BR numbers, dd/mm/yyyy dates, formatted documents. */

/** "1234.5" → "1.234,50"; '' stays ''. */
export const money = (value: string) => (value ? formatDecimal(value, 2) : '');

/** A decimal with at least `min` places and as many more as it has, up to 10: "0.8425" → "0,8425". */
export function decimal(value: string, min = 2): string {
  if (!value) return '';
  const places = value.includes('.') ? value.split('.')[1]!.replace(/0+$/, '').length : 0;
  return formatDecimal(value, Math.min(10, Math.max(min, places)));
}

/** "2026-11-26T09:30:00-03:00" or "2026-11-26" → "26/11/2026": the date as the XML states it. */
export const date = (value: string) =>
  /^\d{4}-\d{2}-\d{2}/.test(value)
    ? `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`
    : '';

/** "2026-11-26T09:30:00-03:00" → "09:30:00". */
export const time = (value: string) =>
  /T\d{2}:\d{2}:\d{2}/.test(value) ? value.slice(11, 19) : '';

/** CNPJ "12.ABC.345/01DE-35", CPF "123.456.789-09", anything else as it is. */
export function document(value: string): string {
  if (/^[0-9A-Z]{12}\d{2}$/.test(value)) return cnpj.format(value);
  if (/^\d{11}$/.test(value)) return cpf.format(value);
  return value;
}

export const zipCode = (value: string) => (/^\d{8}$/.test(value) ? cep.format(value) : value);

/** "(19) 3456-7890" from the XML's digits. */
export function phone(value: string): string {
  const match = /^(\d{2})(\d{4,5})(\d{4})$/.exec(value);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : value;
}

/** "Nº 000.001.532": nNF in nine digits, grouped by three. */
export const invoiceNumber = (value: number) =>
  String(value)
    .padStart(9, '0')
    .replace(/(\d{3})(\d{3})(\d{3})/, '$1.$2.$3');

export const seriesNumber = (value: number) => String(value).padStart(3, '0');

/** modFrete as the DANFE manual writes it. */
const freightModes: Record<string, string> = {
  '0': '0-Por conta do Emitente',
  '1': '1-Por conta do Destinatário',
  '2': '2-Por conta de Terceiros',
  '3': '3-Próprio por conta do Remetente',
  '4': '4-Próprio por conta do Destinatário',
  '9': '9-Sem Ocorrência de Transporte',
};
export const freightMode = (value: string) => freightModes[value] ?? value;
