import { messages } from './messages.js';
import type { CrudArea } from './permissions.js';
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
  /** Decimal strings (DOMAIN §1): a quantity in the item's unit, numeric(15,3)… */
  | 'quantity'
  /** …a unit cost or price in BRL, numeric(15,4)… */
  | 'unitCost'
  /** …a percentage, numeric(5,2), 0–100. */
  | 'percent'
  | 'integer'
  | 'color'
  | 'date'
  | 'email'
  | 'phone'
  | 'cep'
  | 'uf'
  /** An address's IBGE municipality code, picked among its UF's (`address.cityCode`). */
  | 'municipality'
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
  /** For `reference`: the resource whose row's title the cell shows. */
  references?: string;
  sortable?: boolean;
  /**
   * Also shown below 768 px, where a list keeps only the title column and the columns marked
   * here (the key figure and the status), so nothing that matters needs sideways scrolling.
   */
  mobile?: boolean;
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
  /** The permission area: `brands`, `unitsOfMeasurement`; one with read, write and delete. */
  area: CrudArea;
  /** Screen title (plural) and the name of one row. */
  label: string;
  singular: string;
  /** The grammatical gender of `singular`, for sentences about one row: "um cliente", "uma marca". */
  gender: 'm' | 'f';
  /**
   * Fields a unique index keeps unique, each with how a sentence points at its value
   * (`{ document: 'este CPF/CNPJ' }`). The migrations name that index `<table>_<column>_key`, the
   * table after `path`; a duplicate answers 409 "Já existe um cliente com este CPF/CNPJ." on
   * the field.
   */
  uniqueFields?: Record<string, string>;
  /** The body of POST and PUT (without `version`). */
  schema: Schema;
  /** The list's filters besides page, sort and q. */
  filtersSchema: Filters;
  fields: FieldSpec[];
  columns: ColumnSpec[];
  /**
   * What a row of the list carries besides its id (its summary): the columns, the title and
   * detail a picker shows, and what a picker reads of a row (a unit's decimals). The list's
   * SELECT reads only these; the form reads the whole record (GET /:id), the export too.
   */
  listFields: string[];
  filters: FilterSpec[];
  /** API fields matched by `q`. */
  searchFields: string[];
  defaultSort: string;
  /** The field that names a row in pickers and messages. */
  titleField: string;
  /**
   * A field a picker shows after the title when the title is a code ("M — Metro"), so the
   * option says what the code means; the picker still ranks by the title.
   */
  detailField?: string;
  /**
   * Whether a form's picker of this resource offers "+ Novo": a short record (a unit, a supplier)
   * created in a drawer without leaving the document being typed.
   */
  createFromPicker?: boolean;
  /** Can the list be imported from a spreadsheet. */
  importable?: boolean;
}

export function defineResource<S extends z.ZodType, F extends z.ZodObject>(
  definition: ResourceDefinition<S, F>,
): ResourceDefinition<S, F> {
  return definition;
}

/** "Já existe uma marca com este nome.": the answer to a duplicate value of a unique field. */
export function duplicateMessage(
  definition: Pick<ResourceDefinition, 'gender' | 'singular'>,
  /** The field's phrase in `uniqueFields`: "este nome". */
  value: string,
): string {
  const row = `${definition.gender === 'f' ? 'uma' : 'um'} ${definition.singular.toLowerCase()}`;
  return messages.errors.duplicateOf(row, value);
}

/** What a list keeps below 768 px: its title column and the columns marked `mobile`. */
export function smallScreenColumns(definition: ResourceDefinition): ColumnSpec[] {
  return definition.columns.filter(
    (column) => column.key === definition.titleField || column.mobile,
  );
}

export const activeLabels = { trueLabel: 'Ativos', falseLabel: 'Inativos' } as const;
