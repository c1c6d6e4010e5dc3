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
 * point here and its answer builder to `answerBuilders` (envEvento also by event type:
 * eventSchemas), and the part it signs to `signedParts` when its request is signed.
 */
const requestSchemas: Partial<Record<SefazService, string>> = {
  NFeStatusServico4: 'consStatServ_v4.00.xsd',
  NFeAutorizacao4: 'enviNFe_v4.00.xsd',
  NFeRetAutorizacao4: 'consReciNFe_v4.00.xsd',
  NFeConsultaProtocolo4: 'consSitNFe_v4.00.xsd',
  NFeInutilizacao4: 'inutNFe_v4.00.xsd',
  NFeRecepcaoEvento4: 'envEvento_v1.00.xsd',
};

/** The schema of each event type's envEvento, detail included (checked beside the generic one). */
const eventSchemas: Record<string, string> = {
  '110111': 'envEventoCancNFe_v1.00.xsd',
  '110110': 'envCCe_v1.00.xsd',
};

/** The signed element of each signed request: its signature is checked against its own KeyInfo. */
const signedParts: Partial<Record<SefazService, SignedPart>> = {
  NFeInutilizacao4: { root: 'inutNFe', element: 'infInut' },
};

/**
 * What the double answers a service. For NFeAutorizacao4 the cStat is the NF-e's (its protNFe's,
 * inside a 104 batch): 100 authorises, 110/301/302 deny, another code rejects; 103 answers the
 * batch asynchronously (NFeRetAutorizacao4 then gives `later`, 100 by default). NFeConsultaProtocolo4
 * answers from what the double authorised (217 for an unknown key) unless a reply is set.
 */
export type DoubleReply =
  /** A result document with this cStat (and xMotivo; SEFAZ's own wording when left out). */
  | { cStat: string; xMotivo?: string; tMed?: number; later?: string }
  /**
   * Accept the request and never answer (the client's time-out). A batch received in silence is
   * still processed (`processAs`, 100 by default): the answer is what gets lost.
   */
  | { silence: true; processAs?: string }
  /** A SOAP 1.2 Fault with HTTP 500. */
  | { fault: string };

export interface ReceivedRequest {
  service: string;
  /**
   * The path asked, e.g. /NFeAutorizacao4, or /SVCAN/NFeAutorizacao4 for a contingency
   * authoriser (NFE_SEFAZ_URL's layout: authoriser.ts).
   */
  path: string;
  /** The contingency authoriser the path names (SVCAN, SVCRS), or undefined: the UF's own. */
  authoriser: 'SVCAN' | 'SVCRS' | undefined;
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
   * NFeInutilizacao4, 135 "registered" for each event of NFeRecepcaoEvento4 by default).
   */
  reply: (service: SefazService, reply: DoubleReply) => void;
  /** Back to the defaults: status 107, batches authorised, queries from what was authorised. */
  reset: () => void;
  /** The protNFe of each NF-e it authorised or denied, by access key. */
  processed: Map<string, { cStat: string; protocolXml: string }>;
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
  const defaults: [string, DoubleReply][] = [
    ['NFeStatusServico4', { cStat: '107' }],
    ['NFeAutorizacao4', { cStat: '100' }],
    ['NFeRetAutorizacao4', { cStat: '104' }],
    ['NFeInutilizacao4', { cStat: '102' }],
    ['NFeRecepcaoEvento4', { cStat: '135' }],
  ];
  const replies = new Map<string, DoubleReply>(defaults);
  const requests: ReceivedRequest[] = [];
  const authoriser = createAuthoriser();

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
        const path = decodeURIComponent(request.url ?? '');
        const segments = path.split('/');
        const service = segments.pop() ?? '';
        const named = segments.pop();
        const svc = (['SVCAN', 'SVCRS'] as const).find((name) => name === named);
        const received = {
          ...receive(service, request.headers['content-type'], chunks),
          path,
          authoriser: svc,
        };
        const peer = (request.socket as TLSSocket).getPeerCertificate();
        requests.push({ ...received, clientCertificate: peer?.subject?.CN as string | undefined });
        const reply =
          replies.get(service) ??
          (service === 'NFeConsultaProtocolo4' ? { cStat: 'FROM_RECORDS' } : undefined);
        if (!reply) return;
        if ('silence' in reply) {
          // What arrived is processed all the same; the socket stays open until close().
          if (service === 'NFeAutorizacao4' && received.schemaErrors.length === 0) {
            authoriser.process(parse(received.messageXml), reply.processAs ?? '100');
          }
          return;
        }
        const status = 'fault' in reply ? 500 : 200;
        response.writeHead(status, { 'Content-Type': 'application/soap+xml; charset=utf-8' });
        response.end(answer(service, received, reply, authoriser));
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
    reset: () => {
      replies.clear();
      for (const [service, reply] of defaults) replies.set(service, reply);
    },
    processed: authoriser.processed,
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
): Omit<ReceivedRequest, 'clientCertificate' | 'path' | 'authoriser'> {
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
  if (service === 'NFeRecepcaoEvento4' && message) {
    return {
      service,
      action,
      messageXml,
      schemaErrors: [...envelopeErrors, ...schemaErrors, ...eventErrors(message, messageXml)],
      signatureValid: eventSignaturesVerify(message),
    };
  }
  const signedPart = signedParts[service as SefazService];
  return {
    service,
    action,
    messageXml,
    schemaErrors: [...envelopeErrors, ...schemaErrors],
    ...(signedPart ? { signatureValid: signatureVerifies(messageXml, signedPart) } : {}),
  };
}

/** The envEvento against its event type's own schema (the detail's fields), when it has one. */
function eventErrors(envEvento: Element, messageXml: string): string[] {
  const type = descendant(envEvento, 'tpEvento')?.textContent ?? '';
  const schema = eventSchemas[type];
  return schema ? validateAgainst(schema, messageXml).errors : [`unknown tpEvento ${type}`];
}

/** Each evento's signature, checked on the evento alone (its infEvento is what it signs). */
function eventSignaturesVerify(envEvento: Element): boolean {
  const events = elementChildren(envEvento).filter((e) => e.localName === 'evento');
  return (
    events.length > 0 &&
    events.every((event) =>
      signatureVerifies(new XMLSerializer().serializeToString(event), {
        root: 'evento',
        element: 'infEvento',
      }),
    )
  );
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

type ScriptedReply = { cStat: string; xMotivo: string; tMed?: number; later?: string };

/** The result document of each service, from the request, the reply and what it processed. */
const answerBuilders: Partial<
  Record<
    SefazService,
    (request: Element | undefined, reply: ScriptedReply, authoriser: Authoriser) => string
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
  NFeRecepcaoEvento4: (request, reply) => {
    const batch = `<idLote>${textOf(request, 'idLote') ?? '0'}</idLote>`;
    const head = (cStat: string, xMotivo: string) =>
      `<retEnvEvento xmlns="${NFE_NS}" versao="1.00">${batch}<tpAmb>${descendant(request, 'tpAmb')?.textContent ?? '2'}</tpAmb>` +
      `<verAplic>${VERSION}</verAplic><cOrgao>${descendant(request, 'cOrgao')?.textContent ?? '35'}</cOrgao>` +
      `<cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo>`;
    // A batch the schema or the signature refuses is answered as a whole, without a retEvento.
    if (reply.cStat === '215' || reply.cStat === '297') {
      return `${head(reply.cStat, reply.xMotivo)}</retEnvEvento>`;
    }
    const events = request ? elementChildren(request).filter((e) => e.localName === 'evento') : [];
    const answers = events.map((event) => {
      const field = (name: string) => descendant(event, name)?.textContent ?? '';
      const registered = reply.cStat === '135' || reply.cStat === '136' || reply.cStat === '155';
      return (
        `<retEvento versao="1.00"><infEvento><tpAmb>${field('tpAmb')}</tpAmb>` +
        `<verAplic>${VERSION}</verAplic><cOrgao>${field('cOrgao')}</cOrgao>` +
        `<cStat>${reply.cStat}</cStat><xMotivo>${reply.xMotivo}</xMotivo>` +
        `<chNFe>${field('chNFe')}</chNFe><tpEvento>${field('tpEvento')}</tpEvento>` +
        `<xEvento>${field('descEvento')}</xEvento><nSeqEvento>${field('nSeqEvento')}</nSeqEvento>` +
        `<dhRegEvento>${sefazDateTime(new Date())}</dhRegEvento>` +
        (registered ? `<nProt>${protocolNumber(field('cOrgao') || '35')}</nProt>` : '') +
        '</infEvento></retEvento>'
      );
    });
    return `${head('128', defaultReasons['128']!)}${answers.join('')}</retEnvEvento>`;
  },
  NFeAutorizacao4: (request, reply, authoriser) => {
    const head = (cStat: string, xMotivo: string) =>
      `<retEnviNFe xmlns="${NFE_NS}" versao="4.00"><tpAmb>${ideField(request, 'tpAmb') ?? '2'}</tpAmb>` +
      `<verAplic>${VERSION}</verAplic><cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo>` +
      `<cUF>${ideField(request, 'cUF') ?? '35'}</cUF><dhRecbto>${sefazDateTime(new Date())}</dhRecbto>`;
    // A batch the schema refuses is answered as a whole (215), without a protNFe.
    if (reply.cStat === '215') return `${head('215', reply.xMotivo)}</retEnviNFe>`;
    if (reply.cStat === '103') {
      const receipt = authoriser.receive(request!, reply.later ?? '100');
      return (
        `${head('103', 'Lote recebido com sucesso')}` +
        `<infRec><nRec>${receipt}</nRec><tMed>1</tMed></infRec></retEnviNFe>`
      );
    }
    const protocol = authoriser.process(request!, reply.cStat, reply.xMotivo);
    return `${head('104', 'Lote processado')}${protocol}</retEnviNFe>`;
  },
  NFeRetAutorizacao4: (request, reply, authoriser) => {
    const receipt = request ? textOf(request, 'nRec') : undefined;
    const head = (cStat: string, xMotivo: string) =>
      `<retConsReciNFe xmlns="${NFE_NS}" versao="4.00"><tpAmb>${textOf(request, 'tpAmb') ?? '2'}</tpAmb>` +
      `<verAplic>${VERSION}</verAplic><nRec>${receipt ?? '0'}</nRec><cStat>${cStat}</cStat>` +
      `<xMotivo>${xMotivo}</xMotivo><cUF>35</cUF><dhRecbto>${sefazDateTime(new Date())}</dhRecbto>`;
    if (reply.cStat !== '104') return `${head(reply.cStat, reply.xMotivo)}</retConsReciNFe>`;
    const protocol = receipt ? authoriser.settle(receipt) : undefined;
    if (!protocol) return `${head('106', 'Lote nao localizado')}</retConsReciNFe>`;
    return `${head('104', 'Lote processado')}${protocol}</retConsReciNFe>`;
  },
  NFeConsultaProtocolo4: (request, reply, authoriser) => {
    const key = textOf(request, 'chNFe') ?? '';
    const found = authoriser.processed.get(key);
    const scripted = reply.cStat !== 'FROM_RECORDS';
    const cStat = scripted ? reply.cStat : found ? found.cStat : '217';
    const xMotivo = scripted
      ? reply.xMotivo
      : found
        ? 'Autorizado o uso da NF-e'
        : defaultReasons['217']!;
    return (
      `<retConsSitNFe xmlns="${NFE_NS}" versao="4.00"><tpAmb>${textOf(request, 'tpAmb') ?? '2'}</tpAmb>` +
      `<verAplic>${VERSION}</verAplic><cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo>` +
      `<cUF>${key.slice(0, 2) || '35'}</cUF><dhRecbto>${sefazDateTime(new Date())}</dhRecbto>` +
      `<chNFe>${key}</chNFe>${!scripted && found ? found.protocolXml : ''}</retConsSitNFe>`
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

const VERSION = 'SEFAZ-DOUBLE-1.0';

/** Codes whose protNFe carries a protocol number (authorised or denied). */
const WITH_PROTOCOL = new Set(['100', '150', '110', '301', '302', '303']);

type Authoriser = ReturnType<typeof createAuthoriser>;

/**
 * The double's memory of NF-e: what it processed (protNFe by key, for queries) and the batches
 * received asynchronously (by receipt, until asked about).
 */
function createAuthoriser() {
  const processed = new Map<string, { cStat: string; protocolXml: string }>();
  const waiting = new Map<string, { request: Element; cStat: string }>();
  let counter = 0;
  const process = (request: Element, cStat: string, xMotivo?: string): string => {
    const infNFe = descendant(request, 'infNFe');
    const key = (infNFe?.getAttribute('Id') ?? '').replace(/^NFe/, '');
    const digest = descendant(request, 'DigestValue')?.textContent ?? '';
    counter += 1;
    const protocol = WITH_PROTOCOL.has(cStat)
      ? `1${key.slice(0, 2)}${String(new Date().getUTCFullYear()).slice(2)}${String(Date.now() % 1e6).padStart(6, '0')}${String(counter).padStart(4, '0')}`
      : null;
    const reason = xMotivo ?? defaultReasons[cStat] ?? 'Rejeicao';
    const protocolXml =
      `<protNFe xmlns="${NFE_NS}" versao="4.00"><infProt>` +
      `<tpAmb>${textOf(descendant(request, 'ide'), 'tpAmb') ?? '2'}</tpAmb><verAplic>${VERSION}</verAplic>` +
      `<chNFe>${key}</chNFe><dhRecbto>${sefazDateTime(new Date())}</dhRecbto>` +
      (protocol ? `<nProt>${protocol}</nProt>` : '') +
      (digest ? `<digVal>${digest}</digVal>` : '') +
      `<cStat>${cStat}</cStat><xMotivo>${reason}</xMotivo></infProt></protNFe>`;
    if (protocol) processed.set(key, { cStat, protocolXml });
    return protocolXml;
  };
  return {
    processed,
    process,
    receive: (request: Element, cStat: string) => {
      counter += 1;
      const receipt = `35${String(Date.now()).slice(-9)}${String(counter).padStart(4, '0')}`;
      waiting.set(receipt, { request, cStat });
      return receipt;
    },
    settle: (receipt: string) => {
      const batch = waiting.get(receipt);
      if (!batch) return undefined;
      waiting.delete(receipt);
      return process(batch.request, batch.cStat);
    },
  };
}

function descendant(node: Element | undefined, localName: string): Element | undefined {
  if (!node) return undefined;
  const found = (
    node as unknown as { getElementsByTagNameNS: Element['getElementsByTagNameNS'] }
  ).getElementsByTagNameNS('*', localName);
  return (found[0] as Element | undefined) ?? undefined;
}

const textOf = (node: Element | undefined, name: string) =>
  node
    ? (elementChildren(node).find((e) => e.localName === name)?.textContent ?? undefined)
    : undefined;

/** A field of the batch's NFe's ide (tpAmb, cUF), for the batch's answer. */
const ideField = (request: Element | undefined, name: string) =>
  textOf(descendant(request, 'ide'), name);

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml').documentElement!;

/** A plain-ASCII wording per code, as SEFAZ writes xMotivo. */
const defaultReasons: Record<string, string> = {
  '107': 'Servico em Operacao',
  '108': 'Servico Paralisado Momentaneamente (curto prazo)',
  '109': 'Servico Paralisado sem Previsao',
  '102': 'Inutilizacao de numero homologado',
  '215': 'Rejeicao: Falha no schema XML',
  '297': 'Rejeicao: Assinatura difere do calculado',
  '100': 'Autorizado o uso da NF-e',
  '110': 'Uso Denegado',
  '217': 'Rejeicao: NF-e nao consta na base de dados da SEFAZ',
  '301': 'Uso Denegado: Irregularidade fiscal do emitente',
  '302': 'Uso Denegado: Irregularidade fiscal do destinatario',
  '128': 'Lote de Evento Processado',
  '135': 'Evento registrado e vinculado a NF-e',
  '155': 'Cancelamento homologado fora de prazo',
  '501': 'Rejeicao: Pedido de Cancelamento intempestivo (NF-e autorizada a mais de 7 dias)',
  '573': 'Rejeicao: Duplicidade de Evento',
  '570': 'Rejeicao: Tipo de Emissao 3, 6 ou 7 so e valido nas contingencias SCAN/SVC',
  '713': 'Rejeicao: Tipo de Emissao diferente de 6 ou 7 para contingencia da SVC acessada',
};

function answer(
  service: string,
  received: Omit<ReceivedRequest, 'clientCertificate'>,
  reply: Exclude<DoubleReply, { silence: true }>,
  authoriser: Authoriser,
): string {
  const envelope = (body: string) =>
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP12_NS}"><soap:Body>${body}</soap:Body></soap:Envelope>`;
  if ('fault' in reply) {
    return envelope(
      `<soap:Fault><soap:Code><soap:Value>soap:Receiver</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="pt-BR">${reply.fault}</soap:Text></soap:Reason></soap:Fault>`,
    );
  }
  // What fails the schema is rejected as SEFAZ does: 215, whatever the script says; an NF-e whose
  // tpEmis does not match the authoriser it reached is rejected as SEFAZ does too (570, 713).
  const cStat =
    received.schemaErrors.length > 0
      ? '215'
      : received.signatureValid === false
        ? '297'
        : (emissionTypeMismatch(service, received) ?? reply.cStat);
  const xMotivo =
    cStat === reply.cStat && reply.xMotivo ? reply.xMotivo : (defaultReasons[cStat] ?? 'Rejeicao');
  const request = received.messageXml
    ? new DOMParser().parseFromString(received.messageXml, 'text/xml').documentElement
    : undefined;
  const build = answerBuilders[service as SefazService];
  const scripted = { cStat, xMotivo, tMed: reply.tMed, later: reply.later };
  const result = build ? build(request ?? undefined, scripted, authoriser) : '';
  return envelope(`<nfeResultMsg xmlns="${WSDL_NS}${service}">${result}</nfeResultMsg>`);
}

/**
 * NFeAutorizacao4 only: 713 when an SVC receives an NF-e whose tpEmis is not its own (6 SVC-AN,
 * 7 SVC-RS), 570 when the UF's authoriser receives one keyed for an SVC.
 */
function emissionTypeMismatch(
  service: string,
  received: Pick<ReceivedRequest, 'messageXml' | 'authoriser'>,
): string | undefined {
  if (service !== 'NFeAutorizacao4') return undefined;
  const tpEmis = /<tpEmis>(\d)<\/tpEmis>/.exec(received.messageXml)?.[1];
  if (received.authoriser === 'SVCAN') return tpEmis === '6' ? undefined : '713';
  if (received.authoriser === 'SVCRS') return tpEmis === '7' ? undefined : '713';
  return tpEmis === '6' || tpEmis === '7' ? '570' : undefined;
}

/** AAAA-MM-DDThh:mm:ss-03:00, SEFAZ's TDateTimeUTC in Brasília time. */
function sefazDateTime(instant: Date): string {
  const local = new Date(instant.getTime() - 3 * 3_600_000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}
