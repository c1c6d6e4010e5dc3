import type { ReactNode } from 'react';
import type { z } from '../../shared/zod-messages.js';
import type { ResourceRow } from './resource-row.js';

/** What a custom field input gets besides the value/onChange the form hands it. */
export interface CustomFieldContext {
  /** The row being edited; null while creating. */
  row: ResourceRow | null;
  disabled: boolean;
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
  /** A note above the form for this row. */
  notice?: (row: ResourceRow) => ReactNode;
}
