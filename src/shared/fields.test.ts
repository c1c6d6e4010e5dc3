import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  date,
  email,
  id,
  money,
  nonNegativeMoney,
  optionalHexColor,
  optionalPercent,
  optionalQuantity,
  optionalText,
  optionalUnitCost,
  percent,
  quantity,
  quantityFitsUnit,
  requiredText,
  unitCost,
  version,
} from './fields.js';
import { checkingAccounts } from './resources/checking-accounts.js';
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
    expect(messageOf(requiredText(3), 'abcd')).toBe('No máximo 3 caracteres');
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
    expect(messageOf(money(), '1.005')).toBe('No máximo 2 casas decimais');
    // A balance may go below zero; a limit or a price may not.
    expect(money().parse('-10')).toBe('-10.00');
    expect(messageOf(nonNegativeMoney(), '-0,01')).toBe('Não pode ser negativo');
    expect(nonNegativeMoney().parse('0')).toBe('0.00');
    expect(nonNegativeMoney().parse('-0')).toBe('0.00');
  });

  it('checks hex colors and real dates', () => {
    expect(optionalHexColor().parse('#a1b2c3')).toBe('#A1B2C3');
    expect(optionalHexColor().parse('')).toBeNull();
    expect(messageOf(optionalHexColor(), '#12345')).toBe('Valor não corresponde ao padrão');
    expect(date().parse('2026-02-28')).toBe('2026-02-28');
    expect(messageOf(date(), '2026-02-30')).toBe('Data inexistente: 30/02/2026');
  });

  it('refuses what PostgreSQL cannot store: NUL and other control characters, year 0000, ids past integer', () => {
    expect(messageOf(requiredText(), 'a\u0000b')).toBe('Valor inválido');
    expect(messageOf(optionalText(), 'a\u0007b')).toBe('Valor inválido');
    expect(messageOf(optionalText(), 'a\u007fb')).toBe('Valor inválido');
    // Tabs and line breaks are text (notes, addresses pasted from elsewhere).
    expect(optionalText().parse('linha 1\r\n\tlinha 2')).toBe('linha 1\r\n\tlinha 2');
    expect(messageOf(date(), '0000-01-01')).toBe('Valor está fora do intervalo');
    expect(messageOf(date(), '1899-12-31')).toBe('Valor está fora do intervalo');
    expect(date().parse('1900-01-01')).toBe('1900-01-01');
    expect(date().parse('9999-12-31')).toBe('9999-12-31');
    expect(messageOf(id(), 2_147_483_648)).toBe('Valor está fora do intervalo');
    expect(messageOf(id(), '1234567890123456')).toBe('Valor está fora do intervalo');
    expect(messageOf(version(), 1234567890123456)).toBe('Valor está fora do intervalo');
    expect(id().parse('2147483647')).toBe(2_147_483_647);
  });
});

describe('specific messages where the rule is known (issue 16 §8)', () => {
  it('says the rule a value broke instead of a generic text', () => {
    const bankCode = checkingAccounts.schema.shape.bankCode;
    expect(messageOf(bankCode, '12')).toBe('Use 3 dígitos');
    expect(messageOf(bankCode, '1234')).toBe('Use 3 dígitos');
    expect(messageOf(bankCode, 'ABC')).toBe('Use 3 dígitos');
    expect(messageOf(unitCost(), '1.23456')).toBe('No máximo 4 casas decimais');
    expect(messageOf(unitCost(), '1,23456')).toBe('No máximo 4 casas decimais');
    expect(messageOf(money(), '0,001')).toBe('No máximo 2 casas decimais');
    expect(messageOf(nonNegativeMoney(), '-1')).toBe('Não pode ser negativo');
    expect(messageOf(unitCost(), -1)).toBe('Não pode ser negativo');
    expect(messageOf(date(), '2025-02-31')).toBe('Data inexistente: 31/02/2025');
    expect(messageOf(date(), '2025-02-29')).toBe('Data inexistente: 29/02/2025');
    expect(messageOf(requiredText(120), 'x'.repeat(200))).toBe('No máximo 120 caracteres');
    expect(messageOf(optionalText(1000), 'x'.repeat(1001))).toBe('No máximo 1.000 caracteres');
    // Too many digits before the point is still out of range: no rule to state but the size.
    expect(messageOf(money(), '1234567890123456')).toBe('Valor está fora do intervalo');
  });
});

describe('quantities, unit costs and percentages of DOMAIN §1', () => {
  it('keeps quantities as 3-place strings above zero, zero only when allowed', () => {
    expect(quantity().parse('12,5')).toBe('12.500');
    expect(quantity().parse(3)).toBe('3.000');
    expect(messageOf(quantity(), '0')).toBe('Valor deve ser maior que zero');
    expect(messageOf(quantity(), '-1')).toBe('Valor deve ser maior que zero');
    expect(messageOf(quantity(), '1.0005')).toBe('No máximo 3 casas decimais');
    expect(messageOf(quantity(), '1000000000000')).toBe('Valor está fora do intervalo');
    expect(quantity({ allowZero: true }).parse('0')).toBe('0.000');
    expect(messageOf(quantity({ allowZero: true }), '-0,001')).toBe('Não pode ser negativo');
    expect(optionalQuantity().parse('')).toBeNull();
    expect(optionalQuantity().parse('2')).toBe('2.000');
  });

  it("checks a quantity against its unit's decimal places by value", () => {
    expect(quantityFitsUnit('3.000', 0)).toBe(true);
    expect(quantityFitsUnit('1.500', 1)).toBe(true);
    expect(quantityFitsUnit('1.250', 1)).toBe(false);
    expect(quantityFitsUnit('0.001', 3)).toBe(true);
    expect(quantityFitsUnit('abc', 3)).toBe(false);
  });

  it('keeps unit costs at 4 places and percentages between 0 and 100', () => {
    expect(unitCost().parse('2,375')).toBe('2.3750');
    expect(unitCost().parse('0')).toBe('0.0000');
    expect(messageOf(unitCost(), '-0.0001')).toBe('Não pode ser negativo');
    expect(messageOf(unitCost(), '1.00001')).toBe('No máximo 4 casas decimais');
    expect(optionalUnitCost().parse(null)).toBeNull();
    expect(percent().parse('12,5')).toBe('12.50');
    expect(percent().parse('100')).toBe('100.00');
    expect(messageOf(percent(), '100.01')).toBe('Valor está fora do intervalo');
    expect(messageOf(percent(), '-1')).toBe('Não pode ser negativo');
    expect(messageOf(percent(), '1.005')).toBe('No máximo 2 casas decimais');
    expect(optionalPercent().parse(' ')).toBeNull();
  });

  /** A decimal string as typed: optional minus, leading zeros, a fraction with trailing zeros. */
  const typed = fc.record({
    negative: fc.boolean(),
    integer: fc.string({ unit: fc.constantFrom('0', '1', '5', '9'), maxLength: 17 }),
    fraction: fc.string({ unit: fc.constantFrom('0', '1', '5', '9'), maxLength: 6 }),
  });

  /** What numeric(precision, scale) holds, worked out on the digits alone. */
  function numericOracle(
    { negative, integer, fraction }: { negative: boolean; integer: string; fraction: string },
    precision: number,
    scale: number,
  ) {
    const whole = integer.replace(/^0+/, '');
    const decimals = fraction.replace(/0+$/, '');
    const zero = whole === '' && decimals === '';
    return {
      text: `${negative ? '-' : ''}${integer || '0'}${fraction ? `.${fraction}` : ''}`,
      fits: whole.length <= precision - scale && decimals.length <= scale,
      below: negative && !zero,
      zero,
      overHundred: whole.length > 3 || (whole.length === 3 && (whole > '100' || decimals !== '')),
      canonical: `${whole || '0'}.${decimals.padEnd(scale, '0')}`,
    };
  }

  const accepts = (schema: z.ZodType, text: string, canonical: string, expected: boolean) => {
    const result = schema.safeParse(text);
    expect(result.success).toBe(expected);
    if (result.success) expect(result.data).toBe(canonical);
  };

  it('accept exactly the values their numeric(p,s) and range hold', () => {
    fc.assert(
      fc.property(typed, (input) => {
        const q = numericOracle(input, 15, 3);
        accepts(quantity(), q.text, q.canonical, q.fits && !q.below && !q.zero);
        accepts(quantity({ allowZero: true }), q.text, q.canonical, q.fits && !q.below);
        const c = numericOracle(input, 15, 4);
        accepts(unitCost(), c.text, c.canonical, c.fits && !c.below);
        const p = numericOracle(input, 5, 2);
        accepts(percent(), p.text, p.canonical, p.fits && !p.below && !p.overHundred);
      }),
      { numRuns: 500 },
    );
  });

  it("fit a unit exactly when the quantity's places are within the unit's", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n - 1n }),
        fc.integer({ min: 0, max: 3 }),
        (thousandths, decimals) => {
          const text = quantity().parse(
            `${thousandths / 1000n}.${String(thousandths % 1000n).padStart(3, '0')}`,
          );
          expect(quantityFitsUnit(text, decimals)).toBe(
            thousandths % 10n ** BigInt(3 - decimals) === 0n,
          );
        },
      ),
    );
  });
});
