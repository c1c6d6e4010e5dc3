import { ErrorCode } from '../../shared/error-codes.js';
import { ApiError } from '../lib/api-error.js';

/**
 * Where a record form shows a refused save (issue 17: one 409 policy for every form):
 * - `stale`: someone saved first (409 STALE_VERSION); an Alert above the form offers "Recarregar"
 *   and the form keeps what was typed until the user takes it;
 * - `moved-on`: the document left the status it is edited in (409 INVALID_STATUS: approved,
 *   started or cancelled in another tab); an Alert above the form says so, since no reload makes it
 *   editable again, and a toast would be gone before it is read;
 * - `fields`: anything else goes next to the fields it names, or is the toast of its message
 *   (`reportFormError`). Another 409 (a duplicate code) is such a refusal, not a reason to reload.
 */
export type SaveRefusal =
  { kind: 'stale'; message: string } | { kind: 'moved-on'; message: string } | { kind: 'fields' };

export function saveRefusalOf(error: unknown): SaveRefusal {
  if (!(error instanceof ApiError)) return { kind: 'fields' };
  if (error.is(ErrorCode.STALE_VERSION)) return { kind: 'stale', message: error.message };
  if (error.is(ErrorCode.INVALID_STATUS)) return { kind: 'moved-on', message: error.message };
  return { kind: 'fields' };
}
