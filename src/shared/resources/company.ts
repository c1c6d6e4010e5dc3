import { todayInSaoPaulo } from '../plain-date.js';
import {
  address,
  date,
  optionalCnpj,
  optionalEmail,
  optionalPhone,
  optionalPixKey,
  optionalText,
  percent,
  requiredText,
  version,
} from '../fields.js';
import { messages } from '../messages.js';
import { z } from '../zod-messages.js';

export const DEFAULT_OPENING_HOURS = 'Segunda a sexta, 8:30 às 18:30 · Sábado, 8:30 às 12:30';

/** "Tolerância de produção a maior" of a new company (migration 0018's default). */
export const DEFAULT_PRODUCTION_TOLERANCE_PERCENT = '10.00';

/** Company settings (DOMAIN §12): one row, read by the footer and every printed document. */
export const companySchema = z.object({
  legalName: requiredText(120),
  tradeName: optionalText(120),
  cnpj: optionalCnpj(),
  stateRegistration: optionalText(20),
  address: address(),
  phones: z.tuple([optionalPhone(), optionalPhone(), optionalPhone()]),
  email: optionalEmail(),
  openingHours: optionalText(200),
  /** Where open bills to receive are paid by PIX (DOMAIN §9); as the DICT stores it. */
  pixKey: optionalPixKey(),
  stateCode: z
    .preprocess(
      (v) => (v === '' ? null : v),
      z
        .string()
        .regex(/^\d{2}$/)
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null),
  /**
   * "Estoque fechado até" (DOMAIN §4): stock movements dated on or before it are refused. Empty
   * closes nothing; a day ahead of today would close days that have not happened yet.
   */
  stockClosedThrough: z
    .preprocess(
      (v) => (v === '' ? null : v),
      date()
        .refine((v) => v <= todayInSaoPaulo(), { message: messages.stock.futureDate })
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null),
  /**
   * "Tolerância de produção a maior" (%): a production order completes with at most its planned
   * quantity plus this share (0 allows exactly the plan, never less than one unit's step over it).
   */
  productionTolerancePercent: percent().default(DEFAULT_PRODUCTION_TOLERANCE_PERCENT),
});
export const companyUpdateSchema = companySchema.extend({ version: version() });

export type CompanyInput = z.input<typeof companyUpdateSchema>;
export type CompanyData = z.output<typeof companySchema>;
export interface Company extends CompanyData {
  version: number;
  updatedAt: string;
}

const nullableText = z.string().nullable();
export const companyOutputSchema = z.object({
  legalName: z.string(),
  tradeName: nullableText,
  cnpj: nullableText,
  stateRegistration: nullableText,
  address: z.object({
    zipCode: nullableText,
    street: nullableText,
    number: nullableText,
    complement: nullableText,
    district: nullableText,
    city: nullableText,
    state: nullableText,
    cityCode: nullableText,
  }),
  phones: z.array(nullableText),
  email: nullableText,
  openingHours: nullableText,
  pixKey: nullableText,
  stateCode: nullableText,
  stockClosedThrough: nullableText,
  productionTolerancePercent: z.string(),
  version: z.number(),
  updatedAt: z.string(),
});
