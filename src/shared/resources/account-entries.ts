import { date, id, optionalText, positiveMoney, requiredText } from '../fields.js';
import { dayBound } from '../list-filters.js';
import { z } from '../zod-messages.js';

/**
 * The checking accounts' ledger (DOMAIN §9 "Extrato"): every entry moves one account's balance,
 * credit above zero, debit below. Payments of bills write theirs; a person writes manual entries
 * (a bank fee, an adjustment) and transfers between accounts (two entries at once).
 */
const accountEntryOriginTypes = ['MANUAL', 'TRANSFER', 'BILL_PAYMENT', 'PAYMENT_REVERSAL'] as const;
export type AccountEntryOriginType = (typeof accountEntryOriginTypes)[number];

export const accountEntryOriginLabels: Record<AccountEntryOriginType, string> = {
  MANUAL: 'Lançamento manual',
  TRANSFER: 'Transferência',
  BILL_PAYMENT: 'Baixa de conta',
  PAYMENT_REVERSAL: 'Estorno de baixa',
};

export const entryDirections = { CREDIT: 'Crédito', DEBIT: 'Débito' } as const;
export type EntryDirection = keyof typeof entryDirections;

/**
 * A manual entry on the account of the URL: a credit or a debit of a positive amount, with the
 * category that feeds the income statement (an income one for a credit, an expense one for a debit).
 */
export const manualEntryInputSchema = z.object({
  direction: z.enum(['CREDIT', 'DEBIT']),
  date: date(),
  amount: positiveMoney(),
  description: requiredText(200),
  categoryId: id(),
});
export type ManualEntryInput = z.output<typeof manualEntryInputSchema>;

/** A transfer from the account of the URL to another one. */
export const transferInputSchema = z.object({
  toAccountId: id(),
  date: date(),
  amount: positiveMoney(),
  /** "Transferência para <conta>" / "Transferência de <conta>" when empty. */
  description: optionalText(200),
});
export type TransferInput = z.output<typeof transferInputSchema>;

const nullableText = z.string().nullable();
const nullableId = z.number().nullable();

export const accountEntryOutputSchema = z.object({
  id: z.number(),
  checkingAccountId: z.number(),
  date: z.string(),
  /** Signed: a credit above zero, a debit below. */
  amount: z.string(),
  description: z.string(),
  categoryId: nullableId,
  categoryName: nullableText,
  origin: z.object({ type: z.enum(accountEntryOriginTypes), id: nullableId }),
  /** The bill a payment's entry settled (and its kind), for the link from the statement. */
  billId: nullableId,
  billKind: z.enum(['PAY', 'RECEIVE']).nullable(),
  userName: nullableText,
  createdAt: z.string(),
});
export type AccountEntryRow = z.output<typeof accountEntryOutputSchema>;

/** One line of the statement: the entry and the account's balance right after it. */
export const statementLineSchema = accountEntryOutputSchema.extend({ balance: z.string() });
export type StatementLine = z.output<typeof statementLineSchema>;

/**
 * `GET /checking-accounts/:id/statement?from&to`: the period's entries by date (then by the order
 * they were written), paged; both bounds optional and inclusive.
 */
export const statementQuerySchema = z.object({
  from: dayBound(),
  to: dayBound(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type StatementQuery = z.output<typeof statementQuerySchema>;

export const statementSchema = z.object({
  account: z.object({ id: z.number(), name: z.string(), balance: z.string() }),
  from: nullableText,
  to: nullableText,
  /** The balance before the period's first entry (the opening balance plus earlier entries). */
  openingBalance: z.string(),
  /** The balance after the period's last entry. */
  closingBalance: z.string(),
  credits: z.string(),
  debits: z.string(),
  items: z.array(statementLineSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type Statement = z.output<typeof statementSchema>;

export const transferOutputSchema = z.object({
  from: accountEntryOutputSchema,
  to: accountEntryOutputSchema,
});
