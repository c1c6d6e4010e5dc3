import { describe, expect, it } from 'vitest';
import { isCalendarDate, typedDate } from './typed-date.js';

describe('typed dates', () => {
  it('turns dd/mm/aaaa into the form’s YYYY-MM-DD and keeps any other text as typed', () => {
    expect(typedDate('15/01/2026')).toBe('2026-01-15');
    expect(typedDate(' 31/02/2026 ')).toBe('2026-02-31');
    expect(typedDate('1/2/26')).toBe('1/2/26');
    expect(typedDate('amanhã')).toBe('amanhã');
    expect(typedDate('   ')).toBeUndefined();
  });

  it('tells a day of the calendar from one that does not exist', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-02-31')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-01-00')).toBe(false);
    expect(isCalendarDate('31/02/2026')).toBe(false);
    expect(isCalendarDate(undefined)).toBe(false);
  });
});
