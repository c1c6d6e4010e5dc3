import { describe, expect, it } from 'vitest';
import { money, nonNegativeMoney, percent, positiveMoney, quantity, unitCost } from './fields.js';
import { messages } from './messages.js';
import { billSettleSchema } from './resources/bills.js';
import { z } from './zod-messages.js';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

/**
 * A number left out is missing, not malformed (issue 15 §4): the form and the API both say
 * "Preenchimento obrigatório"; only text that is there and is no number says "Valor deve ser um
 * número".
 */
describe('a required decimal left empty', () => {
  const required = [
    money(),
    nonNegativeMoney(),
    positiveMoney(),
    quantity(),
    unitCost(),
    percent(),
  ];

  it('says Preenchimento obrigatório when absent, null, empty or blank', () => {
    for (const schema of required) {
      for (const value of [undefined, null, '', '   ']) {
        expect(messageOf(schema, value), JSON.stringify(value)).toBe(messages.required);
      }
    }
  });

  it('still says Valor deve ser um número for text that is there and is no number', () => {
    for (const schema of required) {
      for (const value of ['abc', '1a2', true, {}]) {
        expect(messageOf(schema, value), JSON.stringify(value)).toBe(messages.notANumber);
      }
    }
  });

  it('names the missing field in an object schema, as the API answers it', () => {
    const result = billSettleSchema.safeParse({ date: '2026-01-10', checkingAccountId: 1 });
    expect(result.success).toBe(false);
    const amount = result.error!.issues.find((issue) => issue.path[0] === 'amount');
    expect(amount?.message).toBe(messages.required);
  });
});
