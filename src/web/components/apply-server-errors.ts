import type { FormInstance } from 'antd';
import { scrollToError } from './antd-config.js';
import { ApiError } from '../lib/api-error.js';
import { toast } from '../lib/toast.js';
import { fromDottedPath, samePath } from './field-path.js';

/**
 * Puts the API's `error.fields` (`{ 'address.zipCode': 'CEP inválido' }`) next to the matching
 * fields of an antd form. Returns the messages that name no field of this form, so the caller
 * can still show them (an Alert or a toast) instead of losing them.
 */
export function applyServerErrors(form: FormInstance, error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  // getFieldsError() lists exactly the fields rendered in this form.
  const registered = form.getFieldsError().map((field) => field.name);
  const unmatched: string[] = [];
  const updates = [];
  for (const [dotted, message] of Object.entries(error.fields)) {
    const name = fromDottedPath(dotted);
    if (registered.some((candidate) => samePath(candidate, name))) {
      updates.push({ name, errors: [message] });
    } else {
      unmatched.push(message);
    }
  }
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
