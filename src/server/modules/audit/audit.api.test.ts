import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { useTestApi } from '../../testing/api-app.js';
import {
  BASE,
  expectError,
  masterData,
  nextTag,
  userWith,
} from '../master-data/testing/master-data-helpers.js';

const api = useTestApi();

const history = (entity: string, entityId: number, token: string) =>
  api.request({ method: 'GET', url: `${BASE}/audit?entity=${entity}&entityId=${entityId}`, token });

/** One audited record of each kind the test asks about, created by the administrator. */
async function records() {
  const { tag } = nextTag();
  const account = await masterData(api, 'checking-accounts').create({
    name: `${tag} Conta`,
    bankCode: '341',
    bankName: `${tag} Banco`,
    agency: '0001',
    accountNumber: '12345-6',
    openingBalance: '100.00',
    openingDate: '2026-01-10',
  });
  const color = await masterData(api, 'colors').create({ name: `${tag} Cor`, hex: '#FA8072' });
  const someone = await userWith(api, ['clients:read']);
  return [
    { entity: 'users', area: 'users', id: someone.userId },
    { entity: 'roles', area: 'roles', id: someone.roleId },
    { entity: 'checking-accounts', area: 'checkingAccounts', id: account.id },
    { entity: 'colors', area: 'colors', id: color.id },
  ];
}

describe('GET /audit', () => {
  it('answers 403 to audit:read alone, for every entity whose area the role cannot read', async () => {
    const audited = await records();
    const { token } = await userWith(api, ['audit:read']);
    for (const { entity, id } of [...audited, { entity: 'company', id: 1 }]) {
      expectError(await history(entity, id, token), 403, messages.errors.forbidden);
    }
  });

  it("answers an entity's history to audit:read with that entity's read, and nothing else", async () => {
    const audited = await records();
    for (const { entity, area, id } of audited) {
      const { token } = await userWith(api, ['audit:read', `${area}:read`]);
      const allowed = await history(entity, id, token);
      expect(allowed.statusCode, `${entity}: ${allowed.body}`).toBe(200);
      expect(allowed.json().items.map((item: { action: string }) => item.action)).toEqual([
        'create',
      ]);
      for (const other of audited.filter((record) => record.entity !== entity)) {
        expectError(await history(other.entity, other.id, token), 403, messages.errors.forbidden);
      }
    }
  });

  it("answers the company's history to audit:read with company:read", async () => {
    const { token } = await userWith(api, ['audit:read', 'company:read']);
    expect((await history('company', 1, token)).statusCode).toBe(200);
  });

  it('still needs audit:read besides the entity read permission', async () => {
    const [user] = await records();
    const { token } = await userWith(api, ['users:read']);
    expectError(await history(user!.entity, user!.id, token), 403, messages.errors.forbidden);
  });

  it('answers 400 for an entity that has no history', async () => {
    const admin = await api.adminToken();
    expectError(await history('secrets', 1, admin), 400, messages.errors.badRequest, {
      entity: messages.invalid,
    });
  });
});
