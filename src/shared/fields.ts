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

export const email = () => z.preprocess(trim, z.email().max(254)).transform((v) => v.toLowerCase());

export const optionalEmail = () =>
  z
    .preprocess(emptyToNull, z.email().max(254).nullable().optional())
    .transform((v) => (v ? v.toLowerCase() : null));

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

const noAddress = {
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
    .default(noAddress);

export const password = () => z.string().min(8, messages.passwordTooShort).max(200);

/** `version` of the row being updated: a stale one answers 409. */
export const version = () => z.coerce.number().int().min(1);

export const id = () => z.coerce.number().int().positive();

function decimalField(scale: number) {
  return z
    .union([z.string(), z.number()], { message: messages.notANumber })
    .transform((value, ctx) => {
      const parsed = parseDecimal(value);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: messages.notANumber });
        return z.NEVER;
      }
      if (significantDigits(parsed) > MAX_SIGNIFICANT_DIGITS || parsed.decimalPlaces() > scale) {
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

export const integer = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number().int().min(min).max(max),
  );

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
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
        new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message: messages.invalid,
      },
    );
