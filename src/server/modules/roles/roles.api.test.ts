import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { useTestApi } from '../../testing/api-app.js';
import { expectError, masterData, nextTag } from '../master-data/testing/master-data-helpers.js';

const api = useTestApi();
const roles = masterData(api, 'roles');

describe('a role grants read wherever it grants another action', () => {
  it('refuses write or delete without read with a pt-BR message on the permissions', async () => {
    const { tag } = nextTag();
    expectError(
      await roles.post({ name: `${tag} Cores`, permissions: ['colors:write'] }),
      400,
      messages.errors.badRequest,
      { permissions: 'Para "Incluir/alterar" em Cores, marque também "Consultar".' },
    );
    expectError(
      await roles.post({
        name: `${tag} Compras`,
        permissions: ['clients:read', 'purchaseOrders:approve', 'purchaseOrders:delete'],
      }),
      400,
      messages.errors.badRequest,
      {
        permissions: 'Para "Excluir" ou "Aprovar" em Ordens de Compra, marque também "Consultar".',
      },
    );
    expect(await roles.ids({ q: tag })).toEqual([]);
  });

  it('refuses to take read away from a role that keeps write', async () => {
    const { tag } = nextTag();
    const role = await roles.create({
      name: `${tag} Cores`,
      permissions: ['colors:read', 'colors:write'],
    });
    expectError(
      await roles.put(role.id, {
        name: role.name,
        permissions: ['colors:write'],
        version: role.version,
      }),
      400,
      messages.errors.badRequest,
      { permissions: 'Para "Incluir/alterar" em Cores, marque também "Consultar".' },
    );
    expect((await roles.read(role.id)).permissions).toEqual(['colors:read', 'colors:write']);
  });

  it('accepts read alone and read with the other actions', async () => {
    const { tag } = nextTag();
    const reader = await roles.create({ name: `${tag} Leitura`, permissions: ['colors:read'] });
    expect(reader.permissions).toEqual(['colors:read']);
    const writer = await roles.post({
      name: `${tag} Escrita`,
      permissions: ['colors:read', 'colors:write', 'colors:delete'],
    });
    expect(writer.statusCode, writer.body).toBe(201);
  });
});
