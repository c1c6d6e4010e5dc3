import { messages } from './messages.js';
import { z } from './zod-messages.js';

/**
 * The text fields of the shared schemas (DOMAIN §1): texts are trimmed, empty optional strings
 * become null, e-mails are lowercase. A module of their own, re-exported by fields.ts, so that the
 * login's schema loads neither decimal.js nor the document, date and address fields.
 */
export const emptyToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;
export const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/**
 * Control characters other than tab and line breaks: nobody types them, they arrive only from
 * broken files or crafted requests, and PostgreSQL cannot store NUL at all.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const plainText = () =>
  z.string().refine((v) => !CONTROL_CHARACTER.test(v), { message: messages.invalid });

export const requiredText = (max = 120) => z.preprocess(trim, plainText().min(1).max(max));

export const optionalText = (max = 255) =>
  z
    .preprocess(emptyToNull, plainText().trim().max(max).nullable().optional())
    .transform((v) => v ?? null);

// An empty e-mail is missing ("Preenchimento obrigatório"), not malformed.
export const email = () =>
  z.preprocess(trim, z.string().min(1).max(254).pipe(z.email())).transform((v) => v.toLowerCase());

export const optionalEmail = () =>
  z
    .preprocess(
      (v) => emptyToNull(trim(v)),
      z.string().max(254).pipe(z.email()).nullable().optional(),
    )
    .transform((v) => (v ? v.toLowerCase() : null));

export const password = () => z.string().min(8, messages.passwordTooShort).max(200);
