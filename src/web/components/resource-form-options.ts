import type { ReactNode } from 'react';
import type { FieldSpec } from '../../shared/resource.js';
import type { z } from '../../shared/zod-messages.js';
import type { FormValues } from './resource-form-values.js';
import type { ResourceRow } from './resource-row.js';

/** What a custom field input gets besides the value/onChange the form hands it. */
export interface CustomFieldContext {
  /** The row being edited; null while creating. */
  row: ResourceRow | null;
  disabled: boolean;
}

/** What the form hands a part of its own (a line table) that the definition does not describe. */
export interface FormPartContext {
  /** The row being edited; null while creating. */
  row: ResourceRow | null;
  /** The schema the form validates with, and the body it would send for some values. */
  schema: z.ZodType;
  toInput: (values: FormValues) => unknown;
  disabled: boolean;
}

/**
 * Values the definition's fields do not cover (a product's bill of materials): how the row's
 * become the form's, how the form's join the body, and what edits them inside the form.
 */
export interface FormPart {
  toFormValues: (row: ResourceRow | null) => FormValues;
  /** Merged into the body built from the definition's fields. */
  toInput: (values: FormValues) => FormValues;
  /** Rendered inside the form after the definition's sections. */
  render: (ctx: FormPartContext) => ReactNode;
}

/**
 * Where a resource's form differs from the generic one. Each option is small and explicit; a
 * screen that needs more than this is hand-written in its feature.
 */
export interface ResourceFormOptions {
  /** Validates an edit when it differs from creating (users: the password may stay blank). */
  editSchema?: z.ZodType;
  /**
   * Inputs by field key that replace the generic one (roles: the permission matrix). The
   * element is put inside the field's Form.Item, which hands it `value` and `onChange`.
   */
  customFields?: Record<string, (ctx: CustomFieldContext) => ReactNode>;
  /** Fields this row does not let anyone change (the system role's permissions). */
  lockedFields?: (row: ResourceRow) => readonly string[];
  /** Whether this row may be deleted at all (the system role may not). */
  canDelete?: (row: ResourceRow) => boolean;
  /**
   * What a new record starts with beyond its schema's defaults, as the API holds it (a product
   * starts "Fabricado", so its Ficha técnica is there to fill before the first save).
   */
  newValues?: Record<string, unknown>;
  /** Values and inputs beyond the definition's fields (a product's lines). */
  part?: FormPart;
  /** Read-only fields the part shows in its own way (a product's standard cost, by its lines). */
  shownByPart?: readonly string[];
  /**
   * Labels and kinds the history uses for the part's values, which the definition does not
   * describe: a lines field (`components`, its label naming one line) and its line fields
   * (`components.quantity`).
   */
  historyFields?: readonly FieldSpec[];
  /** A note above the form for this row. */
  notice?: (row: ResourceRow) => ReactNode;
}
