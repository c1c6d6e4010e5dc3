import { describe, expect, it } from 'vitest';
import { fromDottedPath, nearestRegisteredPath } from './field-path.js';

describe('nearestRegisteredPath', () => {
  // What a product form registers: its own fields, the lines' list and each line's cells.
  const registered = [
    ['name'],
    ['components'],
    ['components', 0, 'feedstockId'],
    ['components', 0, 'quantity'],
    ['components', 1, 'feedstockId'],
    ['components', 1, 'quantity'],
  ];

  it("puts a line's cell message on that cell", () => {
    expect(nearestRegisteredPath(registered, fromDottedPath('components.1.quantity'))).toEqual([
      'components',
      1,
      'quantity',
    ]);
  });

  it('puts a message below no field on the nearest field above it', () => {
    expect(nearestRegisteredPath(registered, fromDottedPath('components.1.id'))).toEqual([
      'components',
    ]);
    expect(nearestRegisteredPath(registered, fromDottedPath('components.7.quantity'))).toEqual([
      'components',
    ]);
    expect(nearestRegisteredPath(registered, fromDottedPath('components'))).toEqual(['components']);
  });

  it('finds nothing when no field encloses the path', () => {
    expect(nearestRegisteredPath(registered, fromDottedPath('outlays.0.value'))).toBeUndefined();
    expect(nearestRegisteredPath(registered, fromDottedPath('address.zipCode'))).toBeUndefined();
  });
});
