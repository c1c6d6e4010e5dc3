import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import type { Uf } from '../../../../shared/br/states.js';
import type { NfeEnvironment } from '../../../../shared/resources/company.js';
import { messages } from '../../../../shared/messages.js';
import { sefazEndpoint, type AuthoriserMode, type SefazService } from './authoriser.js';
import {
  callSefaz,
  SefazCallError,
  type ClientCertificate,
  type SefazExchange,
  type SefazSettings,
} from './sefaz-client.js';
import { statusMessage, tpAmbOf } from './service-status.js';
import { childText } from './soap.js';

/**
 * Sending one signed NF-e for authorisation and asking where one stands (issue 20): the request
 * documents (enviNFe, consReciNFe, consSitNFe 4.00), the reading of SEFAZ's answers into one
 * verdict, and the nfeProc. Plain functions of the engine: no database. The invoices module
 * records each exchange and moves the invoice by the verdict.
 */

const NFE_NS = 'http://www.portalfiscal.inf.br/nfe';

/** 100 authorised; 150 authorised out of time (the same for the issuer). */
const AUTHORISED = new Set(['100', '150']);
/** Use denied: the number is spent, the document unusable (NT 2013.005: 110, 301, 302, 303). */
export const DENIED_CODES = new Set(['110', '301', '302', '303']);
/** The batch was received and will be processed later (asynchronous answer). */
const BATCH_RECEIVED = '103';
/** The synchronous batch was processed: its protNFe is in the answer. */
const BATCH_PROCESSED = '104';
/** The batch is still being processed (NFeRetAutorizacao4): ask again. */
const BATCH_IN_PROCESS = '105';
/**
 * Duplicate NF-e (204; 539 with another key): SEFAZ already has this number. What it has is
 * learned by a query, never assumed: the invoice waits as PENDING.
 */
const DUPLICATE = new Set(['204', '539']);
/** consSitNFe: no NF-e with this key (it never arrived). */
export const NOT_FOUND = '217';

/** Who sends: the company's UF, environment and A1, and where (the UF's authoriser or an SVC). */
export interface NfeIssuer {
  uf: Uf;
  environment: NfeEnvironment;
  certificate: ClientCertificate;
  /** The authoriser of the NF-e: its key's tpEmis (authoriserModeOfKey); the UF's by default. */
  mode?: AuthoriserMode;
}

/** One call to SEFAZ as the invoice's events record it. */
export interface SefazCall {
  kind: 'AUTHORIZATION' | 'RECEIPT' | 'QUERY';
  service: SefazService;
  exchange: SefazExchange;
  /** SEFAZ's cStat of the NF-e (its protNFe's) or of the batch; null when no answer came. */
  statusCode: string | null;
  message: string;
  protocol: string | null;
}

/** What SEFAZ's answers say of the NF-e. */
export type NfeVerdict =
  | {
      outcome: 'AUTHORIZED' | 'DENIED';
      code: string;
      message: string;
      protocol: string;
      /** dhRecbto of the protocol. */
      receivedAt: Date;
      /** The protNFe as it came, with its namespace: the nfeProc is the NFe and this. */
      protocolXml: string;
    }
  /** Refused: nothing of it stands at SEFAZ; it may be corrected and sent again. */
  | { outcome: 'REJECTED'; code: string; message: string }
  /** Unknown: it may have arrived. Only a query settles it. */
  | { outcome: 'PENDING'; code: string | null; message: string }
  /** A query found no NF-e of this key: it never arrived, and may be sent. */
  | { outcome: 'NOT_FOUND'; code: string; message: string }
  /** The batch could not leave (no connection, our certificate refused): nothing arrived. */
  | { outcome: 'NOT_SENT'; code: null; message: string };

export interface NfeExchangeResult {
  verdict: NfeVerdict;
  calls: SefazCall[];
}

/** enviNFe 4.00: a synchronous batch (indSinc 1) of the one signed NFe. */
export function enviNfeXml(batchId: string, signedNfeXml: string): string {
  return (
    `<enviNFe xmlns="${NFE_NS}" versao="4.00">` +
    `<idLote>${batchId}</idLote><indSinc>1</indSinc>${withoutDeclaration(signedNfeXml)}` +
    '</enviNFe>'
  );
}

export function consReciNfeXml(environment: NfeEnvironment, receipt: string): string {
  return (
    `<consReciNFe xmlns="${NFE_NS}" versao="4.00">` +
    `<tpAmb>${tpAmbOf(environment)}</tpAmb><nRec>${receipt}</nRec></consReciNFe>`
  );
}

export function consSitNfeXml(environment: NfeEnvironment, accessKey: string): string {
  return (
    `<consSitNFe xmlns="${NFE_NS}" versao="4.00">` +
    `<tpAmb>${tpAmbOf(environment)}</tpAmb><xServ>CONSULTAR</xServ><chNFe>${accessKey}</chNFe>` +
    '</consSitNFe>'
  );
}

/** nfeProc 4.00: the signed NFe and its protNFe, what the recipient and the accountant keep. */
export function nfeProcXml(signedNfeXml: string, protocolXml: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<nfeProc xmlns="${NFE_NS}" versao="4.00">` +
    `${withoutDeclaration(signedNfeXml)}${withoutDeclaration(protocolXml)}</nfeProc>`
  );
}

const withoutDeclaration = (xml: string) => xml.replace(/^\s*<\?xml[^>]*\?>\s*/, '');

export interface TransmitOptions {
  /** How many times an asynchronous batch (103) is asked about, within NFE_TIMEOUT_S. */
  polls?: number;
  /** Pause between those asks. */
  pollDelayMs?: number;
  /** The batch's idLote (digits, at most 15). */
  batchId?: string;
}

/**
 * NFeAutorizacao4 with a batch of one, synchronous (104 with its protNFe); an asynchronous answer
 * (103 with nRec) is asked about with NFeRetAutorizacao4 a few times within NFE_TIMEOUT_S. No
 * answer, or one that may have come without reaching us (`mayHaveArrived`), is PENDING: never
 * sent again blindly. A failure before anything could leave (no connection, our certificate
 * refused during the handshake) is NOT_SENT: nothing arrived, and it can be sent again.
 */
export async function transmitNfe(
  settings: SefazSettings,
  issuer: NfeIssuer,
  signedNfeXml: string,
  options: TransmitOptions = {},
): Promise<NfeExchangeResult> {
  const calls: SefazCall[] = [];
  const deadline = Date.now() + settings.timeoutSeconds * 1000;
  const batchId = options.batchId ?? String(Date.now()).slice(-15);
  const sent = await call(settings, issuer, 'NFeAutorizacao4', 'AUTHORIZATION', calls, () =>
    enviNfeXml(batchId, signedNfeXml),
  );
  if ('failed' in sent) return { verdict: sent.failed, calls };
  const batch = sent.result;
  const code = childText(batch, 'cStat') ?? '';
  if (code === BATCH_PROCESSED) return { verdict: verdictOfProtocol(batch, calls), calls };
  if (code !== BATCH_RECEIVED) return { verdict: batchRefusal(code, batch), calls };

  const receipt = childText(firstChild(batch, 'infRec') ?? batch, 'nRec') ?? '';
  const polls = options.polls ?? 3;
  const delay = options.pollDelayMs ?? 1000;
  for (let poll = 0; poll < polls; poll += 1) {
    if (Date.now() + delay >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, delay));
    const remaining = {
      ...settings,
      timeoutSeconds: Math.max(1, Math.ceil((deadline - Date.now()) / 1000)),
    };
    const asked = await call(remaining, issuer, 'NFeRetAutorizacao4', 'RECEIPT', calls, () =>
      consReciNfeXml(issuer.environment, receipt),
    );
    // A poll that fails has sent nothing new: the batch's fate is still unknown.
    if ('failed' in asked) break;
    const answered = childText(asked.result, 'cStat') ?? '';
    if (answered === BATCH_IN_PROCESS) continue;
    if (answered === BATCH_PROCESSED)
      return { verdict: verdictOfProtocol(asked.result, calls), calls };
    return { verdict: batchRefusal(answered, asked.result), calls };
  }
  return { verdict: pending(messages.sefaz.stillProcessing), calls };
}

/**
 * NFeConsultaProtocolo4 by access key: 100 (or a denial) with its protNFe, 217 never arrived,
 * anything else leaves it as it was (PENDING) with SEFAZ's message.
 */
export async function queryNfe(
  settings: SefazSettings,
  issuer: NfeIssuer,
  accessKey: string,
): Promise<NfeExchangeResult> {
  const calls: SefazCall[] = [];
  const asked = await call(settings, issuer, 'NFeConsultaProtocolo4', 'QUERY', calls, () =>
    consSitNfeXml(issuer.environment, accessKey),
  );
  if ('failed' in asked) {
    return { verdict: { ...asked.failed, outcome: 'PENDING', code: null }, calls };
  }
  const code = childText(asked.result, 'cStat') ?? '';
  const message = statusMessage(code, childText(asked.result, 'xMotivo'));
  if (code === NOT_FOUND) return { verdict: { outcome: 'NOT_FOUND', code, message }, calls };
  if (firstChild(asked.result, 'protNFe')) {
    const verdict = verdictOfProtocol(asked.result, calls);
    if (verdict.outcome === 'AUTHORIZED' || verdict.outcome === 'DENIED') return { verdict, calls };
  }
  return { verdict: { outcome: 'PENDING', code, message }, calls };
}

type Called =
  { result: Element } | { failed: Extract<NfeVerdict, { outcome: 'PENDING' | 'NOT_SENT' }> };

/** One call, recorded in `calls` whatever happens. */
async function call(
  settings: SefazSettings,
  issuer: NfeIssuer,
  service: SefazService,
  kind: SefazCall['kind'],
  calls: SefazCall[],
  message: () => string,
): Promise<Called> {
  const endpoint = sefazEndpoint({ ...issuer, service, serviceUrl: settings.serviceUrl });
  try {
    const answer = await callSefaz(settings, issuer.certificate, endpoint, message());
    const result = answer.result;
    const code = childText(result, 'cStat') ?? null;
    const protocol = firstChild(result, 'protNFe');
    const infProt = protocol ? firstChild(protocol, 'infProt') : undefined;
    const ownCode = infProt ? (childText(infProt, 'cStat') ?? code) : code;
    const reason = infProt ? childText(infProt, 'xMotivo') : childText(result, 'xMotivo');
    calls.push({
      kind,
      service,
      exchange: answer,
      statusCode: ownCode,
      message: ownCode ? statusMessage(ownCode, reason) : messages.sefaz.failures.BAD_ANSWER,
      protocol: infProt ? (childText(infProt, 'nProt') ?? null) : null,
    });
    return { result };
  } catch (error) {
    if (!(error instanceof SefazCallError)) throw error;
    const failure = error.failure;
    const text =
      failure === 'TIMEOUT'
        ? messages.sefaz.failures.TIMEOUT(settings.timeoutSeconds)
        : messages.sefaz.failures[failure];
    calls.push({
      kind,
      service,
      exchange: error.exchange,
      statusCode: null,
      message: text,
      protocol: null,
    });
    return error.mayHaveArrived
      ? { failed: pending(text) }
      : { failed: { outcome: 'NOT_SENT', code: null, message: text } };
  }
}

const pending = (message: string): Extract<NfeVerdict, { outcome: 'PENDING' }> => ({
  outcome: 'PENDING',
  code: null,
  message,
});

/** A batch refused as a whole (schema, 656 too many requests, service down…), or a duplicate. */
function batchRefusal(code: string, batch: Element): NfeVerdict {
  const message = statusMessage(code, childText(batch, 'xMotivo'));
  if (DUPLICATE.has(code)) return { outcome: 'PENDING', code, message };
  return { outcome: 'REJECTED', code, message };
}

/** The verdict of the protNFe inside a processed batch or a query's answer. */
function verdictOfProtocol(result: Element, calls: SefazCall[]): NfeVerdict {
  const protocol = firstChild(result, 'protNFe');
  const infProt = protocol ? firstChild(protocol, 'infProt') : undefined;
  if (!protocol || !infProt) {
    return pending(messages.sefaz.failures.BAD_ANSWER);
  }
  const code = childText(infProt, 'cStat') ?? '';
  const message = statusMessage(code, childText(infProt, 'xMotivo'));
  if (DUPLICATE.has(code)) return { outcome: 'PENDING', code, message };
  if (!AUTHORISED.has(code) && !DENIED_CODES.has(code)) {
    return { outcome: 'REJECTED', code, message };
  }
  const number = childText(infProt, 'nProt');
  const receivedAt = new Date(childText(infProt, 'dhRecbto') ?? '');
  if (!number || Number.isNaN(receivedAt.getTime())) {
    // An authorisation we cannot read is no authorisation we can keep: ask again.
    calls.at(-1)!.message = messages.sefaz.failures.BAD_ANSWER;
    return pending(messages.sefaz.failures.BAD_ANSWER);
  }
  return {
    outcome: AUTHORISED.has(code) ? 'AUTHORIZED' : 'DENIED',
    code,
    message,
    protocol: number,
    receivedAt,
    protocolXml: standalone(protocol),
  };
}

/** The element serialized on its own, its namespace declared on it. */
function standalone(element: Element): string {
  const text = new XMLSerializer().serializeToString(element);
  const doc = new DOMParser().parseFromString(text, 'text/xml');
  const root = doc.documentElement!;
  if (!root.getAttribute('xmlns')) root.setAttribute('xmlns', NFE_NS);
  return new XMLSerializer().serializeToString(doc);
}

function firstChild(parent: Element, localName: string): Element | undefined {
  return Array.from(parent.childNodes as unknown as ArrayLike<Element>).find(
    (child) => child.nodeType === 1 && child.localName === localName,
  );
}
