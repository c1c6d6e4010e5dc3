import type { FormInstance } from 'antd';
import { scrollToError } from './antd-config.js';
import { ApiError } from '../lib/api-error.js';
import { toast } from '../lib/toast.js';
import { fromDottedPath, nearestRegisteredPath } from './field-path.js';

/**
 * Puts the API's `error.fields` (`{ 'address.zipCode': 'CEP inválido' }`) next to the matching
 * fields of an antd form (a line's cell, `components.2.quantity`, is a field like any other; a
 * path below no field lands on the nearest one above it, such as a line table's list). Returns the messages that name no field of this form, so the caller
 * can still show them (an Alert or a toast) instead of losing them.
 */
function applyServerErrors(form: FormInstance, error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  // getFieldsError() lists exactly the fields rendered in this form.
  const registered = form.getFieldsError().map((field) => field.name);
  const unmatched: string[] = [];
  const errors = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const [dotted, message] of Object.entries(error.fields)) {
    const name = nearestRegisteredPath(registered, fromDottedPath(dotted));
    if (!name) {
      unmatched.push(message);
      continue;
    }
    // Two messages may land on one field (two lines' ids on their list): both are shown.
    const key = name.join('.');
    const update = errors.get(key) ?? { name, errors: [] };
    if (!update.errors.includes(message)) update.errors.push(message);
    errors.set(key, update);
  }
  const updates = [...errors.values()];
  form.setFields(updates);
  if (updates.length > 0) {
    form.scrollToField(updates[0]!.name, scrollToError);
  }
  return unmatched;
}

/**
 * The usual ending of a failed form submit whose errors the form asked to handle (`silent`):
 * field errors go next to their fields, anything else becomes the toast the HTTP client would
 * have shown.
 */
export function reportFormError(form: FormInstance, error: unknown): void {
  if (!(error instanceof ApiError)) return; // a network failure was already announced
  const unmatched = applyServerErrors(form, error);
  const appliedSome = Object.keys(error.fields).length > unmatched.length;
  if (!appliedSome) toast.error(error.message, error.requestId);
  else if (unmatched.length > 0) toast.error(unmatched.join(' '), error.requestId);
}
