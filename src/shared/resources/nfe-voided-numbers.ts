import { integer } from '../fields.js';
import { listQuerySchema } from '../list-query.js';
import { messages } from '../messages.js';
import { z } from '../zod-messages.js';
import { MAX_INVOICE_SERIES } from './invoices.js';

/**
 * Inutilização de numeração (issue 20): numbers of an NF-e series that no invoice holds, voided at
 * SEFAZ (NFeInutilizacao4) so the gap they leave is explained. `POST` voids a range, `GET` lists
 * what was voided, newest first.
 */
export const NFE_VOIDED_NUMBERS_PATH = 'nfe/void-numbers';

/** nNF: 1 to 999,999,999 (TNF). */
export const MAX_INVOICE_NUMBER = 999_999_999;

/**
 * The most numbers one request voids. The layout leaves the limit to each authoriser (rejection
 * 201, "Número máximo de numeração a inutilizar ultrapassou o limite"); 10,000 is what the
 * product allows in one go, a larger gap is voided in several requests.
 */
export const MAX_VOIDED_RANGE = 10_000;

const nNF = () => integer(1, MAX_INVOICE_NUMBER);

export const nfeVoidNumbersSchema = z
  .object({
    series: integer(0, MAX_INVOICE_SERIES),
    from: nNF(),
    to: nNF(),
    /** xJust: 15–255 characters, as the cancellation's. */
    reason: z
      .string()
      .trim()
      .min(15, messages.invoices.reasonLength)
      .max(255, messages.invoices.reasonLength),
  })
  .superRefine((value, context) => {
    if (value.from > value.to) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: messages.voidNumbers.toBeforeFrom,
      });
    } else if (value.to - value.from + 1 > MAX_VOIDED_RANGE) {
      context.addIssue({ code: 'custom', path: ['to'], message: messages.voidNumbers.tooMany });
    }
  });
export type NfeVoidNumbersInput = z.input<typeof nfeVoidNumbersSchema>;
export type NfeVoidNumbers = z.output<typeof nfeVoidNumbersSchema>;

export const nfeVoidedRangeSchema = z.object({
  id: z.number(),
  series: z.number(),
  from: z.number(),
  to: z.number(),
  reason: z.string(),
  /** SEFAZ's protocol (nProt); null when SEFAZ said the range was voided already (563). */
  protocol: z.string().nullable(),
  /** When SEFAZ registered it (dhRecbto), ISO 8601. */
  voidedAt: z.string(),
  createdByName: z.string().nullable(),
});
export type NfeVoidedRange = z.output<typeof nfeVoidedRangeSchema>;

export const nfeVoidedListQuerySchema = listQuerySchema
  .pick({ page: true, pageSize: true })
  .extend({
    series: integer(0, MAX_INVOICE_SERIES).optional(),
  });
export type NfeVoidedListQuery = z.output<typeof nfeVoidedListQuerySchema>;

export const nfeVoidedPageSchema = z.object({
  items: z.array(nfeVoidedRangeSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type NfeVoidedPage = z.output<typeof nfeVoidedPageSchema>;
