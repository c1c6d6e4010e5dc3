import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../testing/api-app.js';
import { TEST_ADMIN } from '../../testing/test-database.js';

const api = useTestApi();

async function createUser(email: string, permissions: string[], password = 'senha-segura-1') {
  const token = await api.adminToken();
  const role = await api.request({
    method: 'POST',
    url: '/api/v1/roles',
    token,
    payload: { name: `Perfil ${email}`, permissions },
  });
  expect(role.statusCode).toBe(201);
  const user = await api.request({
    method: 'POST',
    url: '/api/v1/users',
    token,
    payload: { name: 'Fulano', email, roleId: role.json().id, password },
  });
  expect(user.statusCode).toBe(201);
  return user.json() as { id: number; version: number; roleId: number };
}

describe('POST /account/login', () => {
  it('answers a token and the user with the permissions of the role', async () => {
    const response = await api.request({
      method: 'POST',
      url: '/api/v1/account/login',
      payload: { email: 'ADMIN@fabril.test', password: TEST_ADMIN.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.accessToken).toMatch(/^ey/);
    expect(body.userToken).toMatchObject({ email: TEST_ADMIN.email, roleName: 'Administrador' });
    expect(body.userToken.permissions).toContain('company:write');
  });

  it('refuses a wrong password with the pt-BR message', async () => {
    const response = await api.request({
      method: 'POST',
      url: '/api/v1/account/login',
      payload: { email: TEST_ADMIN.email, password: 'errada' },
      remoteAddress: '10.9.9.1',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('E-mail ou senha inválidos.');
    expect(response.json().error.requestId).toBeTruthy();
  });

  it('refuses an inactive user even with the right password', async () => {
    const user = await createUser('inativo@fabril.test', ['clients:read']);
    await api.request({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      token: await api.adminToken(),
      payload: {
        name: 'Fulano',
        email: 'inativo@fabril.test',
        roleId: user.roleId,
        active: false,
        version: user.version,
      },
    });
    const response = await api.request({
      method: 'POST',
      url: '/api/v1/account/login',
      payload: { email: 'inativo@fabril.test', password: 'senha-segura-1' },
      remoteAddress: '10.9.9.2',
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 429 after five failures in a minute for one e-mail from one address, even the right password, and lets the owner in from elsewhere', async () => {
    await createUser('alvo@fabril.test', ['clients:read']);
    const attempt = (password: string, remoteAddress: string) =>
      api.request({
        method: 'POST',
        url: '/api/v1/account/login',
        payload: { email: 'alvo@fabril.test', password },
        remoteAddress,
      });
    for (let i = 0; i < 5; i++) {
      expect((await attempt('errada', '10.8.0.1')).statusCode).toBe(401);
    }
    const blocked = await attempt('senha-segura-1', '10.8.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toMatch(/tentativas/);
    // Whoever guesses from one place cannot lock the owner out of another.
    expect((await attempt('senha-segura-1', '10.8.0.99')).statusCode).toBe(200);
  });

  it('evaluates at most five of forty parallel wrong guesses on one e-mail', async () => {
    await createUser('paralelo@fabril.test', ['clients:read']);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        api.request({
          method: 'POST',
          url: '/api/v1/account/login',
          payload: { email: 'paralelo@fabril.test', password: 'errada' },
          remoteAddress: '10.8.1.1',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // A 401 is a password that was checked; a 429 one that never was.
    const evaluated = statuses.filter((status) => status === 401).length;
    // Reserved one after another: exactly the first five are checked.
    expect(evaluated).toBe(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - evaluated);
  });

  it('lets other users of one address in after several people mistype their passwords', async () => {
    await createUser('setimo@fabril.test', ['clients:read']);
    for (let i = 0; i < 6; i++) {
      const failure = await api.request({
        method: 'POST',
        url: '/api/v1/account/login',
        payload: { email: `colega${i}@fabril.test`, password: 'errada' },
        remoteAddress: '10.6.6.6',
      });
      expect(failure.statusCode).toBe(401);
    }
    const seventh = await api.request({
      method: 'POST',
      url: '/api/v1/account/login',
      payload: { email: 'setimo@fabril.test', password: 'senha-segura-1' },
      remoteAddress: '10.6.6.6',
    });
    expect(seventh.statusCode, seventh.body).toBe(200);
  });

  it('answers 429 after fifty failures in a minute from one address, whatever the e-mail', async () => {
    const attempt = (email: string, password: string) =>
      api.request({
        method: 'POST',
        url: '/api/v1/account/login',
        payload: { email, password },
        remoteAddress: '10.7.7.7',
      });
    for (let i = 0; i < 49; i++) {
      expect((await attempt(`ninguem${i}@fabril.test`, 'errada')).statusCode).toBe(401);
    }
    expect((await attempt(TEST_ADMIN.email, TEST_ADMIN.password)).statusCode).toBe(200);
    expect((await attempt('ninguem49@fabril.test', 'errada')).statusCode).toBe(401);
    const blocked = await attempt(TEST_ADMIN.email, TEST_ADMIN.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toMatch(/tentativas/);
  });

  it('validates the body with pt-BR field messages', async () => {
    const response = await api.request({
      method: 'POST',
      url: '/api/v1/account/login',
      payload: { email: 'não-é-email', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      email: 'Email inválido',
      password: 'Preenchimento obrigatório',
    });
  });
});

describe('authentication and permissions', () => {
  it('answers 401 without a token and with a bad one', async () => {
    const none = await api.request({ method: 'GET', url: '/api/v1/account/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHORIZED');
    const bad = await api.request({ method: 'GET', url: '/api/v1/company', token: 'not.a.jwt' });
    expect(bad.statusCode).toBe(401);
  });

  it('answers 403 when the role lacks the permission', async () => {
    await createUser('restrito@fabril.test', ['clients:read']);
    const token = await api.login('restrito@fabril.test', 'senha-segura-1');
    const me = await api.request({ method: 'GET', url: '/api/v1/account/me', token });
    expect(me.statusCode).toBe(200);
    expect(me.json().permissions).toEqual(['clients:read']);
    const company = await api.request({ method: 'GET', url: '/api/v1/company', token });
    expect(company.statusCode).toBe(403);
    expect(company.json().error.message).toBe('Você não tem permissão para esta ação.');
  });

  it('stops accepting the token of a user who was deactivated', async () => {
    const user = await createUser('demitido@fabril.test', ['clients:read']);
    const token = await api.login('demitido@fabril.test', 'senha-segura-1');
    expect(
      (await api.request({ method: 'GET', url: '/api/v1/account/me', token })).statusCode,
    ).toBe(200);
    await api.request({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      token: await api.adminToken(),
      payload: {
        name: 'Fulano',
        email: 'demitido@fabril.test',
        roleId: user.roleId,
        active: false,
        version: user.version,
      },
    });
    expect(
      (await api.request({ method: 'GET', url: '/api/v1/account/me', token })).statusCode,
    ).toBe(401);
  });
});

describe('CSRF', () => {
  it('rejects a mutating request without the matching header with 403', async () => {
    const token = await api.adminToken();
    const missing = await api.app.inject({
      method: 'PUT',
      url: '/api/v1/account/profile',
      headers: { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=abc' },
      payload: { name: 'Outro nome' },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error.code).toBe('CSRF');
    const wrong = await api.app.inject({
      method: 'POST',
      url: '/api/v1/account/login',
      headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'xyz' },
      payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('sets the XSRF-TOKEN cookie on a response to a request without it', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/v1/health' });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/XSRF-TOKEN=[\w-]{20,}/);
    expect(cookie).toMatch(/SameSite=Strict/i);
  });
});

describe('my account', () => {
  it('changes my name and records it in the history', async () => {
    const user = await createUser('perfil@fabril.test', ['clients:read']);
    const token = await api.login('perfil@fabril.test', 'senha-segura-1');
    const response = await api.request({
      method: 'PUT',
      url: '/api/v1/account/profile',
      token,
      payload: { name: '  Beltrano  ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('Beltrano');
    const history = await api.request({
      method: 'GET',
      url: `/api/v1/audit?entity=users&entityId=${user.id}`,
      token: await api.adminToken(),
    });
    expect(history.json().items[0]).toMatchObject({
      action: 'update',
      userName: 'Beltrano',
      changes: { name: { from: 'Fulano', to: 'Beltrano' } },
    });
  });

  it('changes the password only with the current one, and the new one works', async () => {
    await createUser('senha@fabril.test', ['clients:read']);
    const token = await api.login('senha@fabril.test', 'senha-segura-1');
    const wrong = await api.request({
      method: 'PUT',
      url: '/api/v1/account/password',
      token,
      payload: {
        currentPassword: 'outra',
        newPassword: 'nova-senha-1',
        confirmation: 'nova-senha-1',
      },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields.currentPassword).toBe('Senha atual incorreta.');
    const mismatch = await api.request({
      method: 'PUT',
      url: '/api/v1/account/password',
      token,
      payload: {
        currentPassword: 'senha-segura-1',
        newPassword: 'nova-senha-1',
        confirmation: 'nova-senha-2',
      },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fields.confirmation).toBe('Valores não coincidem');
    const ok = await api.request({
      method: 'PUT',
      url: '/api/v1/account/password',
      token,
      payload: {
        currentPassword: 'senha-segura-1',
        newPassword: 'nova-senha-1',
        confirmation: 'nova-senha-1',
      },
    });
    expect(ok.statusCode).toBe(204);
    await expect(api.login('senha@fabril.test', 'nova-senha-1')).resolves.toMatch(/^ey/);
    await expect(api.login('senha@fabril.test', 'senha-segura-1')).rejects.toThrow();
  });
});

describe('sessions', () => {
  const me = (token: string) => api.request({ method: 'GET', url: '/api/v1/account/me', token });

  it('ends the current session on logout, and only that one', async () => {
    await createUser('sair@fabril.test', ['clients:read']);
    const leaving = await api.login('sair@fabril.test', 'senha-segura-1');
    const staying = await api.login('sair@fabril.test', 'senha-segura-1');
    const logout = await api.request({
      method: 'POST',
      url: '/api/v1/account/logout',
      token: leaving,
    });
    expect(logout.statusCode).toBe(204);
    expect((await me(leaving)).statusCode).toBe(401);
    expect((await me(staying)).statusCode).toBe(200);
    const again = await api.request({
      method: 'POST',
      url: '/api/v1/account/logout',
      token: leaving,
    });
    expect(again.statusCode).toBe(401);
  });

  it('ends my other sessions when I change my password, keeping this one', async () => {
    await createUser('trocar@fabril.test', ['clients:read']);
    const here = await api.login('trocar@fabril.test', 'senha-segura-1');
    const elsewhere = await api.login('trocar@fabril.test', 'senha-segura-1');
    const changed = await api.request({
      method: 'PUT',
      url: '/api/v1/account/password',
      token: here,
      payload: {
        currentPassword: 'senha-segura-1',
        newPassword: 'nova-senha-1',
        confirmation: 'nova-senha-1',
      },
    });
    expect(changed.statusCode).toBe(204);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(200);
  });

  it('ends every session of a user whose password an administrator sets', async () => {
    const user = await createUser('redefinir@fabril.test', ['clients:read']);
    const first = await api.login('redefinir@fabril.test', 'senha-segura-1');
    const second = await api.login('redefinir@fabril.test', 'senha-segura-1');
    const admin = await api.adminToken();
    const current = await api.request({
      method: 'GET',
      url: `/api/v1/users/${user.id}`,
      token: admin,
    });
    const set = await api.request({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      token: admin,
      payload: { ...pick(current.json()), password: 'outra-senha-1' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    // The administrator's own session is untouched.
    expect((await me(admin)).statusCode).toBe(200);
    // A change that does not touch the password ends nothing.
    const fresh = await api.login('redefinir@fabril.test', 'outra-senha-1');
    const renamed = await api.request({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      token: admin,
      payload: { ...pick(set.json()), name: 'Renomeado' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('gives the token the session’s lifetime', async () => {
    const token = await api.login();
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(12 * 3600);
  });
});

/** The fields a user's PUT takes, from its GET. */
function pick(user: Record<string, unknown>) {
  const { name, email, roleId, active, version } = user;
  return { name, email, roleId, active, version };
}
