import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../shared/error-codes.js';
import { messages } from '../../../shared/messages.js';
import { ADMIN_ROLE_NAME, allPermissions } from '../../../shared/permissions.js';
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

describe('the built-in Administrador role', () => {
  async function admin() {
    const [id] = await roles.ids({ q: ADMIN_ROLE_NAME });
    const row = await roles.read(id!);
    expect(row.isSystem).toBe(true);
    return row as { id: number; name: string; permissions: string[]; version: number };
  }

  it('refuses a change of its permissions or its inactivation with 422, and changes nothing', async () => {
    const before = await admin();
    const trimmed = await roles.put(before.id, {
      name: before.name,
      permissions: ['clients:read'],
      version: before.version,
    });
    expect(trimmed.statusCode, trimmed.body).toBe(422);
    expect(trimmed.json().error).toMatchObject({
      code: ErrorCode.SYSTEM_ROLE,
      message: messages.roles.adminPermissions,
      fields: { permissions: messages.roles.adminPermissions },
    });
    const inactive = await roles.put(before.id, {
      name: before.name,
      permissions: [...allPermissions],
      active: false,
      version: before.version,
    });
    expect(inactive.statusCode, inactive.body).toBe(422);
    expect(inactive.json().error).toMatchObject({
      code: ErrorCode.SYSTEM_ROLE,
      fields: { active: messages.roles.adminActive },
    });
    const after = await admin();
    expect(after.version).toBe(before.version);
    expect([...after.permissions].sort()).toEqual([...allPermissions].sort());
  });

  it('saves its description with every permission sent, in any order, as the form sends them', async () => {
    const before = await admin();
    const saved = await roles.put(before.id, {
      name: before.name,
      description: 'Acesso total',
      permissions: [...allPermissions].reverse(),
      version: before.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ description: 'Acesso total', active: true });
    expect([...saved.json().permissions].sort()).toEqual([...allPermissions].sort());
  });
});
