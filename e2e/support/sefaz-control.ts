import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import type { SefazService } from '../../src/server/modules/nfe/sefaz/authoriser.js';
import type {
  DoubleReply,
  SefazDouble,
} from '../../src/server/modules/nfe/testing/sefaz-double.js';
import { testCertificateFromPem } from '../../src/server/modules/nfe/testing/test-certificate.js';

/**
 * The shared server's SEFAZ double lives in the browser tests' global set-up, another process
 * than the test files: a small HTTP endpoint on 127.0.0.1 lets a test script its answers
 * (`reply`) and put back the defaults (`reset`), and the set-up hands over its client CA.
 */
export function serveSefazControl(double: SefazDouble): Promise<{
  url: string;
  close: () => Promise<void>;
}> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/reply') {
        const { service, reply } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          service: SefazService;
          reply: DoubleReply;
        };
        double.reply(service, reply);
      } else if (request.method === 'POST' && request.url === '/reset') {
        double.reset();
      } else {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(204).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

async function control(path: string, body?: unknown) {
  const response = await fetch(`${inject('sefazControlUrl')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status !== 204) throw new Error(`SEFAZ double control ${path}: ${response.status}`);
}

/** Sets the shared double's standing reply to a service (until `resetSefaz`). */
export const replyAtSefaz = (service: SefazService, reply: DoubleReply) =>
  control('/reply', { service, reply });

/** The shared double's defaults again: batches authorised, status 107. */
export const resetSefaz = () => control('/reset');

/** The CA whose certificates the shared double accepts: the company's A1 is issued by it. */
export function sefazClientCa() {
  const { certificatePem, privateKeyPem } = inject('sefazClientCa');
  return testCertificateFromPem(certificatePem, privateKeyPem);
}
