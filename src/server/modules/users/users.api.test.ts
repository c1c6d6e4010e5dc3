import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../testing/api-app.js';

const api = useTestApi();

async function newRole(name: string, permissions: string[] = ['clients:read']) {
  const response = await api.request({
    method: 'POST',
    url: '/api/v1/roles',
    token: await api.adminToken(),
    payload: { name, permissions },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; version: number; name: string };
}

async function newUser(email: string, roleId: number) {
  const response = await api.request({
    method: 'POST',
    url: '/api/v1/users',
    token: await api.adminToken(),
    payload: { name: 'Usuário de teste', email, roleId, password: 'senha-segura-1' },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; version: number; roleId: number; email: string };
}

/** The Administrador role as its form reads it (GET /:id: the list's row has no permissions). */
async function adminRole() {
  const token = await api.adminToken();
  const roles = await api.request({ method: 'GET', url: '/api/v1/roles?q=administrador', token });
  const { id } = roles.json().items[0] as { id: number };
  const role = await api.request({ method: 'GET', url: `/api/v1/roles/${id}`, token });
  return role.json() as {
    id: number;
    version: number;
    permissions: string[];
    isSystem: boolean;
  };
}

describe('roles', () => {
  it('creates, lists by search, updates with version and answers 409 to a stale one', async () => {
    const token = await api.adminToken();
    const role = await newRole('Vendas', ['clients:read', 'clients:write']);
    const list = await api.request({
      method: 'GET',
      url: '/api/v1/roles?q=VENDAS&sort=-name',
      token,
    });
    expect(list.json()).toMatchObject({
      total: 1,
      page: 1,
      pageSize: 20,
      items: [{ name: 'Vendas' }],
    });
    const updated = await api.request({
      method: 'PUT',
      url: `/api/v1/roles/${role.id}`,
      token,
      payload: { name: 'Vendas', permissions: ['clients:read'], version: role.version },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ permissions: ['clients:read'], version: 2 });
    const stale = await api.request({
      method: 'PUT',
      url: `/api/v1/roles/${role.id}`,
      token,
      payload: { name: 'Vendas 2', permissions: [], version: role.version },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('rejects unknown permissions and duplicate names', async () => {
    const token = await api.adminToken();
    const unknown = await api.request({
      method: 'POST',
      url: '/api/v1/roles',
      token,
      payload: { name: 'X', permissions: ['nada:read'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields['permissions.0']).toBe('Valor inválido');
    await newRole('Compras');
    const duplicate = await api.request({
      method: 'POST',
      url: '/api/v1/roles',
      token,
      payload: { name: 'COMPRAS' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('Já existe um perfil de usuário com este nome.');
    expect(duplicate.json().error.fields).toEqual({
      name: 'Já existe um perfil de usuário com este nome.',
    });
  });

  it('answers 409 "in use" when deleting a role that a user has, and deletes an unused one', async () => {
    const token = await api.adminToken();
    const used = await newRole('Produção');
    await newUser('producao@fabril.test', used.id);
    const inUse = await api.request({ method: 'DELETE', url: `/api/v1/roles/${used.id}`, token });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toBe('Registro em uso; inative-o em vez de excluir.');
    const unused = await newRole('Temporário');
    expect(
      (await api.request({ method: 'DELETE', url: `/api/v1/roles/${unused.id}`, token }))
        .statusCode,
    ).toBe(204);
    expect(
      (await api.request({ method: 'GET', url: `/api/v1/roles/${unused.id}`, token })).statusCode,
    ).toBe(404);
    const history = await api.request({
      method: 'GET',
      url: `/api/v1/audit?entity=roles&entityId=${unused.id}`,
      token,
    });
    expect(history.json().items.map((e: { action: string }) => e.action)).toEqual([
      'delete',
      'create',
    ]);
  });

  it('keeps the Administrador role whole: not deletable, every permission', async () => {
    const token = await api.adminToken();
    const admin = await adminRole();
    expect(admin.isSystem).toBe(true);
    const deleted = await api.request({
      method: 'DELETE',
      url: `/api/v1/roles/${admin.id}`,
      token,
    });
    expect(deleted.statusCode).toBe(422);
    const trimmed = await api.request({
      method: 'PUT',
      url: `/api/v1/roles/${admin.id}`,
      token,
      payload: { name: 'Administrador', permissions: ['clients:read'], version: admin.version },
    });
    // Refused, not answered 200 while ignored (issue 15 §4); nothing changes.
    expect(trimmed.statusCode).toBe(422);
    expect((await adminRole()).permissions).toEqual(admin.permissions);
  });

  it('needs roles:write and roles:delete', async () => {
    const reader = await newRole('Só leitura de perfis', ['roles:read']);
    await newUser('leitor-perfis@fabril.test', reader.id);
    const token = await api.login('leitor-perfis@fabril.test', 'senha-segura-1');
    expect((await api.request({ method: 'GET', url: '/api/v1/roles', token })).statusCode).toBe(
      200,
    );
    expect(
      (await api.request({ method: 'POST', url: '/api/v1/roles', token, payload: { name: 'Z' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await api.request({ method: 'DELETE', url: `/api/v1/roles/${reader.id}`, token }))
        .statusCode,
    ).toBe(403);
  });
});

describe('users', () => {
  it('creates a user without ever showing the password, and lowercases the e-mail', async () => {
    const role = await newRole('Financeiro');
    const user = await newUser('Maria.Silva@Fabril.Test', role.id);
    expect(user).toMatchObject({
      email: 'maria.silva@fabril.test',
      roleName: 'Financeiro',
      active: true,
    });
    expect(JSON.stringify(user)).not.toMatch(/password/i);
    const duplicate = await api.request({
      method: 'POST',
      url: '/api/v1/users',
      token: await api.adminToken(),
      payload: {
        name: 'Outra',
        email: 'maria.silva@fabril.test',
        roleId: role.id,
        password: 'senha-segura-1',
      },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toMatchObject({
      code: 'DUPLICATE',
      message: 'Já existe um usuário com este e-mail.',
      fields: { email: 'Já existe um usuário com este e-mail.' },
    });
  });

  it('validates the password length and the role', async () => {
    const response = await api.request({
      method: 'POST',
      url: '/api/v1/users',
      token: await api.adminToken(),
      payload: { name: 'X', email: 'x@fabril.test', roleId: 999999, password: 'curta' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.password).toBe('A senha deve ter pelo menos 8 caracteres');
  });

  it('filters by active and role, sorts and pages', async () => {
    const token = await api.adminToken();
    const role = await newRole('Paginação');
    for (const name of ['c', 'a', 'b']) await newUser(`${name}-pag@fabril.test`, role.id);
    const page = await api.request({
      method: 'GET',
      url: `/api/v1/users?roleId=${role.id}&active=true&sort=-email&pageSize=2&page=2`,
      token,
    });
    expect(page.json()).toMatchObject({
      total: 3,
      page: 2,
      pageSize: 2,
      items: [{ email: 'a-pag@fabril.test' }],
    });
    const badSort = await api.request({
      method: 'GET',
      url: '/api/v1/users?sort=passwordHash',
      token,
    });
    expect(badSort.statusCode).toBe(400);
  });

  it('does not let anyone deactivate or delete themselves or the last administrator', async () => {
    const token = await api.adminToken();
    const me = (await api.request({ method: 'GET', url: '/api/v1/account/me', token })).json();
    const self = (
      await api.request({ method: 'GET', url: `/api/v1/users/${me.id}`, token })
    ).json();
    const deactivate = await api.request({
      method: 'PUT',
      url: `/api/v1/users/${me.id}`,
      token,
      payload: {
        name: self.name,
        email: self.email,
        roleId: self.roleId,
        active: false,
        version: self.version,
      },
    });
    expect(deactivate.statusCode).toBe(422);
    const remove = await api.request({ method: 'DELETE', url: `/api/v1/users/${me.id}`, token });
    expect(remove.statusCode).toBe(422);

    // A user manager who is not an administrator cannot take away the only administrator.
    const managers = await newRole('Gestão de usuários', [
      'users:read',
      'users:write',
      'users:delete',
    ]);
    await newUser('gestor@fabril.test', managers.id);
    const manager = await api.login('gestor@fabril.test', 'senha-segura-1');
    const deactivateLast = await api.request({
      method: 'PUT',
      url: `/api/v1/users/${me.id}`,
      token: manager,
      payload: {
        name: self.name,
        email: self.email,
        roleId: self.roleId,
        active: false,
        version: self.version,
      },
    });
    expect(deactivateLast.statusCode).toBe(422);
    expect(deactivateLast.json().error.message).toBe(
      'O sistema precisa de pelo menos um administrador ativo.',
    );
    const deleteLast = await api.request({
      method: 'DELETE',
      url: `/api/v1/users/${me.id}`,
      token: manager,
    });
    expect(deleteLast.statusCode).toBe(422);
    const stillThere = await api.request({ method: 'GET', url: `/api/v1/users/${me.id}`, token });
    expect(stillThere.json()).toMatchObject({ active: true, version: self.version });
  });

  it('keeps the password when an edit leaves it empty', async () => {
    const token = await api.adminToken();
    const role = await newRole('Edição');
    const user = await newUser('edicao@fabril.test', role.id);
    const edited = await api.request({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      token,
      payload: {
        name: 'Novo nome',
        email: user.email,
        roleId: role.id,
        password: '',
        version: user.version,
      },
    });
    expect(edited.statusCode).toBe(200);
    await expect(api.login('edicao@fabril.test', 'senha-segura-1')).resolves.toMatch(/^ey/);
  });
});
