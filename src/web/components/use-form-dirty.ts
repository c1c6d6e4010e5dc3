import { Form, type FormInstance } from 'antd';

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * Whether what the form shows equals what was loaded, looking only at the fields the form renders
 * (the baseline may carry `version` and the like). Empty string, null and undefined count as the
 * same "nothing", as the API turns empty optional texts into null.
 */
export function sameFormValues(shown: unknown, loaded: unknown): boolean {
  if (isEmpty(shown) || isEmpty(loaded)) return isEmpty(shown) && isEmpty(loaded);
  // Lines (a bill of materials): one removed or added is a change even if the rest are equal.
  if (Array.isArray(shown) !== Array.isArray(loaded)) return false;
  if (Array.isArray(shown) && shown.length !== (loaded as unknown[]).length) return false;
  if (typeof shown === 'object' && typeof loaded === 'object') {
    const source = loaded as Record<string, unknown>;
    return Object.entries(shown as Record<string, unknown>).every(([key, value]) =>
      sameFormValues(value, source[key]),
    );
  }
  return shown === loaded;
}

/**
 * True while the user has changed something since `baseline` (the values last loaded or saved).
 * Undoing an edit by hand makes the form clean again, so nobody is asked about a non-change.
 */
export function useFormDirty(form: FormInstance, baseline: object | null | undefined): boolean {
  const shown: unknown = Form.useWatch([], form);
  if (!baseline || shown === undefined) return false;
  return !sameFormValues(shown, baseline);
}
