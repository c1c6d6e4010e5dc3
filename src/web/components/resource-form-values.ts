import { cep, phone } from '../../shared/br/documents.js';
import { formatDecimal, parseDecimal } from '../../shared/money.js';
import type { FieldSpec, ResourceDefinition } from '../../shared/resource.js';
import { z } from '../../shared/zod-messages.js';
import { formatDocument } from './format-value.js';
import { typedMoneyToDecimal } from './money-text.js';
import { getPath, setPath } from './object-path.js';
import { formatQuantity, MAX_QUANTITY_DECIMALS, typedQuantityToDecimal } from './quantity-text.js';

/**
 * The values a resource form holds and how they become the API's body. Texts are kept as typed
 * (documents, phones and CEPs formatted, money and percentages as "1.234,50", quantities in 3
 * places as "12,500" since the form does not know the unit, whole numbers and dates that are not
 * valid as the text typed), empty selects as undefined so they show their placeholder. The
 * shared schema normalizes the rest on both sides, and refuses what was typed wrong.
 */
export type FormValues = Record<string, unknown>;

/** The form-only twin of a password field: "Confirmação". */
export const confirmationKey = (field: FieldSpec) => `${field.key}Confirmation`;

/** Fields the user edits; read-only ones (a balance, the last access) are only shown. */
const editableFields = (definition: ResourceDefinition) =>
  definition.fields.filter((field) => !field.readOnly);

function toFormValue(field: FieldSpec, value: unknown, row: Record<string, unknown>): unknown {
  const present = value !== null && value !== undefined && value !== '';
  switch (field.kind) {
    case 'boolean':
      return value === true;
    case 'money':
    case 'percent':
      return present ? formatDecimal(value as string | number, 2) : '';
    case 'quantity':
      // As the quantity input shows it when left, so loading a row does not count as a change.
      return present ? formatQuantity(value as string | number, MAX_QUANTITY_DECIMALS) : '';
    case 'unitCost': {
      if (!present) return '';
      // Cents, and the further places it has (up to 4): what the money input keeps when left.
      const places = Math.min(Math.max(parseDecimal(value)?.decimalPlaces() ?? 0, 2), 4);
      return formatDecimal(value as string | number, places);
    }
    case 'integer':
      return present ? String(value) : '';
    case 'enum':
    case 'uf':
    case 'municipality':
    case 'reference':
    case 'date':
      return present ? value : undefined;
    case 'phone':
      return present ? phone.format(String(value)) : '';
    case 'cep':
      return present ? cep.format(String(value)) : '';
    case 'document':
      if (!present) return '';
      return row.personType === 'F' || row.personType === 'J'
        ? formatDocument(String(value))
        : String(value);
    case 'password':
      return '';
    case 'permissions':
      return Array.isArray(value) ? value : [];
    default:
      return present ? String(value) : '';
  }
}

/** A row of the API (or the defaults of a new one) as the form shows it. */
export function toFormValues(
  definition: ResourceDefinition,
  row: Record<string, unknown>,
): FormValues {
  const values: FormValues = {};
  for (const field of editableFields(definition)) {
    setPath(values, field.key, toFormValue(field, getPath(row, field.key), row));
    if (field.kind === 'password') values[confirmationKey(field)] = '';
  }
  return values;
}

function toInputValue(field: FieldSpec, value: unknown): unknown {
  switch (field.kind) {
    case 'money':
    case 'unitCost':
    case 'percent':
      return typeof value === 'string' ? typedMoneyToDecimal(value) : value;
    case 'quantity':
      return typeof value === 'string' ? typedQuantityToDecimal(value) : value;
    default:
      return value;
  }
}

/** The form's values as the API's body (without `version`): only the definition's stored fields. */
export function toApiInput(definition: ResourceDefinition, values: FormValues): FormValues {
  const input: FormValues = {};
  for (const field of editableFields(definition)) {
    if (field.formOnly) continue;
    setPath(input, field.key, toInputValue(field, getPath(values, field.key)));
  }
  return input;
}

/** The object schema under a body schema's refinements and transforms (clients' document rule). */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  let current: unknown = schema;
  for (let depth = 0; depth < 5; depth++) {
    if (current instanceof z.ZodObject) return current.shape as Record<string, z.ZodType>;
    if (current instanceof z.ZodPipe) current = current.in;
    else return undefined;
  }
  return undefined;
}

/**
 * What a new row starts with: each field's schema default (`active` true, a payment method's
 * usage "Ambos", money 0,00), found by parsing "nothing" field by field.
 */
export function schemaDefaults(schema: z.ZodType): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const [key, fieldSchema] of Object.entries(objectShape(schema) ?? {})) {
    const parsed = fieldSchema.safeParse(undefined);
    if (parsed.success && parsed.data !== undefined) defaults[key] = parsed.data;
  }
  return defaults;
}
