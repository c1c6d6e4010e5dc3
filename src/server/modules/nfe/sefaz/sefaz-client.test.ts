import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSefazDouble, type SefazDouble } from '../testing/sefaz-double.js';
import { makeTestCa, makeTestCertificate } from '../testing/test-certificate.js';
import { validateAgainst } from '../validate-nfe.js';
import { sefazEndpoint } from './authoriser.js';
import { SefazCallError, type SefazSettings } from './sefaz-client.js';
import { queryServiceStatus } from './service-status.js';
import { soapResult } from './soap.js';

/**
 * The client against the SEFAZ double over real mutual TLS: what it sends, what it reads, and
 * when it tries again (only before the handshake completed).
 */
let double: SefazDouble;
let company: ReturnType<typeof makeTestCertificate>;

beforeAll(async () => {
  double = await startSefazDouble();
  company = makeTestCertificate({ issuer: double.clientCa });
});
afterAll(() => double.close());

const settings = (changes: Partial<SefazSettings> = {}): SefazSettings => ({
  serviceUrl: double.url,
  extraCaPem: double.serverCa.certificatePem,
  // Generous but for the time-out's own test: the machine running the tests may be busy.
  timeoutSeconds: 10,
  ...changes,
});
const ask = (changes: Partial<SefazSettings> = {}, certificate = company) =>
  queryServiceStatus(settings(changes), { uf: 'SP', environment: 'HOMOLOGATION', certificate });
const failureOf = async (outcome: ReturnType<typeof ask>) => {
  const result = await outcome;
  if (result.answered) throw new Error('answered');
  return result.error;
};

describe('the SEFAZ client', () => {
  it('sends a schema-valid consStatServ with the A1 and reads the answer', async () => {
    double.reply('NFeStatusServico4', { cStat: '107', tMed: 2 });
    const before = double.requests.length;
    const outcome = await ask();
    expect(outcome.answered).toBe(true);
    if (!outcome.answered) return;
    expect(outcome.answer).toMatchObject({ statusCode: '107', averageSeconds: 2 });
    const received = double.requests.slice(before);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      service: 'NFeStatusServico4',
      action: 'http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4/nfeStatusServicoNF',
      schemaErrors: [],
      clientCertificate: 'FABRIL TESTE LTDA:11222333000181',
    });
    expect(received[0]!.messageXml).toContain('<cUF>35</cUF>');
    // The raw exchange comes back for the audit trail.
    expect(outcome.exchange.requestXml).toContain('<nfeDadosMsg');
    expect(outcome.exchange.responseXml).toContain('<retConsStatServ');
    // The double answers what the real one would: valid against retConsStatServ_v4.00.xsd.
    const result = soapResult(outcome.exchange.responseXml!).xml;
    expect(validateAgainst('retConsStatServ_v4.00.xsd', result)).toEqual({
      valid: true,
      errors: [],
    });
  });

  it('tries once more when the connection is reset before the TLS handshake', async () => {
    let connections = 0;
    const target = new URL(double.url);
    const flaky = net.createServer((socket) => {
      connections += 1;
      if (connections === 1) {
        socket.resetAndDestroy();
        return;
      }
      const upstream = net.connect(Number(target.port), target.hostname);
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = flaky.address() as AddressInfo;
      const before = double.requests.length;
      const outcome = await ask({ serviceUrl: `https://127.0.0.1:${port}` });
      expect(outcome.answered).toBe(true);
      expect(connections).toBe(2);
      expect(double.requests.length - before).toBe(1);
    } finally {
      flaky.close();
    }
  });

  it('says unreachable when nothing listens, and that nothing was sent', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failureOf(ask({ serviceUrl: `https://127.0.0.1:${port}` }));
    expect(error.failure).toBe('UNREACHABLE');
    expect(error.mayHaveArrived).toBe(false);
    expect(error.exchange.responseXml).toBeNull();
  });

  it('gives up after NFE_TIMEOUT_S without trying again, the request maybe delivered', async () => {
    double.reply('NFeStatusServico4', { silence: true });
    const before = double.requests.length;
    const started = Date.now();
    try {
      const error = await failureOf(ask({ timeoutSeconds: 1 }));
      expect(error.failure).toBe('TIMEOUT');
      expect(error.mayHaveArrived).toBe(true);
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(double.requests.length - before).toBe(1);
    } finally {
      double.reply('NFeStatusServico4', { cStat: '107' });
    }
  });

  it('is refused by the authoriser when its A1 is not from a trusted authority', async () => {
    const stranger = makeTestCertificate({ issuer: makeTestCa('AC DESCONHECIDA') });
    const before = double.requests.length;
    const error = await failureOf(ask({}, stranger));
    expect(error.failure).toBe('CLIENT_CERTIFICATE_REFUSED');
    expect(double.requests.length).toBe(before);
  });

  it('refuses an authoriser whose certificate no trusted authority issued', async () => {
    const impostor = await startSefazDouble({
      clientCa: double.clientCa,
      serverCa: makeTestCa('AC IMPOSTORA'),
    });
    try {
      const error = await failureOf(ask({ serviceUrl: impostor.url }));
      expect(error.failure).toBe('SERVER_CERTIFICATE_UNTRUSTED');
      expect(error.mayHaveArrived).toBe(false);
      expect(impostor.requests).toHaveLength(0);
    } finally {
      await impostor.close();
    }
  });

  it('reports a SOAP Fault as a bad answer and keeps the answer', async () => {
    double.reply('NFeStatusServico4', { fault: 'Erro interno do servidor' });
    try {
      const error = await failureOf(ask());
      expect(error).toBeInstanceOf(SefazCallError);
      expect(error.failure).toBe('BAD_ANSWER');
      expect(error.message).toContain('Erro interno do servidor');
      expect(error.exchange.responseXml).toContain('soap:Fault');
    } finally {
      double.reply('NFeStatusServico4', { cStat: '107' });
    }
  });

  it('calls the authoriser published for the UF when NFE_SEFAZ_URL is unset', () => {
    expect(
      sefazEndpoint({ uf: 'SP', environment: 'HOMOLOGATION', service: 'NFeStatusServico4' }).url,
    ).toMatch(/^https:\/\/homologacao\.nfe\.fazenda\.sp\.gov\.br\//);
  });
});
