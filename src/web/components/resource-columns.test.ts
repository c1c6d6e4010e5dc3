import { describe, expect, it } from 'vitest';
import type { ResourceDefinition } from '../../shared/resource.js';
import { feedstocks } from '../../shared/resources/feedstocks.js';
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
});
