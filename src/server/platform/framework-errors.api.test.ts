import net from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/error-codes.js';
import { messages } from '../../shared/messages.js';
import { useTestApi } from '../testing/api-app.js';

const api = useTestApi();
const errors = messages.errors;

/** The API's error body (DOMAIN §1), with the request id the response header carries too. */
function expectApiError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const { error } = response.json();
  expect(error).toEqual({
    code,
    message: expect.any(String),
    ...(error.fields ? { fields: expect.any(Object) } : {}),
    requestId: response.headers['x-request-id'],
  });
  expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(Object.values(ErrorCode), 'a code of the shared catalogue').toContain(error.code);
  return error as { code: string; message: string };
}

const postBrand = async (payload: string | Buffer, contentType: string) =>
  api.request({
    method: 'POST',
    url: '/api/v1/brands',
    token: await api.adminToken(),
    payload,
    headers: { 'content-type': contentType },
  });

/** One raw HTTP exchange with the listening server, as a client that Node's parser refuses. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
  });
}

function parseRawResponse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('errors raised before a route runs, in the API shape and in pt-BR', () => {
  it('a body that is not JSON, or carries a prototype key: 400 INVALID_JSON', async () => {
    for (const payload of [
      '{"name":',
      'nul',
      '{"name": "x",}',
      '{"__proto__": {"admin": true}, "name": "x"}',
      '{"constructor": {"prototype": {"admin": true}}, "name": "x"}',
    ]) {
      const error = expectApiError(
        await postBrand(payload, 'application/json'),
        400,
        'INVALID_JSON',
      );
      expect(error.message).toBe(errors.invalidJson);
    }
  });

  it('an empty JSON body: 400 EMPTY_BODY', async () => {
    const error = expectApiError(await postBrand('', 'application/json'), 400, 'EMPTY_BODY');
    expect(error.message).toBe(errors.emptyBody);
  });

  it('a body of another media type: 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    for (const type of ['application/xml', 'application/x-www-form-urlencoded']) {
      const error = expectApiError(
        await postBrand('<marca/>', type),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      expect(error.message).toBe(errors.unsupportedMediaType);
    }
  });

  it('a body over the 1 MB limit: 413 BODY_TOO_LARGE', async () => {
    const payload = JSON.stringify({ name: 'x'.repeat(1024 * 1024) });
    const error = expectApiError(
      await postBrand(payload, 'application/json'),
      413,
      'BODY_TOO_LARGE',
    );
    expect(error.message).toBe(errors.bodyTooLarge);
  });

  it('a Content-Length that does not match the body: 400 INVALID_CONTENT_LENGTH', async () => {
    const response = await api.request({
      method: 'POST',
      url: '/api/v1/brands',
      token: await api.adminToken(),
      payload: '{"name":"Marca"}',
      headers: { 'content-type': 'application/json', 'content-length': '5' },
    });
    const error = expectApiError(response, 400, 'INVALID_CONTENT_LENGTH');
    expect(error.message).toBe(errors.invalidContentLength);
  });

  it('a URL that does not decode: 400 BAD_URL; a parameter over 100 characters: 414 URL_TOO_LONG', async () => {
    const token = await api.adminToken();
    const badUrl = await api.request({ method: 'GET', url: '/api/v1/brands/%E0%A4%A', token });
    expect(expectApiError(badUrl, 400, 'BAD_URL').message).toBe(errors.badUrl);
    const longParam = await api.request({
      method: 'GET',
      url: `/api/v1/brands/${'1'.repeat(200)}`,
      token,
    });
    expect(expectApiError(longParam, 414, 'URL_TOO_LONG').message).toBe(errors.urlTooLong);
  });

  it('what Node refuses before Fastify (headers or URL too long, a broken request line) on a real socket', async () => {
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = api.app.server.address() as net.AddressInfo;

    const longUrl = parseRawResponse(
      await rawExchange(
        port,
        `GET /api/v1/brands?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      ),
    );
    expect(longUrl.status).toBe(431);
    const longUrlBody = JSON.parse(longUrl.body);
    expect(longUrlBody).toEqual({
      error: {
        code: 'HEADERS_TOO_LARGE',
        message: errors.headersTooLarge,
        requestId: longUrl.headers['x-request-id'],
      },
    });
    expect(Number(longUrl.headers['content-length'])).toBe(Buffer.byteLength(longUrl.body));

    const broken = parseRawResponse(await rawExchange(port, 'NOT HTTP AT ALL\r\n\r\n'));
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toEqual({
      error: {
        code: 'MALFORMED_REQUEST',
        message: errors.malformedRequest,
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    });
  });

  it('an upload that is not valid multipart names what to send, in pt-BR', async () => {
    const token = await api.adminToken();
    for (const contentType of ['multipart/form-data; boundary=xyz', 'multipart/form-data']) {
      const response = await api.request({
        method: 'POST',
        url: '/api/v1/clients/import',
        token,
        payload: 'não é multipart',
        headers: { 'content-type': contentType },
      });
      const error = expectApiError(response, 400, 'IMPORT_INVALID');
      expect(error.message).toBe('Envie a planilha no campo "file" (multipart/form-data).');
    }
  });
});
