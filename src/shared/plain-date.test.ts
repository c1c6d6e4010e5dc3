import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addYears, formatPlainDate } from './plain-date.js';

describe('addDays', () => {
  it('counts calendar days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // Brazil's old daylight-saving starts (e.g. 2018-11-04) do not shift a plain date.
    expect(addDays('2018-11-03', 1)).toBe('2018-11-04');
    expect(addDays('2026-05-10', 0)).toBe('2026-05-10');
  });

  it('refuses what is not a date or a whole number of days', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('10/05/2026', 1)).toThrow(RangeError);
    expect(() => addDays('2026-05-10', 1.5)).toThrow(RangeError);
  });

  it('moves by exactly the days asked, and back', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        fc.integer({ min: -5000, max: 5000 }),
        (instant, days) => {
          const start = instant.toISOString().slice(0, 10);
          const end = addDays(start, days);
          expect(Date.parse(end) - Date.parse(start)).toBe(days * 86_400_000);
          expect(addDays(end, -days)).toBe(start);
        },
      ),
    );
  });
});

describe('addYears', () => {
  it('keeps the day of the month, and 29 February becomes the 28th in a common year', () => {
    expect(addYears('2026-03-15', 1)).toBe('2027-03-15');
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYears('2026-12-31', -1)).toBe('2025-12-31');
    expect(() => addYears('2026-02-30', 1)).toThrow(RangeError);
  });

  it('shows a date the Brazilian way', () => {
    expect(formatPlainDate('2026-01-31')).toBe('31/01/2026');
  });
});
