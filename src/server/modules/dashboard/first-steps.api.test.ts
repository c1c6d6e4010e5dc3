import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../testing/api-app.js';
import { cpfFrom, userWith } from '../master-data/testing/master-data-helpers.js';

/** "Primeiros passos" on the dashboard (issue 16 §15): GET /dashboard/first-steps. */
const api = useTestApi();
const URL = '/api/v1/dashboard/first-steps';

async function stepsOf(token: string) {
  const response = await api.request({ method: 'GET', url: URL, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().steps as { key: string; done: boolean }[];
}

async function adminPost(url: string, payload: object) {
  const response = await api.request({
    method: url === '/api/v1/company' ? 'PUT' : 'POST',
    url,
    token: await api.adminToken(),
    payload,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

describe('first steps', () => {
  it('answers 401 without a token', async () => {
    expect((await api.request({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it('starts with every step to do, and ticks each as the company does it', async () => {
    const admin = await api.adminToken();
    expect(await stepsOf(admin)).toEqual([
      { key: 'company', done: false },
      { key: 'client', done: false },
      { key: 'product', done: false },
    ]);

    // Saving the placeholders is not identifying the company: its CNPJ is.
    const company = (
      await api.request({ method: 'GET', url: '/api/v1/company', token: admin })
    ).json() as Record<string, unknown>;
    const placeholders = { ...company };
    delete placeholders.updatedAt;
    const unchanged = await adminPost('/api/v1/company', placeholders);
    expect((await stepsOf(admin))[0]).toEqual({ key: 'company', done: false });
    await adminPost('/api/v1/company', {
      ...placeholders,
      version: unchanged.version,
      legalName: 'Malharia Boa Vista Ltda.',
      cnpj: '12.ABC.345/01DE-35',
    });
    expect(await stepsOf(admin)).toEqual([
      { key: 'company', done: true },
      { key: 'client', done: false },
      { key: 'product', done: false },
    ]);

    // An inactive client still is the company's first.
    await adminPost('/api/v1/clients', {
      personType: 'F',
      name: 'Primeira Cliente',
      document: cpfFrom('529982247'),
      active: false,
    });
    // A feedstock is not a product.
    const units = await api.request({
      method: 'GET',
      url: '/api/v1/units-of-measurement?q=UN',
      token: admin,
    });
    const unitId = (units.json().items as { id: number; code: string }[]).find(
      (unit) => unit.code === 'UN',
    )!.id;
    await adminPost('/api/v1/feedstocks', { code: 'LINHA-1', name: 'Linha', unitId });
    expect(await stepsOf(admin)).toEqual([
      { key: 'company', done: true },
      { key: 'client', done: true },
      { key: 'product', done: false },
    ]);

    await adminPost('/api/v1/products', {
      code: 'CAM-1',
      name: 'Camiseta',
      origin: 'RESALE',
      unitId,
    });
    expect(await stepsOf(admin)).toEqual([
      { key: 'company', done: true },
      { key: 'client', done: true },
      { key: 'product', done: true },
    ]);
  });

  it('lists only the steps the user may do, and none to a user who may do none', async () => {
    const clerk = await userWith(api, ['clients:read', 'clients:write', 'products:read']);
    expect(await stepsOf(clerk.token)).toEqual([{ key: 'client', done: true }]);
    const manager = await userWith(api, [
      'company:read',
      'company:write',
      'products:read',
      'products:write',
    ]);
    expect(await stepsOf(manager.token)).toEqual([
      { key: 'company', done: true },
      { key: 'product', done: true },
    ]);
    const reader = await userWith(api, ['clients:read', 'products:read', 'company:read']);
    expect(await stepsOf(reader.token)).toEqual([]);
  });
});
