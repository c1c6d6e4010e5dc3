import { describe, expect, it } from 'vitest';
import { useTestApi } from '../testing/api-app.js';
import { TEST_ADMIN } from '../testing/test-database.js';

/**
 * A server behind a TLS proxy (TRUST_PROXY), with a shorter session (SESSION_HOURS) and public
 * API docs (API_DOCS_PUBLIC): what each setting changes.
 */
const api = useTestApi({ trustProxy: true, sessionHours: 2, apiDocsPublic: true });

const overTls = { 'x-forwarded-proto': 'https' };

describe('behind a trusted TLS proxy', () => {
  it('sends HSTS and a Secure cookie only to requests that came over HTTPS', async () => {
    const plain = await api.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/);
    const tls = await api.app.inject({ method: 'GET', url: '/api/v1/health', headers: overTls });
    expect(tls.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(tls.headers['set-cookie'])).toMatch(/XSRF-TOKEN=.*; Secure/);
  });

  it('counts failed sign-ins per address from the proxy’s header', async () => {
    const attempt = (address: string, password: string) =>
      api.request({
        method: 'POST',
        url: '/api/v1/account/login',
        payload: { email: TEST_ADMIN.email, password },
        headers: { 'x-forwarded-for': address },
      });
    for (let i = 0; i < 5; i++)
      expect((await attempt('203.0.113.9', 'errada')).statusCode).toBe(401);
    expect((await attempt('203.0.113.9', TEST_ADMIN.password)).statusCode).toBe(429);
    // Another client behind the same proxy is another address.
    expect((await attempt('203.0.113.10', TEST_ADMIN.password)).statusCode).toBe(200);
  });

  it('gives the token the lifetime of SESSION_HOURS', async () => {
    const token = await api.login();
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(2 * 3600);
  });

  it('serves the API docs without signing in when API_DOCS_PUBLIC is set', async () => {
    const docs = await api.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.json().info.title).toBe('Fabril API');
  });
});
