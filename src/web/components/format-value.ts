import { cnpj, cpf, phone, cep } from '../../shared/br/documents.js';
import { formatBRL } from '../../shared/money.js';
import type { FieldKind } from '../../shared/resource.js';
import { formatDateOrInstant } from './dates.js';

/** What a value needs to be shown: its kind and, for enums, the labels of its values. */
export interface ValueSpec {
  kind?: FieldKind;
  options?: Record<string, string>;
}

/** CPF has 11 characters, CNPJ 14: a stored document tells its own type. */
export function formatDocument(value: string): string {
  return value.length === 11 && /^\d+$/.test(value) ? cpf.format(value) : cnpj.format(value);
}

/**
 * A value as text, the way lists and the history show it: BRL, dd/mm/aaaa, formatted
 * documents, enum labels, Sim/Não. Empty values give ''.
 */
export function formatValue(spec: ValueSpec, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (spec.kind) {
    case 'money':
      return formatBRL(value as string | number);
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
