import { todayInSaoPaulo } from '../plain-date.js';
import {
  address,
  date,
  optionalCnpj,
  optionalEmail,
  optionalPhone,
  optionalPixKey,
  optionalText,
  integer,
  percent,
  requiredEnum,
  requiredText,
  version,
} from '../fields.js';
import { messages } from '../messages.js';
import { z } from '../zod-messages.js';

export const DEFAULT_OPENING_HOURS = 'Segunda a sexta, 8:30 às 18:30 · Sábado, 8:30 às 12:30';

/** "Tolerância de produção a maior" of a new company (migration 0018's default). */
export const DEFAULT_PRODUCTION_TOLERANCE_PERCENT = '10.00';

/** The NF-e's CRT (código de regime tributário): what each item's tax groups must carry. */
export const taxRegimes = {
  1: 'Simples Nacional',
  2: 'Simples Nacional — excesso de sublimite',
  3: 'Regime normal',
  4: 'MEI',
} as const;
export type TaxRegime = keyof typeof taxRegimes;

/** The SEFAZ environment the invoices are issued for (the NF-e's tpAmb 2 and 1). */
export const nfeEnvironments = ['HOMOLOGATION', 'PRODUCTION'] as const;
export type NfeEnvironment = (typeof nfeEnvironments)[number];
export const nfeEnvironmentLabels: Record<NfeEnvironment, string> = {
  HOMOLOGATION: 'Homologação (testes, sem valor fiscal)',
  PRODUCTION: 'Produção',
};

/**
 * The series a company may issue NF-e in: SEFAZ answers 554 ("Série difere da faixa 0-899") and
 * 503 (900–999, the old SCAN's), and 890–899 are the NF-e avulsa's, issued on SEFAZ's own site.
 */
export const INVOICE_SERIES_MAX = 889;

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
  /** The CRT (taxRegimes); Simples Nacional, the small manufacturer's usual regime, by default. */
  taxRegime: integer(1, 4).default(1),
  /** Homologation until the company chooses production, where invoices have fiscal value. */
  nfeEnvironment: requiredEnum(nfeEnvironments).default('HOMOLOGATION'),
  invoiceSeries: integer(0, INVOICE_SERIES_MAX).default(1),
});
export const companyUpdateSchema = companySchema.extend({ version: version() });

export type CompanyInput = z.input<typeof companyUpdateSchema>;
export type CompanyData = z.output<typeof companySchema>;
export interface Company extends CompanyData {
  /** What the screens show of the A1 certificate; the key and the file never leave the server. */
  certificate: CompanyCertificate | null;
  version: number;
  updatedAt: string;
}

/** The A1 certificate as the routes answer it (`validFrom` only in the upload's answer). */
export const companyCertificateSchema = z.object({
  subject: z.string(),
  cnpj: z.string(),
  validTo: z.string(),
});
export type CompanyCertificate = z.output<typeof companyCertificateSchema>;
export const certificateUploadOutputSchema = companyCertificateSchema.extend({
  validFrom: z.string(),
});
export type CertificateUpload = z.output<typeof certificateUploadOutputSchema>;

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
  taxRegime: z.number(),
  nfeEnvironment: z.enum(nfeEnvironments),
  invoiceSeries: z.number(),
  certificate: companyCertificateSchema.nullable(),
  version: z.number(),
  updatedAt: z.string(),
});
