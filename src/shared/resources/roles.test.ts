import { describe, expect, it } from 'vitest';
import { allPermissions } from '../permissions.js';
import { missingReadMessage, roleSchema } from './roles.js';

describe('a role needs read wherever it grants another action', () => {
  it('names the area and the actions granted without read', () => {
    expect(missingReadMessage(['colors:write'])).toBe(
      'Para "Incluir/alterar" em Cores, marque também "Consultar".',
    );
    expect(missingReadMessage(['clients:read', 'colors:write', 'colors:delete'])).toBe(
      'Para "Incluir/alterar" ou "Excluir" em Cores, marque também "Consultar".',
    );
    expect(missingReadMessage(['billsToPay:pay'])).toBe(
      'Para "Pagar" em Contas a Pagar, marque também "Consultar".',
    );
  });

  it('accepts read alone, read with other actions, no permission and every permission', () => {
    expect(missingReadMessage([])).toBeUndefined();
    expect(missingReadMessage(['colors:read'])).toBeUndefined();
    expect(missingReadMessage(['colors:read', 'colors:write', 'colors:delete'])).toBeUndefined();
    expect(missingReadMessage(allPermissions)).toBeUndefined();
  });

  it("is the role schema's message for the permissions field", () => {
    const result = roleSchema.safeParse({ name: 'Cores', permissions: ['colors:write'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['permissions'],
        message: 'Para "Incluir/alterar" em Cores, marque também "Consultar".',
      }),
    ]);
  });
});
