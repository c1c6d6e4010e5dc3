import { cep, cnpj, phone } from './br/documents.js';
import { addYears, formatPlainDate, todayInSaoPaulo } from './plain-date.js';
import {
  MAX_SIGNIFICANT_DIGITS,
  parseDecimal,
  significantDigits,
  toDecimalString,
} from './money.js';
import { ufs } from './br/states.js';
import { pixKey } from './pix.js';
import { messages } from './messages.js';
import { emptyToNull, optionalText, trim } from './text-fields.js';
import { z } from './zod-messages.js';

/**
 * Field builders shared by every schema, applying DOMAIN §1: texts are trimmed, empty optional
 * strings become null, e-mails are lowercase, documents are stored without punctuation. The text
 * fields live in text-fields.ts, which the login page imports without the rest.
 */
export { email, optionalEmail, optionalText, password, requiredText } from './text-fields.js';

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
 * A whole number that may arrive as a string (query strings, forms): empty or blank is missing
 * ("Preenchimento obrigatório"); any text but digits ("1a2", "1e3", "0x10") is no number ("Valor
 * deve ser um número"), never read as another value the way `Number()` would.
 */
const numberInput = (v: unknown) => {
  if (v === null) return undefined;
  if (typeof v !== 'string') return v;
  const text = v.trim();
  if (text === '') return undefined;
  return /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
};

function optionalDocument(
  check: { isValid: (v: string) => boolean; normalize: (v: string) => string },
  message: string,
) {
  return z
    .preprocess(emptyToNull, z.string().nullable().optional())
    .refine((v) => v == null || check.isValid(v), { message })
    .transform((v) => (v == null ? null : check.normalize(v)));
}

export const optionalCnpj = () => optionalDocument(cnpj, messages.invalidCnpj);
const optionalCep = () => optionalDocument(cep, messages.invalidCep);
export const optionalPhone = () => optionalDocument(phone, messages.invalidPhone);
export const optionalPixKey = () => optionalDocument(pixKey, messages.invalidPixKey);

const optionalUf = () =>
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
  cityCode: null,
};

/** The IBGE municipality code (NF-e `cMun`, 7 digits); the server checks it is of the UF. */
const optionalCityCode = () =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? emptyToNull(v.trim()) : v),
      z
        .string()
        .regex(/^\d{7}$/, messages.invalidCityCode)
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null);

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
      cityCode: optionalCityCode(),
    })
    .default(emptyAddress);

/** PostgreSQL's `integer`, the type of every id and version: a larger number cannot match a row. */
const MAX_INTEGER = 2_147_483_647;

/** `version` of the row being updated: a stale one answers 409. */
export const version = () => z.preprocess(numberInput, z.number().int().min(1).max(MAX_INTEGER));

export const id = () => z.preprocess(numberInput, z.number().int().positive().max(MAX_INTEGER));

interface DecimalFieldOptions {
  /** numeric(precision, scale): the column's digits in all (DOMAIN §1: 15, percentages 5). */
  precision?: number;
  nonNegative?: boolean;
  /** Zero refused too: a quantity. */
  positive?: boolean;
  /** Inclusive upper bound: a percentage's 100. */
  max?: number;
}

/** Nothing typed: absent, null, or a text of blanks. */
const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A decimal number, typed as text or sent as a number. Left empty it is missing ("Preenchimento
 * obrigatório", as every other required field says); only something that is there and is no
 * number answers "Valor deve ser um número".
 */
function decimalField(scale: number, options: DecimalFieldOptions = {}) {
  const precision = options.precision ?? MAX_SIGNIFICANT_DIGITS;
  return z
    .union([z.string(), z.number()], {
      error: (issue) => (isBlank(issue.input) ? messages.required : messages.notANumber),
    })
    .transform((value, ctx) => {
      if (isBlank(value)) {
        ctx.addIssue({ code: 'custom', message: messages.required });
        return z.NEVER;
      }
      const parsed = parseDecimal(value);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: messages.notANumber });
        return z.NEVER;
      }
      // numeric(precision, scale): at most precision - scale digits before the point, and scale
      // after it. A rule the user can act on is said as such ("No máximo 4 casas decimais").
      const integerDigits = parsed.abs().trunc().toFixed().replace(/^0+/, '').length;
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (integerDigits > precision - scale) return fail(messages.outOfRange);
      if (parsed.decimalPlaces() > scale) return fail(messages.tooManyDecimals(scale));
      if (significantDigits(parsed) > MAX_SIGNIFICANT_DIGITS) return fail(messages.outOfRange);
      if (options.positive && !parsed.greaterThan(0)) return fail(messages.mustBePositive);
      if (options.nonNegative && parsed.isNegative() && !parsed.isZero()) {
        return fail(messages.mustNotBeNegative);
      }
      if (options.max !== undefined && parsed.greaterThan(options.max)) {
        return fail(messages.outOfRange);
      }
      return toDecimalString(parsed, scale);
    });
}

/** Money: a decimal string with 2 places, "1234.50" (numeric(15,2)). */
export const money = () => decimalField(2);
/** Money that cannot be below zero (a limit, a price); balances use `money`. */
export const nonNegativeMoney = () => decimalField(2, { nonNegative: true });
export const optionalNonNegativeMoney = () =>
  z.preprocess(emptyToNull, nonNegativeMoney().nullable().optional()).transform((v) => v ?? null);
/** Money above zero: a bill's amount, a payment, a transfer. */
export const positiveMoney = () => decimalField(2, { positive: true });

/**
 * Quantity: a decimal string with 3 places, "12.500" (numeric(15,3)), above zero unless
 * `allowZero` (a count, a stock adjustment to nothing). The item's unit may allow fewer places:
 * the service checks that with `quantityFitsUnit` once it has read the unit.
 */
export const quantity = (options: { allowZero?: boolean } = {}) =>
  decimalField(3, options.allowZero ? { nonNegative: true } : { positive: true });
export const optionalQuantity = (options: { allowZero?: boolean } = {}) =>
  z.preprocess(emptyToNull, quantity(options).nullable().optional()).transform((v) => v ?? null);

/**
 * Whether a quantity has no more decimal places than its unit of measurement allows (DOMAIN §2
 * `decimals`, 0–3): "1.500" fits a unit of 1, "1.250" does not. Trailing zeros do not count, so the
 * 3-place strings `quantity()` gives are checked by their value. Not a number: false.
 */
export function quantityFitsUnit(quantity: string, decimals: number): boolean {
  const parsed = parseDecimal(quantity);
  return parsed !== null && parsed.decimalPlaces() <= decimals;
}

/** Unit cost or price of one unit: a decimal string with 4 places, "2.3750" (numeric(15,4)), ≥ 0. */
export const unitCost = () => decimalField(4, { nonNegative: true });
export const optionalUnitCost = () =>
  z.preprocess(emptyToNull, unitCost().nullable().optional()).transform((v) => v ?? null);

/** Percentage: a decimal string with 2 places, "12.50" (numeric(5,2)), 0–100. */
export const percent = () => decimalField(2, { precision: 5, nonNegative: true, max: 100 });
export const optionalPercent = () =>
  z.preprocess(emptyToNull, percent().nullable().optional()).transform((v) => v ?? null);

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

/**
 * The first year a date may have: PostgreSQL has no year 0, and Excel's date cells (exports)
 * start at 1900, so every date shows the same on screen, in the database and in a spreadsheet.
 */
export const MIN_DATE_YEAR = 1900;

/**
 * YYYY-MM-DD, a real calendar date from 1900 to 9999. A day the calendar lacks is named as a
 * person types it ("Data inexistente: 31/02/2025"), in the form and in the API's answer.
 */
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
        { error: (issue) => messages.nonexistentDate(formatPlainDate(String(issue.input))) },
      )
      .refine((v) => Number(v.slice(0, 4)) >= MIN_DATE_YEAR, { message: messages.outOfRange }),
  );

/**
 * A date that looks ahead at most a year from today (São Paulo): an account's opening date, a
 * bill's competence. Further than that it cannot be true yet, and is a typo (2062 for 2026).
 */
export const dateWithinAYear = () =>
  date().refine((value) => value <= addYears(todayInSaoPaulo(), 1), {
    message: messages.dateTooFarAhead,
  });
