import { describe, expect, it } from 'vitest';
import { integer } from './fields.js';
import type { z } from './zod-messages.js';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

/** What a person types into a number field is checked as typed, never "corrected". */
describe('whole numbers typed as text', () => {
  it('reads a whole number typed with digits only', () => {
    expect(integer(0, 9999).parse('12')).toBe(12);
    expect(integer(0, 9999).parse(' 42 ')).toBe(42);
    expect(integer(-5, 5).parse('-3')).toBe(-3);
    expect(integer(0, 9999).parse(7)).toBe(7);
    expect(messageOf(integer(0, 9999), '')).toBe('Preenchimento obrigatório');
  });

  it('refuses any other text as no number instead of reading another value from it', () => {
    for (const typed of ['1a2', 'abc', '1e3', '0x10', '1.5', '1.000', '+5', '12,0', 'Infinity']) {
      expect(messageOf(integer(0, 9999), typed), typed).toBe('Valor deve ser um número');
    }
  });
});
