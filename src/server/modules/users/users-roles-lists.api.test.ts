import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { useTestApi } from '../../testing/api-app.js';
import {
  crudContract,
  expectError,
  letter,
  masterData,
  nextTag,
  PASSWORD,
  userWith,
} from '../master-data/testing/master-data-helpers.js';

/**
 * Users and roles through the same CRUD contract as master data (users.api.test.ts has their
 * own rules): lists, sorting, search, filters, validation messages, permissions and history.
 */
const api = useTestApi();
const roleIds: number[] = [];

beforeAll(async () => {
  for (const name of ['Lista A', 'Lista B']) {
    const response = await api.request({
      method: 'POST',
      url: '/api/v1/roles',
      token: await api.adminToken(),
      payload: { name, permissions: ['clients:read'] },
    });
    roleIds.push(response.json().id);
  }
});

crudContract(api, {
  path: 'roles',
  table: 'roles',
  make: (n, tag) => ({
    name: `${tag} Perfil ${letter(n)}`,
    description: `${tag} desc ${letter(4 - n)}`,
    permissions: n % 2 === 0 ? ['clients:read'] : ['clients:read', 'clients:write'],
    active: n % 2 === 0,
  }),
  edit: (row) => ({
    name: `${String(row.name)} novo`,
    description: null,
    permissions: ['brands:read', 'brands:write'],
    active: row.active,
  }),
  duplicate: (n, tag) => ({ name: `${tag.toUpperCase()} PERFIL ${letter(n).toUpperCase()}` }),
  duplicateError: { name: 'Já existe um perfil de usuário com este nome.' },
  required: ['name'],
  maxLengths: { name: 60, description: 255 },
  invalid: [
    {
      field: 'permissions',
      value: ['clients:read', 'nada:read'],
      message: messages.invalid,
      errorKey: 'permissions.1',
    },
    { field: 'permissions', value: 'clients:read', message: messages.invalid },
  ],
  normalised: () => [
    { input: { description: '  ' }, stored: { description: null } },
    { input: { permissions: undefined }, stored: { permissions: [], isSystem: false } },
  ],
});

crudContract(api, {
  path: 'users',
  table: 'users',
  make: (n, tag) => ({
    name: `${tag} Usuário ${letter(n)}`,
    email: `${tag}.${letter(n)}@fabril.test`,
    roleId: roleIds[n % 2],
    password: PASSWORD,
    active: n % 2 === 0,
  }),
  edit: (row) => ({
    name: `${String(row.name)} Souza`,
    email: row.email,
    roleId: roleIds[1],
    active: row.active,
  }),
  duplicate: (n, tag) => ({
    name: 'Outro nome',
    email: ` ${tag.toUpperCase()}.${letter(n).toUpperCase()}@FABRIL.TEST `,
    roleId: roleIds[0],
    password: PASSWORD,
  }),
  duplicateError: { email: 'Já existe um usuário com este e-mail.' },
  required: ['name', 'email', 'roleId'],
  maxLengths: { name: 120 },
  sortUnseeded: ['lastLoginAt'],
  invalid: [
    { field: 'email', value: 'maria@', message: messages.invalidEmail },
    { field: 'email', value: 'maria silva@fabril.test', message: messages.invalidEmail },
    { field: 'roleId', value: 'gerente', message: messages.notANumber },
    { field: 'roleId', value: 0, message: messages.outOfRange },
    { field: 'password', value: 'curta', message: messages.passwordTooShort },
    { field: 'password', value: undefined, message: messages.required },
  ],
  normalised: (tag) => [
    {
      input: { email: `  ${tag.toUpperCase()}.Maria@Fabril.TEST ` },
      stored: { email: `${tag}.maria@fabril.test`, roleName: 'Lista B', lastLoginAt: null },
    },
  ],
});

describe('users and roles: references', () => {
  const users = masterData(api, 'users');

  it('answers 400 with a message when the role does not exist', async () => {
    const { tag } = nextTag();
    const response = await users.post({
      name: `${tag} Sem perfil`,
      email: `${tag}@fabril.test`,
      roleId: 99999999,
      password: PASSWORD,
    });
    expectError(response, 400, messages.errors.missingReference);
    expect(await users.ids({ q: tag })).toEqual([]);
  });

  it('answers 409 "in use" when deleting a user who has written master data', async () => {
    const writer = await userWith(api, ['brands:read', 'brands:write']);
    const brand = await api.request({
      method: 'POST',
      url: '/api/v1/brands',
      token: writer.token,
      payload: { name: 'Marca do usuário' },
    });
    expect(brand.json().createdBy).toBe(writer.userId);
    const remove = await users.del(writer.userId);
    expectError(remove, 409, messages.errors.inUse);
    expect((await users.read(writer.userId)).active).toBe(true);
  });

  it('sorts users by their last sign-in, never-signed-in last', async () => {
    const { tag } = nextTag();
    const ids: number[] = [];
    for (const n of [0, 1, 2]) {
      const row = await users.create({
        name: `${tag} Acesso ${letter(n)}`,
        email: `${tag}.acesso${n}@fabril.test`,
        roleId: roleIds[0],
        password: PASSWORD,
      });
      ids.push(row.id);
    }
    await api.login(`${tag}.acesso1@fabril.test`, PASSWORD);
    await api.login(`${tag}.acesso0@fabril.test`, PASSWORD);
    expect(await users.ids({ q: tag, sort: 'lastLoginAt' })).toEqual([ids[1], ids[0], ids[2]]);
    expect(await users.ids({ q: tag, sort: '-lastLoginAt' })).toEqual([ids[2], ids[0], ids[1]]);
  });
});
