import { describe, expect, it } from 'vitest';
import { addDays, addYears, todayInSaoPaulo } from './plain-date.js';
import { dateWithinAYear } from './fields.js';
import { messages } from './messages.js';
import { billCreateSchema, billUpdateSchema } from './resources/bills.js';
import { checkingAccounts } from './resources/checking-accounts.js';

const today = todayInSaoPaulo();
const aYearAhead = addYears(today, 1);

const messageAt = (
  result: { error?: { issues: { path: PropertyKey[]; message: string }[] } },
  key: string,
) => result.error?.issues.find((issue) => issue.path[0] === key)?.message;

/** Dates that cannot be true are refused by the shared schemas, on the API and in the forms. */
describe('dates that cannot be true', () => {
  it('takes a date up to a year ahead of today, and not a day more', () => {
    expect(dateWithinAYear().parse(aYearAhead)).toBe(aYearAhead);
    expect(dateWithinAYear().parse('2001-05-10')).toBe('2001-05-10');
    const result = dateWithinAYear().safeParse(addDays(aYearAhead, 1));
    expect(result.error?.issues[0]?.message).toBe(messages.dateTooFarAhead);
  });

  it("refuses a checking account's opening date more than a year ahead", () => {
    const account = { name: 'Conta', bankCode: '001', openingDate: addDays(aYearAhead, 1) };
    expect(messageAt(checkingAccounts.schema.safeParse(account), 'openingDate')).toBe(
      messages.dateTooFarAhead,
    );
    expect(checkingAccounts.schema.safeParse({ ...account, openingDate: today }).success).toBe(
      true,
    );
  });

  it('refuses a bill due before it was issued, and a competence more than a year ahead', () => {
    const bill = {
      description: 'Aluguel',
      categoryId: 3,
      amount: '100',
      issueDate: '2026-03-10',
      dueDate: '2026-03-09',
    };
    for (const schema of [billCreateSchema('PAY'), billUpdateSchema('PAY')]) {
      const input = { ...bill, version: 1 };
      expect(messageAt(schema.safeParse(input), 'dueDate')).toBe(messages.finance.dueBeforeIssue);
      expect(schema.safeParse({ ...input, dueDate: '2026-03-10' }).success).toBe(true);
      expect(
        messageAt(
          schema.safeParse({
            ...input,
            dueDate: '2026-03-10',
            competenceDate: addDays(aYearAhead, 1),
          }),
          'competenceDate',
        ),
      ).toBe(messages.dateTooFarAhead);
    }
  });
});
