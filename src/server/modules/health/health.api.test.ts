import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../testing/api-app.js';

const api = useTestApi();

describe('platform routes', () => {
  it('GET /health answers without a token, with the database reachable and the version', async () => {
    const response = await api.request({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      database: 'ok',
    });
  });

  it('answers an unknown /api path with a JSON 404 carrying the request id', async () => {
    const token = await api.adminToken();
    const response = await api.request({ method: 'GET', url: '/api/v1/nada-aqui', token });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
    expect(response.json().error).toMatchObject({
      code: 'ROUTE_NOT_FOUND',
      message: 'Endereço não encontrado.',
      requestId: response.headers['x-request-id'],
    });
  });

  it('serves the OpenAPI description at /api/v1/docs to a signed-in user only', async () => {
    for (const url of ['/api/v1/docs', '/api/v1/docs/json', '/%61pi/v1/docs/json']) {
      expect((await api.request({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const response = await api.request({
      method: 'GET',
      url: '/api/v1/docs/json',
      token: await api.adminToken(),
    });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/health', '/api/v1/account/login', '/api/v1/company']),
    );
  });

  it('sends the security headers, with a CSP that is the one frame policy, and no HSTS over HTTP', async () => {
    const response = await api.request({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
