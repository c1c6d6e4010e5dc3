import { describe, expect, it } from 'vitest';
import {
  afterEnter,
  lineAmount,
  quantityText,
  sumLines,
  unitPriceText,
} from './line-table-values.js';

describe('afterEnter', () => {
  // Item, Quantidade, Preço take input; Total (3) is shown.
  const inputs = [0, 1, 2];

  it('goes to the next cell that takes input on the same line', () => {
    expect(afterEnter(0, 3, 0, inputs)).toEqual({ index: 0, column: 1, add: false });
    expect(afterEnter(1, 3, 1, [0, 1, 3])).toEqual({ index: 1, column: 3, add: false });
  });

  it("goes from a line's last input to the next line, and adds one after the last", () => {
    expect(afterEnter(0, 3, 2, inputs)).toEqual({ index: 1, column: 0, add: false });
    expect(afterEnter(1, 3, 2, inputs)).toEqual({ index: 2, column: 0, add: false });
    expect(afterEnter(2, 3, 2, inputs)).toEqual({ index: 3, column: 0, add: true });
  });
});

describe('lineAmount', () => {
  it('reads what is typed and what was loaded', () => {
    expect(lineAmount('1.234,50')?.toFixed()).toBe('1234.5');
    expect(lineAmount('12,5')?.toFixed()).toBe('12.5');
    expect(lineAmount('12.5')?.toFixed()).toBe('12.5');
    expect(lineAmount('R$ 0,10')?.toFixed()).toBe('0.1');
    expect(lineAmount(3)?.toFixed()).toBe('3');
  });

  it('is null for what is no number yet', () => {
    expect(lineAmount('')).toBeNull();
    expect(lineAmount('1,2,3')).toBeNull();
    expect(lineAmount('abc')).toBeNull();
    expect(lineAmount(undefined)).toBeNull();
    expect(lineAmount(null)).toBeNull();
  });
});

describe('sumLines', () => {
  it('adds one amount of every line exactly, skipping what is no number', () => {
    const lines = [{ value: '0,10' }, { value: '0.20' }, { value: 'x' }, { value: '1.000,00' }];
    expect(sumLines(lines, (line) => line.value).toFixed(2)).toBe('1000.30');
  });

  it('is zero without lines', () => {
    expect(sumLines([], () => '1').toFixed(2)).toBe('0.00');
  });
});

describe('quantityText and unitPriceText', () => {
  it('shows a stored quantity without the zeros its places add', () => {
    expect(quantityText('1.500')).toBe('1,5');
    expect(quantityText('12.000')).toBe('12');
  });

  it('shows a unit price with the places it needs', () => {
    expect(unitPriceText('12.5000')).toBe('12,50');
    expect(unitPriceText('0.3333')).toBe('0,3333');
    expect(unitPriceText(null)).toBe('');
  });
});
