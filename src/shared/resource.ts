import type { Area } from './permissions.js';
import type { z } from './zod-messages.js';

/**
 * A resource definition drives master data (ARCHITECTURE): one small object per entity with its
 * schema, labels, list columns, search fields, filters and permissions. The server's generic CRUD
 * turns it into routes; the web's resource table and form turn it into screens.
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'boolean'
  | 'enum'
  | 'money'
  | 'integer'
  | 'color'
  | 'date'
  | 'email'
  | 'phone'
  | 'cep'
  | 'uf'
  | 'document'
  | 'reference'
  | 'password'
  | 'permissions';

export interface FieldSpec {
  /** Path in the API object: `name`, `address.zipCode`. */
  key: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** For `enum`: value → label. */
  options?: Record<string, string>;
  /** For `reference`: the resource whose rows are offered. */
  references?: string;
  /** For `text`: the maximum length (also enforced by the schema). */
  maxLength?: number;
  /** Shown next to the field. */
  help?: string;
  /** Read-only on screen (computed by the server). */
  readOnly?: boolean;
  /** Only in the form, not in the API's stored fields (e.g. a password confirmation). */
  formOnly?: boolean;
  /** Form grouping. */
  section?: string;
}

export interface ColumnSpec {
  key: string;
  label: string;
  kind?: FieldKind;
  options?: Record<string, string>;
  sortable?: boolean;
}

export type FilterSpec =
  | { key: string; label: string; kind: 'boolean'; trueLabel?: string; falseLabel?: string }
  | { key: string; label: string; kind: 'enum'; options: Record<string, string> }
  | { key: string; label: string; kind: 'reference'; references: string };

export interface ResourceDefinition<
  Schema extends z.ZodType = z.ZodType,
  Filters extends z.ZodObject = z.ZodObject,
> {
  /** The API path segment and audit entity: `brands`, `units-of-measurement`. */
  path: string;
  /** The permission area: `brands`, `unitsOfMeasurement`. */
  area: Area;
  /** Screen title (plural) and the name of one row. */
  label: string;
  singular: string;
  /** The body of POST and PUT (without `version`). */
  schema: Schema;
  /** The list's filters besides page, sort and q. */
  filtersSchema: Filters;
  fields: FieldSpec[];
  columns: ColumnSpec[];
  filters: FilterSpec[];
  /** API fields matched by `q`. */
  searchFields: string[];
  defaultSort: string;
  /** The field that names a row in pickers and messages. */
  titleField: string;
  /** Can the list be imported from a spreadsheet. */
  importable?: boolean;
}

export function defineResource<S extends z.ZodType, F extends z.ZodObject>(
  definition: ResourceDefinition<S, F>,
): ResourceDefinition<S, F> {
  return definition;
}

export const activeLabels = { trueLabel: 'Ativos', falseLabel: 'Inativos' } as const;
