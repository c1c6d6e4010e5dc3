import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../../testing/api-app.js';

// A stand-in for dist/web: the server serves whatever the build wrote, pre-compressed.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fabril-spa-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Fabril</title>');
fs.writeFileSync(path.join(webDir, 'assets/app-abc123.js'), script);
fs.writeFileSync(path.join(webDir, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(webDir, 'assets/app-abc123.js.gz'), zlib.gzipSync(script));

const api = useTestApi({ webDir });
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

describe('serving the SPA', () => {
  it('sends the brotli copy of an asset with an immutable cache header', async () => {
    const response = await api.request({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip for a client without brotli', async () => {
    const response = await api.request({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('answers client routes with index.html, never cached, and keeps JSON 404 for /api', async () => {
    const page = await api.request({ method: 'GET', url: '/client/42' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>Fabril</title>');
    const api404 = await api.request({ method: 'GET', url: '/api/v2/anything' });
    expect(api404.statusCode).toBe(404);
    expect(api404.json().error.code).toBe('ROUTE_NOT_FOUND');
  });

  it('answers HEAD like GET, without a body (an uptime monitor checks the site so)', async () => {
    for (const url of ['/', '/client/42']) {
      const page = await api.request({ method: 'HEAD', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toBe('');
    }
    const asset = await api.request({ method: 'HEAD', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('');
    const api404 = await api.request({ method: 'HEAD', url: '/api/v2/anything' });
    expect(api404.statusCode).toBe(404);
  });
});
