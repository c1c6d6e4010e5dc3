import { date, integer } from '../fields.js';
import { z } from '../zod-messages.js';
import { dreGroups } from './financial-categories.js';

/**
 * The finance reports (DOMAIN §9): the cash flow (what moved through the accounts up to today and
 * what the open bills will move after it) and the management income statement (DRE gerencial).
 */
export const granularities = { day: 'Dia', week: 'Semana', month: 'Mês' } as const;
export type Granularity = keyof typeof granularities;

/**
 * `GET /cash-flow?from&to&granularity`: both bounds required; a period of at most 3 years (at most
 * 366 days by day), so a chart never has thousands of bars.
 */
export const cashFlowQuerySchema = z.object({
  from: date(),
  to: date(),
  granularity: z.enum(['day', 'week', 'month']).default('month'),
});
export type CashFlowQuery = z.output<typeof cashFlowQuerySchema>;

export const cashFlowPeriodSchema = z.object({
  /** The period's first and last day ('YYYY-MM-DD'), clipped to the report's bounds. */
  start: z.string(),
  end: z.string(),
  /** Entries up to today (transfers between accounts left out: they move nothing in all). */
  realizedIn: z.string(),
  realizedOut: z.string(),
  /** What open bills still have open, by due date after today (overdue ones on today). */
  projectedIn: z.string(),
  projectedOut: z.string(),
  /** realizedIn − realizedOut + projectedIn − projectedOut. */
  net: z.string(),
  /** The balance of every account at the period's end: realised, then projected. */
  balance: z.string(),
});
export type CashFlowPeriod = z.output<typeof cashFlowPeriodSchema>;

export const cashFlowSchema = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(['day', 'week', 'month']),
  /** São Paulo's today: the line between realised and projected. */
  today: z.string(),
  /** Every account's balance at the start of `from`. */
  openingBalance: z.string(),
  periods: z.array(cashFlowPeriodSchema),
  totals: cashFlowPeriodSchema.omit({ start: true, end: true }),
});
export type CashFlow = z.output<typeof cashFlowSchema>;

/** `GET /income-statement?year=`. */
export const incomeStatementQuerySchema = z.object({ year: integer(1900, 9999) });

export const dreGroupKeys = Object.keys(dreGroups) as [
  keyof typeof dreGroups,
  ...(keyof typeof dreGroups)[],
];

/** Twelve signed amounts (income above zero, expense below), January first. */
const months = z.array(z.string()).length(12);

const incomeStatementLineSchema = z.object({
  /** A category of the chart, or null for a line the payments make (interest, discounts). */
  categoryId: z.number().nullable(),
  name: z.string(),
  months,
  total: z.string(),
});

const incomeStatementGroupSchema = z.object({
  dreGroup: z.enum(dreGroupKeys),
  label: z.string(),
  lines: z.array(incomeStatementLineSchema),
  months,
  total: z.string(),
});

/** The results between the groups: Receita líquida, Lucro bruto, Resultado operacional, líquido. */
const incomeStatementResultSchema = z.object({
  key: z.enum(['NET_REVENUE', 'GROSS_PROFIT', 'OPERATING_RESULT', 'NET_RESULT']),
  label: z.string(),
  months,
  total: z.string(),
});

export const incomeStatementSchema = z.object({
  year: z.number(),
  groups: z.array(incomeStatementGroupSchema),
  results: z.array(incomeStatementResultSchema),
});
export type IncomeStatement = z.output<typeof incomeStatementSchema>;
