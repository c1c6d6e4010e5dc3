import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { formatLine, loggerOptions, type LogFormat } from './logging.js';

/** A Fastify app with the server's logger, writing into an array. */
async function logsOf(format: LogFormat, level = 'info') {
  const lines: string[] = [];
  const app = Fastify({
    ...loggerOptions(level, format, { write: (text: string) => lines.push(text) }),
  });
  app.get('/api/v1/clients', async () => ({ items: [] }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, lines };
}

describe('request logs', () => {
  it('are one short line per request by default', async () => {
    const { app, lines } = await logsOf('line');
    await app.inject({ method: 'GET', url: '/api/v1/clients?page=2' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET \/api\/v1\/clients\?page=2 200 \d+ ms\n$/);
  });

  it('show an error with its request id and stack', async () => {
    const { app, lines } = await logsOf('line');
    await app.inject({ method: 'GET', url: '/fails' });
    const text = lines.join('');
    expect(text).toMatch(/^Erro: boom \(requisição [\w-]+\)\nError: boom\n\s+at /m);
    expect(text).toMatch(/^GET \/fails 500 \d+ ms$/m);
  });

  it('are pino JSON, with the request details, when LOG_FORMAT=json', async () => {
    const { app, lines } = await logsOf('json');
    await app.inject({ method: 'GET', url: '/api/v1/clients' });
    const records = lines.map((line) => JSON.parse(line));
    expect(records.map((record) => record.msg)).toEqual(['incoming request', 'request completed']);
    expect(records[0].req).toMatchObject({ method: 'GET', url: '/api/v1/clients' });
    expect(records[1].res).toEqual({ statusCode: 200 });
    expect(records[0].requestId).toBe(records[1].requestId);
  });

  it('keep to the level', async () => {
    const { app, lines } = await logsOf('line', 'warn');
    await app.inject({ method: 'GET', url: '/api/v1/clients' });
    expect(lines).toEqual([]);
  });
});

describe('formatLine', () => {
  it('prints the message, and labels warnings in pt-BR', () => {
    expect(formatLine({ level: 30, msg: 'Ouvindo em http://127.0.0.1:3000' })).toBe(
      'Ouvindo em http://127.0.0.1:3000',
    );
    expect(formatLine({ level: 40, msg: 'Escuta interrompida', requestId: 'r1' })).toBe(
      'Aviso: Escuta interrompida (requisição r1)',
    );
  });
});
