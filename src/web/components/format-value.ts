import { cnpj, cpf, phone, cep } from '../../shared/br/documents.js';
import { formatBRL, formatDecimal, parseDecimal } from '../../shared/money.js';
import type { FieldKind } from '../../shared/resource.js';
import { formatDateOrInstant } from './dates.js';
import { formatQuantity, MAX_QUANTITY_DECIMALS } from './quantity-text.js';
import { formatUnitCost } from './unit-cost-text.js';

/** What a value needs to be shown: its kind and, for enums, the labels of its values. */
export interface ValueSpec {
  kind?: FieldKind;
  options?: Record<string, string>;
}

/** CPF has 11 characters, CNPJ 14: a stored document tells its own type. */
export function formatDocument(value: string): string {
  return value.length === 11 && /^\d+$/.test(value) ? cpf.format(value) : cnpj.format(value);
}

/** Percentages are stored with 2 places (DOMAIN §1, numeric(5,2)). */
const PERCENT_SCALE = 2;

/** The places a decimal needs to be shown whole, trailing zeros dropped, at most `max`. */
const placesOf = (value: unknown, max: number) =>
  Math.min(parseDecimal(value)?.decimalPlaces() ?? 0, max);

/**
 * A quantity where its unit is not known (a definition's field: minimum stock, stock on hand):
 * the places it has, trailing zeros dropped ("12.500" → "12,5", "3.000" → "3"). Padding to 3
 * would show a count of pieces as "3,000"; the places it has are right in every unit, since the
 * server accepts no more than the unit allows.
 */
function formatAnyQuantity(value: unknown): string {
  return formatQuantity(value as string | number, placesOf(value, MAX_QUANTITY_DECIMALS));
}

/**
 * "10%", "10,5%": as Intl.NumberFormat('pt-BR', { style: 'percent' }) writes it (CLDR puts no
 * space before the sign in pt-BR), with the places the value has.
 */
function formatPercent(value: unknown): string {
  const text = formatDecimal(value as string | number, placesOf(value, PERCENT_SCALE));
  return text ? `${text}%` : String(value);
}

/**
 * A value as text, the way lists and the history show it: BRL, quantities and percentages with
 * a decimal comma, dd/mm/aaaa, formatted documents, enum labels, Sim/Não. Empty values give ''.
 */
export function formatValue(spec: ValueSpec, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (spec.kind) {
    case 'money':
      return formatBRL(value as string | number);
    case 'quantity':
      return formatAnyQuantity(value) || String(value);
    case 'unitCost':
      return formatUnitCost(value as string | number) || String(value);
    case 'percent':
      return formatPercent(value);
    case 'boolean':
      return value ? 'Sim' : 'Não';
    case 'enum':
      return spec.options?.[String(value)] ?? String(value);
    case 'document':
      return formatDocument(String(value));
    case 'phone':
      return phone.format(String(value));
    case 'cep':
      return cep.format(String(value));
    case 'date':
      return formatDateOrInstant(value);
    case 'password':
      return '••••••••';
    default:
      if (Array.isArray(value)) return value.join(', ');
      if (typeof value === 'object') return JSON.stringify(value);
      return String(value);
  }
}
