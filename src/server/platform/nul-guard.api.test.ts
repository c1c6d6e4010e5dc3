import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { useTestApi } from '../testing/api-app.js';

const api = useTestApi();

async function brandCount() {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM brands`.execute(api.db);
  return Number(rows[0]!.n);
}

/** 400 with the field's message, like any other invalid value (DOMAIN §1). */
async function expectFieldError(
  request: Parameters<typeof api.request>[0],
  fields: Record<string, string>,
) {
  const response = await api.request({ token: await api.adminToken(), ...request });
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().error).toMatchObject({
    code: 'VALIDATION',
    message: messages.errors.badRequest,
    fields,
    requestId: expect.any(String),
  });
}

describe('values PostgreSQL cannot store answer 400 naming the field, never 500', () => {
  it('a NUL or another control character in a text field', async () => {
    const before = await brandCount();
    await expectFieldError(
      { method: 'POST', url: '/api/v1/brands', payload: { name: 'Marca\u0000X' } },
      { name: messages.invalid },
    );
    await expectFieldError(
      { method: 'POST', url: '/api/v1/brands', payload: { name: 'Marca\u0008X' } },
      { name: messages.invalid },
    );
    await expectFieldError(
      {
        method: 'PUT',
        url: '/api/v1/company',
        payload: { legalName: 'Fabril', address: { city: 'São\u0000Paulo' }, version: 1 },
      },
      { 'address.city': messages.invalid },
    );
    expect(await brandCount()).toBe(before);
  });

  it('a NUL where no field rule looks: search terms, filters, passwords, keys, path parameters', async () => {
    await expectFieldError(
      { method: 'GET', url: '/api/v1/clients?q=jo%00ao&city=S%00P' },
      { q: messages.invalid, city: messages.invalid },
    );
    await expectFieldError(
      { method: 'GET', url: '/api/v1/audit?entity=brands&entityId=1%00' },
      { entityId: messages.invalid },
    );
    await expectFieldError(
      {
        method: 'POST',
        url: '/api/v1/account/login',
        payload: { email: 'admin@fabril.test', password: 'senha\u0000' },
      },
      { password: messages.invalid },
    );
    await expectFieldError(
      { method: 'POST', url: '/api/v1/brands', payload: { name: 'Marca', ['x\u0000']: 1 } },
      { _: messages.invalid },
    );
    await expectFieldError(
      { method: 'DELETE', url: '/api/v1/brands/1%00' },
      { id: messages.invalid },
    );
  });

  it('a date in year 0000 (or before 1900) and an id past PostgreSQL integer', async () => {
    for (const openingDate of ['0000-01-01', '1899-12-31']) {
      await expectFieldError(
        {
          method: 'POST',
          url: '/api/v1/checking-accounts',
          payload: { name: 'Conta', bankCode: '001', openingBalance: '0', openingDate },
        },
        { openingDate: messages.outOfRange },
      );
    }
    await expectFieldError(
      {
        method: 'PUT',
        url: '/api/v1/brands/1234567890123456',
        payload: { name: 'Marca', version: 1 },
      },
      { id: messages.outOfRange },
    );
  });

  it('a body nested 100,000 deep is walked without overflowing the stack', async () => {
    const deep = `${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`;
    const response = await api.request({
      method: 'POST',
      url: '/api/v1/brands',
      token: await api.adminToken(),
      payload: `{"name": ${deep}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
    expect(Object.keys(response.json().error.fields)[0]).toMatch(/^name(\.0)+$/);
  });
});
