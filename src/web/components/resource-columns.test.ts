import { describe, expect, it } from 'vitest';
import type { ResourceDefinition } from '../../shared/resource.js';
import { feedstocks } from '../../shared/resources/feedstocks.js';
import { financialCategories } from '../../shared/resources/financial-categories.js';
import { products } from '../../shared/resources/products.js';
import { resourceColumns } from './resource-columns.js';

const alignments = (definition: ResourceDefinition) =>
  Object.fromEntries(
    resourceColumns(definition, 'name', () => '/', null, false).map((c) => [c.key, c.align]),
  );

describe('resource list columns', () => {
  it('right-aligns figures (money, unit costs, quantities) and nothing else', () => {
    expect(alignments(feedstocks)).toEqual({
      code: undefined,
      name: undefined,
      unitCode: undefined,
      averageCost: 'right',
      stock: 'right',
      active: undefined,
    });
    expect(alignments(products)).toMatchObject({ salePrice: 'right', stock: 'right' });
  });

  it('shows a referenced row through the cell it is given (the parent category), an empty one as is', () => {
    const parent = resourceColumns(
      financialCategories,
      'name',
      () => '/',
      null,
      false,
      (resource, id) => `${resource}#${id}`,
    ).find((column) => column.key === 'parentId')!;
    const row = (parentId: number | null) => ({ id: 2, version: 1, parentId }) as never;
    expect(parent.render!(null, row(7), 0)).toBe('financial-categories#7');
    expect(parent.render!(null, row(null), 0)).not.toBe('financial-categories#null');
  });
});
