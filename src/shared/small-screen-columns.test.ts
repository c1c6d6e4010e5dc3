import { describe, expect, it } from 'vitest';
import { smallScreenColumns } from './resource.js';
import { resources } from './resources/index.js';

describe('the columns a list keeps below 768 px', () => {
  it.each(Object.entries(resources))(
    '%s keeps its title and at most three columns, so a 375 px row needs no sideways scroll',
    (_path, definition) => {
      const keys = smallScreenColumns(definition).map((column) => column.key);
      expect(keys).toContain(definition.titleField);
      expect(keys.length).toBeLessThanOrEqual(3);
      // The status stays wherever the list has one.
      if (definition.columns.some((column) => column.key === 'active')) {
        expect(keys).toContain('active');
      }
    },
  );

  it('keeps the key figure: the balance of an account, the document of a client', () => {
    expect(smallScreenColumns(resources['checking-accounts']).map((c) => c.key)).toEqual([
      'name',
      'balance',
      'active',
    ]);
    expect(smallScreenColumns(resources.clients).map((c) => c.key)).toEqual([
      'name',
      'document',
      'active',
    ]);
  });
});
