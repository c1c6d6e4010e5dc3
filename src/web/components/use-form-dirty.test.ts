import { describe, expect, it } from 'vitest';
import { sameFormValues } from './use-form-dirty.js';

describe('sameFormValues', () => {
  const loaded = { name: 'Camiseta', components: [{ id: 1, quantity: '2' }, { id: 2 }] };

  it('is the same when the shown fields equal the loaded ones', () => {
    expect(sameFormValues({ name: 'Camiseta' }, loaded)).toBe(true);
    expect(sameFormValues({ name: 'Camiseta', components: loaded.components }, loaded)).toBe(true);
  });

  it('sees a line removed or added', () => {
    expect(sameFormValues({ components: [{ id: 1, quantity: '2' }] }, loaded)).toBe(false);
    expect(sameFormValues({ components: [] }, loaded)).toBe(false);
    expect(sameFormValues({ components: [...loaded.components, {}] }, loaded)).toBe(false);
  });

  it("sees a line's cell changed", () => {
    const shown = { components: [{ id: 1, quantity: '3' }, { id: 2 }] };
    expect(sameFormValues(shown, loaded)).toBe(false);
  });
});
