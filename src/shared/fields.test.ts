import { describe, expect, it } from 'vitest';
import {
  date,
  email,
  money,
  nonNegativeMoney,
  optionalHexColor,
  optionalText,
  requiredText,
} from './fields.js';
import { z } from './zod-messages.js';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('field rules of DOMAIN §1 and §14', () => {
  it('trims texts and turns empty optional ones into null', () => {
    expect(requiredText().parse('  Ana  ')).toBe('Ana');
    expect(optionalText().parse('   ')).toBeNull();
    expect(optionalText().parse(undefined)).toBeNull();
    expect(messageOf(requiredText(), '   ')).toBe('Preenchimento obrigatório');
    expect(messageOf(requiredText(), undefined)).toBe('Preenchimento obrigatório');
    expect(messageOf(requiredText(3), 'abcd')).toBe('Tamanho incorreto');
  });

  it('lowercases e-mails and explains a bad one', () => {
    expect(email().parse(' Ana@Exemplo.COM.br ')).toBe('ana@exemplo.com.br');
    expect(messageOf(email(), 'ana@')).toBe('Email inválido');
  });

  it('keeps money as a 2-place decimal string and refuses what is not money', () => {
    expect(money().parse('1234.5')).toBe('1234.50');
    expect(money().parse('1.234,56')).toBe('1234.56');
    expect(money().parse(10)).toBe('10.00');
    expect(messageOf(money(), 'abc')).toBe('Valor deve ser um número');
    expect(messageOf(money(), '1234567890123456')).toBe('Valor está fora do intervalo');
    expect(messageOf(money(), '1.005')).toBe('Valor está fora do intervalo');
    // A balance may go below zero; a limit or a price may not.
    expect(money().parse('-10')).toBe('-10.00');
    expect(messageOf(nonNegativeMoney(), '-0,01')).toBe('Valor está fora do intervalo');
    expect(nonNegativeMoney().parse('0')).toBe('0.00');
    expect(nonNegativeMoney().parse('-0')).toBe('0.00');
  });

  it('checks hex colors and real dates', () => {
    expect(optionalHexColor().parse('#a1b2c3')).toBe('#A1B2C3');
    expect(optionalHexColor().parse('')).toBeNull();
    expect(messageOf(optionalHexColor(), '#12345')).toBe('Valor não corresponde ao padrão');
    expect(date().parse('2026-02-28')).toBe('2026-02-28');
    expect(messageOf(date(), '2026-02-30')).toBe('Valor inválido');
  });
});
