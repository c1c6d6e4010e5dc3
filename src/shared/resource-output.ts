import type { FieldSpec, ResourceDefinition } from './resource.js';
import { z } from './zod-messages.js';

/** Identity and bookkeeping: what every stored row answers besides its own fields. */
export const rowBookkeeping = {
  id: z.number(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.number().nullable(),
  updatedBy: z.number().nullable(),
};

/** A row as the API answers it: bookkeeping plus fields that only its definition names. */
export type ResourceRow = z.output<z.ZodObject<typeof rowBookkeeping>> & Record<string, unknown>;

/**
 * One field's value as the API answers it: the stored value's type (a decimal as its string,
 * dates and times as ISO strings), null when the field is optional. The input rules (lengths,
 * patterns) are the body schema's: a row stored before a rule changed is still answered.
 */
function valueSchema(field: FieldSpec): z.ZodType | undefined {
  let value: z.ZodType;
  switch (field.kind) {
    case 'password':
      return undefined; // write-only
    case 'boolean':
      return z.boolean();
    case 'permissions':
      return z.array(z.string());
    case 'integer':
    case 'reference':
      value = z.number();
      break;
    default:
      value = z.string();
  }
  return field.required ? value : value.nullable();
}

/**
 * What the API answers for one row of a resource, built from its definition: bookkeeping plus
 * every field the screens show, computed ones (`readOnly`, a balance) included; `address.city`
 * becomes `address: { city }` (one level of nesting, as the definitions have). Responses are
 * encoded through it and a zod object drops the keys it does not name, so a column the
 * definition does not name (the stored search text, a secret) never leaves the server.
 */
export function resourceOutputSchema(definition: Pick<ResourceDefinition, 'fields'>) {
  const shape: Record<string, z.ZodType> = { ...rowBookkeeping };
  const nested: Record<string, Record<string, z.ZodType>> = {};
  for (const field of definition.fields) {
    const value = field.formOnly ? undefined : valueSchema(field);
    if (!value) continue;
    const [key, inner] = field.key.split('.') as [string, string | undefined];
    if (inner) (nested[key] ??= {})[inner] = value;
    else shape[key] = value;
  }
  for (const [key, inner] of Object.entries(nested)) shape[key] = z.object(inner);
  return z.object(shape);
}

/**
 * A row of the resource's list, its summary: the id and the definition's `listFields`, each typed
 * as the record (resourceOutputSchema) answers it, and `extras` for what only the list carries (a
 * flag). `address.city` keeps `address: { city }` alone. A list field that neither names is a
 * mistake in the definition and stops the start.
 */
export function resourceSummarySchema<Extras extends Record<string, z.ZodType>>(
  definition: Pick<ResourceDefinition, 'path' | 'fields' | 'listFields'>,
  extras: Extras = {} as Extras,
) {
  const record: Record<string, z.ZodType> = {
    ...resourceOutputSchema(definition).shape,
    ...extras,
  };
  const shape: Record<string, z.ZodType> = { id: rowBookkeeping.id };
  const nested: Record<string, Record<string, true>> = {};
  for (const key of definition.listFields) {
    const [root, inner] = key.split('.') as [string, string | undefined];
    if (!record[root]) {
      throw new Error(`${definition.path}: o campo ${key} da lista não é um campo do registro.`);
    }
    if (inner) (nested[root] ??= {})[inner] = true;
    else shape[root] = record[root];
  }
  for (const [root, keys] of Object.entries(nested)) {
    shape[root] = (record[root] as z.ZodObject).pick(keys);
  }
  return z.object(shape);
}

/** A row of a list as the API answers it: the id and the definition's list fields. */
export type ResourceSummary = { id: number } & Record<string, unknown>;
