import { describe, expect, it } from 'vitest';
import { columnSorting, totalColumn } from './document-columns.js';

describe('columnSorting', () => {
  it("shows the list's order on the sorted column only", () => {
    expect(columnSorting('total')('total').sortOrder).toBe('ascend');
    expect(columnSorting('-total')('total').sortOrder).toBe('descend');
    expect(columnSorting('-number')('total').sortOrder).toBeNull();
    expect(columnSorting('-totalValue')('total').sortOrder).toBeNull();
  });
});

describe('totalColumn', () => {
  it('is the sortable, right-aligned "Total"', () => {
    expect(totalColumn('-total')).toMatchObject({
      key: 'total',
      title: 'Total',
      align: 'right',
      sorter: true,
      sortOrder: 'descend',
    });
  });
});
