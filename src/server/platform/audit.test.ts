import { describe, expect, it } from 'vitest';
import { diff } from './record-changes.js';

describe('audit diff', () => {
  it('lists only the fields that changed, with before and after', () => {
    expect(diff({ name: 'A', active: true }, { name: 'B', active: true })).toEqual({
      name: { from: 'A', to: 'B' },
    });
  });

  it('records every field of a creation and of a deletion', () => {
    expect(diff(null, { name: 'A' })).toEqual({ name: { from: null, to: 'A' } });
    expect(diff({ name: 'A' }, null)).toEqual({ name: { from: 'A', to: null } });
  });

  it('never records bookkeeping or secrets', () => {
    const changes = diff(
      { version: 1, passwordHash: 'x', updatedAt: new Date(0) },
      { version: 2, passwordHash: 'y', updatedAt: new Date(1) },
    );
    expect(changes).toEqual({});
  });

  it('compares nested values by content', () => {
    expect(diff({ address: { city: 'X' } }, { address: { city: 'X' } })).toEqual({});
    expect(diff({ phones: ['1'] }, { phones: ['2'] })).toEqual({
      phones: { from: ['1'], to: ['2'] },
    });
  });
});
