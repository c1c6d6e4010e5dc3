import { cep, cnpj, cpf, phone } from './br/documents.js';
import {
  MAX_SIGNIFICANT_DIGITS,
  parseDecimal,
  significantDigits,
  toDecimalString,
} from './money.js';
import { ufs } from './br/states.js';
import { messages } from './messages.js';
import { z } from './zod-messages.js';

/**
 * Field builders shared by every schema, applying DOMAIN §1: texts are trimmed, empty optional
 * strings become null, e-mails are lowercase, documents are stored without punctuation.
 */
const emptyToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;
const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

export const requiredText = (max = 120) => z.preprocess(trim, z.string().min(1).max(max));

export const optionalText = (max = 255) =>
  z
    .preprocess(emptyToNull, z.string().trim().max(max).nullable().optional())
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

/**
 * One of `values`: absent or empty answers "Preenchimento obrigatório", anything else
 * "Valor inválido".
 */
export const requiredEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined ||
      issue.input === null ||
      (typeof issue.input === 'string' && issue.input.trim() === '')
        ? messages.required
        : messages.invalid,
  });

/**
 * A number that may arrive as a string (query strings, forms): empty or blank is missing
 * ("Preenchimento obrigatório"), anything else that is not a number "Valor deve ser um número".
 */
const numberInput = (v: unknown) => {
  if (v === null) return undefined;
  if (typeof v !== 'string') return v;
  return v.trim() === '' ? undefined : Number(v);
};

function document(
  check: { isValid: (v: string) => boolean; normalize: (v: string) => string },
  message: string,
) {
  return z
    .preprocess(trim, z.string().min(1))
    .refine((v) => check.isValid(v), { message })
    .transform((v) => check.normalize(v));
}

function optionalDocument(
  check: { isValid: (v: string) => boolean; normalize: (v: string) => string },
  message: string,
) {
  return z
    .preprocess(emptyToNull, z.string().nullable().optional())
    .refine((v) => v == null || check.isValid(v), { message })
    .transform((v) => (v == null ? null : check.normalize(v)));
}

export const cpfField = () => document(cpf, messages.invalidCpf);
export const cnpjField = () => document(cnpj, messages.invalidCnpj);
export const optionalCnpj = () => optionalDocument(cnpj, messages.invalidCnpj);
export const optionalCep = () => optionalDocument(cep, messages.invalidCep);
export const optionalPhone = () => optionalDocument(phone, messages.invalidPhone);

export const optionalUf = () =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? emptyToNull(v.trim().toUpperCase()) : v),
      z.enum(ufs, { message: messages.invalidUf }).nullable().optional(),
    )
    .transform((v) => v ?? null);

/** An address with every part empty: what a record without an address holds. */
export const emptyAddress = {
  zipCode: null,
  street: null,
  number: null,
  complement: null,
  district: null,
  city: null,
  state: null,
};

export const address = () =>
  z
    .object({
      zipCode: optionalCep(),
      street: optionalText(120),
      number: optionalText(20),
      complement: optionalText(60),
      district: optionalText(60),
      city: optionalText(60),
      state: optionalUf(),
    })
    .default(emptyAddress);

export const password = () => z.string().min(8, messages.passwordTooShort).max(200);

/** `version` of the row being updated: a stale one answers 409. */
export const version = () => z.preprocess(numberInput, z.number().int().min(1));

export const id = () => z.preprocess(numberInput, z.number().int().positive());

function decimalField(scale: number, options: { nonNegative?: boolean } = {}) {
  return z
    .union([z.string(), z.number()], { message: messages.notANumber })
    .transform((value, ctx) => {
      const parsed = parseDecimal(value);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: messages.notANumber });
        return z.NEVER;
      }
      // numeric(15, scale): at most 15 digits in all, so 15 - scale before the point.
      const integerDigits = parsed.abs().trunc().toFixed().replace(/^0+/, '').length;
      if (
        significantDigits(parsed) > MAX_SIGNIFICANT_DIGITS ||
        integerDigits > MAX_SIGNIFICANT_DIGITS - scale ||
        parsed.decimalPlaces() > scale
      ) {
        ctx.addIssue({ code: 'custom', message: messages.outOfRange });
        return z.NEVER;
      }
      if (options.nonNegative && parsed.isNegative() && !parsed.isZero()) {
        ctx.addIssue({ code: 'custom', message: messages.outOfRange });
        return z.NEVER;
      }
      return toDecimalString(parsed, scale);
    });
}

/** Money: a decimal string with 2 places, "1234.50" (numeric(15,2)). */
export const money = () => decimalField(2);
export const optionalMoney = () =>
  z.preprocess(emptyToNull, money().nullable().optional()).transform((v) => v ?? null);
/** Money that cannot be below zero (a limit, a price); balances use `money`. */
export const nonNegativeMoney = () => decimalField(2, { nonNegative: true });
export const optionalNonNegativeMoney = () =>
  z.preprocess(emptyToNull, nonNegativeMoney().nullable().optional()).transform((v) => v ?? null);

export const integer = (min: number, max: number) =>
  z.preprocess(numberInput, z.number().int().min(min).max(max));

/** #RRGGBB, stored uppercase. */
export const optionalHexColor = () =>
  z
    .preprocess(
      emptyToNull,
      z
        .string()
        .trim()
        .regex(/^#[0-9a-fA-F]{6}$/)
        .nullable()
        .optional(),
    )
    .transform((v) => (v ? v.toUpperCase() : null));

/** YYYY-MM-DD, a real calendar date. */
export const date = () =>
  z.preprocess(
    trim,
    z
      .string()
      .min(1)
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .refine(
        (v) =>
          !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
          new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
        { message: messages.invalid },
      ),
  );
