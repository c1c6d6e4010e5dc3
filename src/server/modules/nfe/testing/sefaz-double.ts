import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import type { SefazService } from '../sefaz/authoriser.js';
import { SOAP12_NS } from '../sefaz/soap.js';
import { validateAgainst } from '../validate-nfe.js';
import { verifyEnveloped, type SignedPart } from '../xml-signature.js';
import { makeServerCertificate, makeTestCa, type TestCertificate } from './test-certificate.js';

/**
 * A SEFAZ stand-in for the tests: HTTPS on 127.0.0.1 (a random port) with a server certificate of
 * its own test CA, mutual TLS (a client certificate issued by `clientCa` is required, anything
 * else fails the handshake), every request's message validated against its service's schema, and
 * answers from a script the test sets. Point the app at it with `serviceUrl: double.url` and
 * `extraCaPem: double.serverCa.certificatePem` (NFE_SEFAZ_URL, NFE_CA_FILE).
 */

const NFE_NS = 'http://www.portalfiscal.inf.br/nfe';
const WSDL_NS = 'http://www.portalfiscal.inf.br/nfe/wsdl/';

/**
 * The schema each request's message must satisfy. A service joins the double by adding its entry
 * point here and its answer builder to `answerBuilders` (enviNFe_v4.00.xsd, envEvento_v1.00.xsd
 * in the next slices), and the part it signs to `signedParts` when its request is signed.
 */
const requestSchemas: Partial<Record<SefazService, string>> = {
  NFeStatusServico4: 'consStatServ_v4.00.xsd',
  NFeInutilizacao4: 'inutNFe_v4.00.xsd',
};

/** The signed element of each signed request: its signature is checked against its own KeyInfo. */
const signedParts: Partial<Record<SefazService, SignedPart>> = {
  NFeInutilizacao4: { root: 'inutNFe', element: 'infInut' },
};

/** What the double answers a service. */
export type DoubleReply =
  /** A result document with this cStat (and xMotivo; SEFAZ's own wording when left out). */
  | { cStat: string; xMotivo?: string; tMed?: number }
  /** Accept the request and never answer (the client's time-out). */
  | { silence: true }
  /** A SOAP 1.2 Fault with HTTP 500. */
  | { fault: string };

export interface ReceivedRequest {
  service: string;
  /** The SOAP action named in the Content-Type. */
  action: string | undefined;
  /** The message inside nfeDadosMsg (consStatServ…), as received. */
  messageXml: string;
  /** Its schema's verdict: empty when valid. */
  schemaErrors: string[];
  /**
   * For a signed request: whether its signature verifies with the certificate in its KeyInfo
   * (SEFAZ answers 297, "Assinatura difere do calculado", when not). Undefined for the others.
   */
  signatureValid?: boolean;
  /** The CN of the client certificate the TLS handshake accepted. */
  clientCertificate: string | undefined;
}

export interface SefazDouble {
  /** https://127.0.0.1:<port>: NFE_SEFAZ_URL. */
  url: string;
  /** The CA of the double's server certificate: NFE_CA_FILE. */
  serverCa: TestCertificate;
  /** The CA whose client certificates the double accepts: issue the company's A1 with it. */
  clientCa: TestCertificate;
  /** Every request that reached the HTTP layer, in order. */
  requests: ReceivedRequest[];
  /**
   * Sets the standing reply of a service (107 "in operation" for the status, 102 "voided" for
   * NFeInutilizacao4 by default).
   */
  reply: (service: SefazService, reply: DoubleReply) => void;
  close: () => Promise<void>;
}

export interface SefazDoubleOptions {
  /** Whose client certificates it accepts; a new test CA by default. */
  clientCa?: TestCertificate;
  /** Who issues its server certificate; a new test CA by default. */
  serverCa?: TestCertificate;
}

export async function startSefazDouble(options: SefazDoubleOptions = {}): Promise<SefazDouble> {
  const clientCa = options.clientCa ?? makeTestCa('AC TESTE CLIENTES');
  const serverCa = options.serverCa ?? makeTestCa('AC TESTE SEFAZ');
  const serverCertificate = makeServerCertificate(serverCa);
  const replies = new Map<string, DoubleReply>([
    ['NFeStatusServico4', { cStat: '107' }],
    ['NFeInutilizacao4', { cStat: '102' }],
  ]);
  const requests: ReceivedRequest[] = [];

  const server = https.createServer(
    {
      key: serverCertificate.privateKeyPem,
      cert: serverCertificate.certificatePem,
      ca: [clientCa.certificatePem],
      requestCert: true,
      rejectUnauthorized: true,
    },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const service = decodeURIComponent((request.url ?? '').split('/').pop() ?? '');
        const received = receive(service, request.headers['content-type'], chunks);
        const peer = (request.socket as TLSSocket).getPeerCertificate();
        requests.push({ ...received, clientCertificate: peer?.subject?.CN as string | undefined });
        const reply = replies.get(service);
        if (!reply || 'silence' in reply) return; // The socket stays open until close().
        const status = 'fault' in reply ? 500 : 200;
        response.writeHead(status, { 'Content-Type': 'application/soap+xml; charset=utf-8' });
        response.end(answer(service, received, reply));
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `https://127.0.0.1:${port}`,
    serverCa,
    clientCa,
    requests,
    reply: (service, reply) => replies.set(service, reply),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function receive(
  service: string,
  contentType: string | undefined,
  chunks: Buffer[],
): Omit<ReceivedRequest, 'clientCertificate'> {
  const action = /action="([^"]*)"/.exec(contentType ?? '')?.[1];
  const doc = new DOMParser().parseFromString(Buffer.concat(chunks).toString('utf8'), 'text/xml');
  const envelope = doc.documentElement;
  const body = envelope ? elementChildren(envelope).find((e) => e.localName === 'Body') : undefined;
  const dadosMsg = body ? elementChildren(body)[0] : undefined;
  const message = dadosMsg ? elementChildren(dadosMsg)[0] : undefined;
  const messageXml = message ? new XMLSerializer().serializeToString(message) : '';
  const envelopeErrors = [
    ...(envelope?.namespaceURI === SOAP12_NS ? [] : ['not a SOAP 1.2 envelope']),
    ...(dadosMsg?.localName === 'nfeDadosMsg' && dadosMsg.namespaceURI === WSDL_NS + service
      ? []
      : [`no nfeDadosMsg in ${WSDL_NS + service}`]),
    ...(action?.startsWith(`${WSDL_NS}${service}/`)
      ? []
      : [`action ${action} is not ${service}'s`]),
  ];
  const schema = requestSchemas[service as SefazService];
  const schemaErrors = schema
    ? validateAgainst(schema, messageXml).errors
    : [`the double does not know ${service}`];
  const signedPart = signedParts[service as SefazService];
  return {
    service,
    action,
    messageXml,
    schemaErrors: [...envelopeErrors, ...schemaErrors],
    ...(signedPart ? { signatureValid: signatureVerifies(messageXml, signedPart) } : {}),
  };
}

/** The signature checked with the certificate the request carries (as SEFAZ does first). */
function signatureVerifies(messageXml: string, part: SignedPart): boolean {
  const base64 = /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(messageXml)?.[1];
  if (!base64) return false;
  const lines = base64.replace(/\s+/g, '').match(/.{1,64}/g) ?? [];
  const pem = `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
  return verifyEnveloped(messageXml, pem, part);
}

const elementChildren = (node: Element): Element[] =>
  Array.from(node.childNodes as unknown as ArrayLike<Element>).filter(
    (child) => child.nodeType === 1,
  );

/** The result document of each service, from the request and the reply. */
const answerBuilders: Partial<
  Record<
    SefazService,
    (
      request: Element | undefined,
      reply: { cStat: string; xMotivo: string; tMed?: number },
    ) => string
  >
> = {
  NFeStatusServico4: (request, reply) => {
    const field = (name: string) =>
      request ? elementChildren(request).find((e) => e.localName === name)?.textContent : undefined;
    return (
      `<retConsStatServ xmlns="${NFE_NS}" versao="4.00">` +
      `<tpAmb>${field('tpAmb') ?? '2'}</tpAmb>` +
      '<verAplic>SEFAZ-DOUBLE-1.0</verAplic>' +
      `<cStat>${reply.cStat}</cStat>` +
      `<xMotivo>${reply.xMotivo}</xMotivo>` +
      `<cUF>${field('cUF') ?? '35'}</cUF>` +
      `<dhRecbto>${sefazDateTime(new Date())}</dhRecbto>` +
      (reply.tMed === undefined ? '' : `<tMed>${reply.tMed}</tMed>`) +
      '</retConsStatServ>'
    );
  },
  NFeInutilizacao4: (request, reply) => {
    const info = request ? elementChildren(request)[0] : undefined;
    const field = (name: string) =>
      info ? elementChildren(info).find((e) => e.localName === name)?.textContent : undefined;
    const echo = (name: string) => (field(name) ? `<${name}>${field(name)}</${name}>` : '');
    const voided = reply.cStat === '102';
    return (
      `<retInutNFe xmlns="${NFE_NS}" versao="4.00">` +
      '<infInut>' +
      `<tpAmb>${field('tpAmb') ?? '2'}</tpAmb>` +
      '<verAplic>SEFAZ-DOUBLE-1.0</verAplic>' +
      `<cStat>${reply.cStat}</cStat>` +
      `<xMotivo>${reply.xMotivo}</xMotivo>` +
      `<cUF>${field('cUF') ?? '35'}</cUF>` +
      (voided ? ['ano', 'CNPJ', 'mod', 'serie', 'nNFIni', 'nNFFin'].map(echo).join('') : '') +
      `<dhRecbto>${sefazDateTime(new Date())}</dhRecbto>` +
      (voided ? `<nProt>${protocolNumber(field('cUF') ?? '35')}</nProt>` : '') +
      '</infInut>' +
      '</retInutNFe>'
    );
  },
};

let protocolSequence = 0;
/** nProt (TProt, 15 digits): 1 (SEFAZ) + cUF + the year's two digits + a sequence of 10. */
function protocolNumber(cUF: string): string {
  protocolSequence += 1;
  const year = String(new Date().getFullYear() % 100).padStart(2, '0');
  return `1${cUF}${year}${String(protocolSequence).padStart(10, '0')}`;
}

/** A plain-ASCII wording per code, as SEFAZ writes xMotivo. */
const defaultReasons: Record<string, string> = {
  '107': 'Servico em Operacao',
  '108': 'Servico Paralisado Momentaneamente (curto prazo)',
  '109': 'Servico Paralisado sem Previsao',
  '102': 'Inutilizacao de numero homologado',
  '215': 'Rejeicao: Falha no schema XML',
  '297': 'Rejeicao: Assinatura difere do calculado',
};

function answer(
  service: string,
  received: Omit<ReceivedRequest, 'clientCertificate'>,
  reply: Exclude<DoubleReply, { silence: true }>,
): string {
  const envelope = (body: string) =>
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP12_NS}"><soap:Body>${body}</soap:Body></soap:Envelope>`;
  if ('fault' in reply) {
    return envelope(
      `<soap:Fault><soap:Code><soap:Value>soap:Receiver</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="pt-BR">${reply.fault}</soap:Text></soap:Reason></soap:Fault>`,
    );
  }
  // What fails the schema is rejected as SEFAZ does: 215, whatever the script says.
  const cStat =
    received.schemaErrors.length > 0
      ? '215'
      : received.signatureValid === false
        ? '297'
        : reply.cStat;
  const xMotivo =
    cStat === reply.cStat && reply.xMotivo ? reply.xMotivo : (defaultReasons[cStat] ?? 'Rejeicao');
  const request = received.messageXml
    ? new DOMParser().parseFromString(received.messageXml, 'text/xml').documentElement
    : undefined;
  const build = answerBuilders[service as SefazService];
  const result = build ? build(request ?? undefined, { cStat, xMotivo, tMed: reply.tMed }) : '';
  return envelope(`<nfeResultMsg xmlns="${WSDL_NS}${service}">${result}</nfeResultMsg>`);
}

/** AAAA-MM-DDThh:mm:ss-03:00, SEFAZ's TDateTimeUTC in Brasília time. */
function sefazDateTime(instant: Date): string {
  const local = new Date(instant.getTime() - 3 * 3_600_000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}
