import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromUnits, toUnits } from './allocation.js';
import {
  invoiceFigures,
  type InvoiceLineFigures,
  type InvoiceTaxRule,
  type InvoiceTotals,
  type TaxRegime,
} from './invoice-taxes.js';

const cents = (value: string) => toUnits(value, 2);
const sumCents = (values: string[]) => values.reduce((sum, value) => sum + cents(value), 0n);
/** Half-up rounding of a non-negative num / den, in whole units. */
const roundHalfUp = (num: bigint, den: bigint) => (num * 2n + den) / (2n * den);

const baseRule: InvoiceTaxRule = {
  icmsCsosn: '102',
  icmsCst: '00',
  icmsRate: '18.00',
  ipiCst: null,
  ipiRate: '0.00',
  pisCst: '01',
  pisRate: '1.65',
  cofinsCst: '01',
  cofinsRate: '7.60',
  ibsCbsEnabled: false,
  cClassTrib: null,
  ibsStateRate: '0.00',
  ibsCityRate: '0.00',
  cbsRate: '0.00',
};

// The example of the API tests: 3 × 49.90 and 2 × 120.00, discount 10.00, freight 15.00.
const twoLines = {
  discount: '10.00',
  freight: '15.00',
  lines: [
    { quantity: '3', unitPrice: '49.90' },
    { quantity: '2', unitPrice: '120.00' },
  ],
};

describe('invoiceFigures, worked examples', () => {
  it('spreads discount and freight by vProd, the cent left over to the largest remainder', () => {
    const { lines, totals } = invoiceFigures({ taxRegime: 1, rule: baseRule, ...twoLines });
    // vProd 149.70 and 240.00 (389.70). Discount: 1000 × 149.70 / 389.70 = 384.14 → 3.84 and
    // 615.86 → 6.16 (the leftover cent to the larger remainder, .86). Freight: 1500 × … = 576.21
    // → 5.76 and 923.78 → 9.24.
    expect(lines.map((l) => [l.grossTotal, l.discount, l.freight, l.total])).toEqual([
      ['149.70', '3.84', '5.76', '151.62'],
      ['240.00', '6.16', '9.24', '243.08'],
    ]);
    // Simples Nacional, CSOSN 102: no ICMS, PIS/COFINS CST 49 with zeros.
    expect(lines[0]!.icms).toEqual({ code: '102', base: '0.00', rate: '0.00', value: '0.00' });
    expect(lines[1]!.pis).toEqual({ code: '49', base: '0.00', rate: '0.00', value: '0.00' });
    expect(totals).toEqual({
      productsTotal: '389.70',
      discount: '10.00',
      freight: '15.00',
      icmsBase: '0.00',
      icmsTotal: '0.00',
      ipiTotal: '0.00',
      pisTotal: '0.00',
      cofinsTotal: '0.00',
      ibsTotal: '0.00',
      cbsTotal: '0.00',
      total: '394.70',
    } satisfies InvoiceTotals);
  });

  it('gives the Simples credit of CSOSN 101 on the line but keeps it out of vBC/vICMS', () => {
    const { lines, totals } = invoiceFigures({
      taxRegime: 1,
      rule: { ...baseRule, icmsCsosn: '101', icmsRate: '2.56' },
      ...twoLines,
    });
    // 151.62 × 2.56 % = 3.881472 → 3.88; 243.08 × 2.56 % = 6.222848 → 6.22.
    expect(lines.map((l) => l.icms)).toEqual([
      { code: '101', base: '151.62', rate: '2.56', value: '3.88' },
      { code: '101', base: '243.08', rate: '2.56', value: '6.22' },
    ]);
    expect([totals.icmsBase, totals.icmsTotal, totals.total]).toEqual(['0.00', '0.00', '394.70']);
  });

  it('computes ICMS, IPI and PIS/COFINS (ICMS out of their base) under the normal regime', () => {
    const { lines, totals } = invoiceFigures({
      taxRegime: 3,
      rule: { ...baseRule, ipiCst: '50', ipiRate: '10.00' },
      ...twoLines,
    });
    // ICMS 18 %: 151.62 → 27.2916 → 27.29; 243.08 → 43.7544 → 43.75.
    // IPI 10 %: 15.162 → 15.16; 24.308 → 24.31.
    // PIS 1.65 % on 124.33 (151.62 − 27.29) → 2.051445 → 2.05; on 199.33 → 3.288945 → 3.29.
    // COFINS 7.6 % on 124.33 → 9.44908 → 9.45; on 199.33 → 15.14908 → 15.15.
    expect(
      lines.map((l) => [l.icms.value, l.ipi?.value, l.pis.base, l.pis.value, l.cofins.value]),
    ).toEqual([
      ['27.29', '15.16', '124.33', '2.05', '9.45'],
      ['43.75', '24.31', '199.33', '3.29', '15.15'],
    ]);
    expect(lines.map((l) => l.total)).toEqual(['166.78', '267.39']);
    expect(totals).toEqual({
      productsTotal: '389.70',
      discount: '10.00',
      freight: '15.00',
      icmsBase: '394.70',
      icmsTotal: '71.04',
      ipiTotal: '39.47',
      pisTotal: '5.34',
      cofinsTotal: '24.60',
      ibsTotal: '0.00',
      cbsTotal: '0.00',
      total: '434.17',
    } satisfies InvoiceTotals);
  });

  it("taxes a line by its own rule when it has one, the others by the invoice's", () => {
    const { lines, totals } = invoiceFigures({
      taxRegime: 3,
      rule: baseRule,
      discount: '0.00',
      freight: '0.00',
      lines: [
        { quantity: '1', unitPrice: '100.00' },
        { quantity: '1', unitPrice: '100.00', rule: { ...baseRule, icmsRate: '12.00' } },
      ],
    });
    expect(lines.map((l) => l.icms.value)).toEqual(['18.00', '12.00']);
    expect(totals.icmsTotal).toBe('30.00');
  });

  it('rounds half up to the cent', () => {
    // 1 × 0.05 at 10 %: 0.005 → 0.01 (half-up, not half-even's 0.00).
    const { lines } = invoiceFigures({
      taxRegime: 3,
      rule: { ...baseRule, icmsRate: '10.00' },
      discount: '0.00',
      freight: '0.00',
      lines: [{ quantity: '1', unitPrice: '0.05' }],
    });
    expect(lines[0]!.icms.value).toBe('0.01');
    // vProd: 0.125 × 0.10 = 0.0125 → 0.01; 0.005 × 1.00 → 0.01.
    const small = invoiceFigures({
      taxRegime: 1,
      rule: baseRule,
      discount: '0.00',
      freight: '0.00',
      lines: [
        { quantity: '0.125', unitPrice: '0.10' },
        { quantity: '0.005', unitPrice: '1.00' },
      ],
    });
    expect(small.lines.map((l) => l.grossTotal)).toEqual(['0.01', '0.01']);
  });

  it('adds IBS and CBS on the operation value when the operation switches them on', () => {
    const { lines, totals } = invoiceFigures({
      taxRegime: 3,
      rule: {
        ...baseRule,
        ibsCbsEnabled: true,
        cClassTrib: '000001',
        ibsStateRate: '0.10',
        ibsCityRate: '0.00',
        cbsRate: '0.90',
      },
      ...twoLines,
    });
    // 151.62: IBS 0.15162 → 0.15, CBS 1.36458 → 1.36; 243.08: IBS 0.24308 → 0.24, CBS 2.18772
    // → 2.19.
    expect(lines.map((l) => [l.ibsCbs?.cst, l.ibsCbs?.stateValue, l.ibsCbs?.cbsValue])).toEqual([
      ['000', '0.15', '1.36'],
      ['000', '0.24', '2.19'],
    ]);
    expect([totals.ibsTotal, totals.cbsTotal, totals.total]).toEqual(['0.39', '3.55', '394.70']);
  });

  it('gives a discount of the whole products total to each line in full', () => {
    const { lines, totals } = invoiceFigures({
      taxRegime: 3,
      rule: baseRule,
      ...twoLines,
      discount: '389.70',
    });
    expect(lines.map((l) => l.discount)).toEqual(['149.70', '240.00']);
    expect(totals.total).toBe('15.00');
  });
});

// ---- properties ----

interface Line {
  /** Quantity in thousandths, unit price in cents. */
  quantity: bigint;
  price: bigint;
}

const lineArb: fc.Arbitrary<Line> = fc.record({
  quantity: fc.bigInt({ min: 1n, max: 99_999_000n }),
  price: fc.bigInt({ min: 0n, max: 9_999_999n }),
});
/** vProd in cents, computed apart from the code under test. */
const grossOf = (line: Line) => roundHalfUp(line.quantity * line.price, 1000n);

/** A rate 0–30 % with two places, as hundredths. */
const rateArb = fc.bigInt({ min: 0n, max: 3000n });
const rate = (hundredths: bigint) => fromUnits(hundredths, 2);

const ruleArb: fc.Arbitrary<InvoiceTaxRule> = fc
  .record({
    icmsCsosn: fc.constantFrom('101', '102'),
    icmsCst: fc.constantFrom('00', '40'),
    icmsRate: rateArb,
    ipiCst: fc.constantFrom(null, '50', '99', '53'),
    ipiRate: rateArb,
    pisCst: fc.constantFrom('01', '04', '49'),
    pisRate: rateArb,
    cofinsCst: fc.constantFrom('01', '04', '49'),
    cofinsRate: rateArb,
    ibsCbsEnabled: fc.boolean(),
    ibsStateRate: rateArb,
    ibsCityRate: rateArb,
    cbsRate: rateArb,
  })
  .map((r) => ({
    ...r,
    icmsRate: rate(r.icmsRate),
    ipiRate: rate(r.ipiRate),
    pisRate: rate(r.pisRate),
    cofinsRate: rate(r.cofinsRate),
    cClassTrib: r.ibsCbsEnabled ? '000001' : null,
    ibsStateRate: rate(r.ibsStateRate),
    ibsCityRate: rate(r.ibsCityRate),
    cbsRate: rate(r.cbsRate),
  }));

const caseArb = fc
  .array(lineArb, { minLength: 1, maxLength: 60 })
  .chain((lines) => {
    const products = lines.reduce((sum, line) => sum + grossOf(line), 0n);
    return fc.record({
      lines: fc.constant(lines),
      discount: fc.bigInt({ min: 0n, max: products }),
      freight: fc.bigInt({ min: 0n, max: 10n ** 9n }),
      taxRegime: fc.constantFrom<TaxRegime>(1, 2, 3, 4),
      rule: ruleArb,
    });
  })
  .map((c) => ({
    ...c,
    input: {
      taxRegime: c.taxRegime,
      rule: c.rule,
      discount: fromUnits(c.discount, 2),
      freight: fromUnits(c.freight, 2),
      lines: c.lines.map((line) => ({
        quantity: fromUnits(line.quantity, 3),
        unitPrice: fromUnits(line.price, 2),
      })),
    },
  }));

const TWO_PLACES = /^\d+\.\d{2}$/;
/** Keys whose values are codes, not money or rates. */
const CODES = new Set(['code', 'cst', 'classCode']);

function figuresOf(value: unknown, path: string, out: [string, unknown][]) {
  if (value === null || value === undefined) return;
  if (typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (!CODES.has(key)) figuresOf(inner, `${path}.${key}`, out);
    }
    return;
  }
  out.push([path, value]);
}

const runs = { numRuns: 300 };

describe('invoiceFigures, properties', () => {
  it('spreads discount and freight exactly, no line discounted beyond its vProd', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { lines } = invoiceFigures(c.input);
        expect(lines).toHaveLength(c.lines.length);
        lines.forEach((line, i) => {
          expect(cents(line.grossTotal)).toBe(grossOf(c.lines[i]!));
          expect(cents(line.discount)).toBeGreaterThanOrEqual(0n);
          expect(cents(line.discount)).toBeLessThanOrEqual(cents(line.grossTotal));
          expect(cents(line.freight)).toBeGreaterThanOrEqual(0n);
        });
        expect(sumCents(lines.map((l) => l.discount))).toBe(c.discount);
        expect(sumCents(lines.map((l) => l.freight))).toBe(c.freight);
      }),
      runs,
    );
  });

  it('makes the totals the sums of the lines, and total = products − discount + freight + IPI', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { lines, totals } = invoiceFigures(c.input);
        const sum = (pick: (line: InvoiceLineFigures) => string | undefined) =>
          fromUnits(sumCents(lines.map((line) => pick(line) ?? '0.00')), 2);
        const normal = c.taxRegime === 3;
        expect(totals).toEqual({
          productsTotal: sum((l) => l.grossTotal),
          discount: fromUnits(c.discount, 2),
          freight: fromUnits(c.freight, 2),
          icmsBase: normal ? sum((l) => l.icms.base) : '0.00',
          icmsTotal: normal ? sum((l) => l.icms.value) : '0.00',
          ipiTotal: sum((l) => l.ipi?.value),
          pisTotal: sum((l) => l.pis.value),
          cofinsTotal: sum((l) => l.cofins.value),
          ibsTotal: fromUnits(
            sumCents(
              lines.flatMap((l) => (l.ibsCbs ? [l.ibsCbs.stateValue, l.ibsCbs.cityValue] : [])),
            ),
            2,
          ),
          cbsTotal: sum((l) => l.ibsCbs?.cbsValue),
          total: sum((l) => l.total),
        } satisfies InvoiceTotals);
        expect(cents(totals.total)).toBe(
          cents(totals.productsTotal) -
            cents(totals.discount) +
            cents(totals.freight) +
            cents(totals.ipiTotal),
        );
        lines.forEach((line) => {
          expect(cents(line.total)).toBe(
            cents(line.grossTotal) -
              cents(line.discount) +
              cents(line.freight) +
              cents(line.ipi?.value ?? '0.00'),
          );
        });
      }),
      runs,
    );
  });

  it('writes every figure with exactly two decimal places, never negative', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const figures: [string, unknown][] = [];
        figuresOf(invoiceFigures(c.input), '', figures);
        for (const [path, value] of figures) {
          expect(
            typeof value === 'string' && TWO_PLACES.test(value),
            `${path}: ${String(value)}`,
          ).toBe(true);
        }
      }),
      runs,
    );
  });

  it('under the Simples (CRT 1, 2, 4) makes PIS/COFINS CST 49 with zeros and vBC/vICMS zero', () => {
    const simples = caseArb.filter((c) => c.taxRegime !== 3);
    fc.assert(
      fc.property(simples, (c) => {
        const { lines, totals } = invoiceFigures(c.input);
        const zeros = { code: '49', base: '0.00', rate: '0.00', value: '0.00' };
        for (const line of lines) {
          expect(line.pis).toEqual(zeros);
          expect(line.cofins).toEqual(zeros);
          expect(line.icms.code).toBe(c.rule.icmsCsosn);
        }
        expect([totals.icmsBase, totals.icmsTotal, totals.pisTotal, totals.cofinsTotal]).toEqual([
          '0.00',
          '0.00',
          '0.00',
          '0.00',
        ]);
      }),
      runs,
    );
  });

  it('under CRT 3 with CST 00 charges ICMS = round(base × rate / 100) half up', () => {
    const normal = caseArb.map((c) => ({
      ...c,
      input: { ...c.input, taxRegime: 3 as const, rule: { ...c.rule, icmsCst: '00' } },
    }));
    fc.assert(
      fc.property(normal, (c) => {
        const { lines } = invoiceFigures(c.input);
        const rateHundredths = cents(c.input.rule.icmsRate);
        for (const line of lines) {
          const base = cents(line.grossTotal) - cents(line.discount) + cents(line.freight);
          expect(line.icms.code).toBe('00');
          expect(cents(line.icms.base)).toBe(base);
          expect(line.icms.rate).toBe(c.input.rule.icmsRate);
          expect(cents(line.icms.value)).toBe(roundHalfUp(base * rateHundredths, 10_000n));
        }
      }),
      runs,
    );
  });
});
