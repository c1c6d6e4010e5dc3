import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { SefazEndpoint } from './authoriser.js';
import { soapContentType, soapEnvelope, soapResult, SoapAnswerError } from './soap.js';
import { sefazAuthorities } from './trust.js';

/** How the server reaches SEFAZ (README "Settings": NFE_SEFAZ_URL, NFE_CA_FILE, NFE_TIMEOUT_S). */
export interface SefazSettings {
  /** NFE_SEFAZ_URL: every service at `<url>/<ServiceName>` instead of the authoriser's. */
  serviceUrl?: string;
  /** NFE_CA_FILE's certificates (PEM), trusted besides the shipped ones. */
  extraCaPem?: string;
  /** NFE_TIMEOUT_S: how long one request may take, from connecting to the last byte. */
  timeoutSeconds: number;
}

export const DEFAULT_SEFAZ_SETTINGS: SefazSettings = { timeoutSeconds: 30 };

/** The company's A1: the TLS client certificate SEFAZ authenticates the issuer by. */
export interface ClientCertificate {
  privateKeyPem: string;
  certificatePem: string;
}

/** Why a call produced no result; the screens say each in pt-BR (messages.sefaz). */
export type SefazFailure =
  /** No answer within NFE_TIMEOUT_S. */
  | 'TIMEOUT'
  /** No connection (refused, reset, name not found, network down). */
  | 'UNREACHABLE'
  /** The authoriser refused our A1, or dropped the connection, during the TLS handshake. */
  | 'CLIENT_CERTIFICATE_REFUSED'
  /** The authoriser's certificate is not issued by an authority we trust, or not for its name. */
  | 'SERVER_CERTIFICATE_UNTRUSTED'
  /** An HTTP status other than 200, a SOAP Fault, or an answer that is no service result. */
  | 'BAD_ANSWER';

export class SefazCallError extends Error {
  constructor(
    readonly failure: SefazFailure,
    detail: string,
    /**
     * Whether the request may have reached the authoriser (the TLS handshake was completed, so
     * the body may have been sent). When true, the outcome is unknown: whoever sent a batch or
     * an event must ask for its result (NFeConsultaProtocolo4), never send it again blindly.
     */
    readonly mayHaveArrived: boolean,
    readonly exchange: SefazExchange,
  ) {
    super(`SEFAZ ${failure}: ${detail}`);
    this.name = 'SefazCallError';
  }
}

/** The raw request and answer, for the audit trail (audit.ts compresses them). */
export interface SefazExchange {
  url: string;
  requestXml: string;
  /** The answer's body as it came, or null when none came. */
  responseXml: string | null;
}

export interface SefazAnswer extends SefazExchange {
  responseXml: string;
  /** The service's result document (retConsStatServ, retEnviNFe…) as it came. */
  resultXml: string;
  result: Element;
}

/** Errors before the TLS handshake completed that a second attempt may overcome. */
const RETRYABLE_CONNECT_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);

/**
 * Calls one service: the SOAP 1.2 envelope around `messageXml`, over HTTPS with the company's A1
 * as the client certificate, the server's certificate always verified.
 *
 * Retry policy: one more attempt, only when the connection failed before the TLS handshake was
 * completed (refused, reset, DNS hiccup). Until then no byte of the request can have left this
 * machine (TLS sends application data only after the handshake), so repeating it cannot submit a
 * batch twice. Once the handshake is done the body may have arrived, and a failure from then on
 * (reset, time-out) is reported with `mayHaveArrived`, never retried: SEFAZ may have authorised
 * the NF-e, and only a query (NFeConsultaProtocolo4) can tell. A time-out is not retried either:
 * it has spent the time the user was promised.
 */
export async function callSefaz(
  settings: SefazSettings,
  certificate: ClientCertificate,
  endpoint: SefazEndpoint,
  messageXml: string,
): Promise<SefazAnswer> {
  const requestXml = soapEnvelope(endpoint, messageXml);
  const deadline = Date.now() + settings.timeoutSeconds * 1000;
  let attempt = 0;
  for (;;) {
    attempt += 1;
    const outcome = await post(settings, certificate, endpoint, requestXml, deadline);
    if (outcome.ok) return answerOf(endpoint, requestXml, outcome.status, outcome.body);
    const { error, handshakeDone } = outcome;
    const retry =
      attempt === 1 &&
      !handshakeDone &&
      RETRYABLE_CONNECT_ERRORS.has(error.code ?? '') &&
      Date.now() < deadline;
    if (!retry) {
      throw new SefazCallError(failureOf(error, outcome), error.message, handshakeDone, {
        url: endpoint.url,
        requestXml,
        responseXml: null,
      });
    }
  }
}

/** How far a connection got: TCP connected, TLS handshake completed. */
interface Progress {
  connected: boolean;
  handshakeDone: boolean;
}

type PostOutcome =
  | { ok: true; status: number; body: string }
  | ({ ok: false; error: NodeJS.ErrnoException } & Progress);

class TimeoutError extends Error {
  readonly code = 'SEFAZ_TIMEOUT';
}

function post(
  settings: SefazSettings,
  certificate: ClientCertificate,
  endpoint: SefazEndpoint,
  requestXml: string,
  deadline: number,
): Promise<PostOutcome> {
  return new Promise((resolve) => {
    const progress: Progress = { connected: false, handshakeDone: false };
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const body = Buffer.from(requestXml, 'utf8');
    const request = https.request(endpoint.url, {
      method: 'POST',
      key: certificate.privateKeyPem,
      cert: certificate.certificatePem,
      ca: sefazAuthorities(settings.extraCaPem),
      rejectUnauthorized: true,
      // TLS 1.2, which every authoriser speaks: in it the server judges our certificate inside
      // the handshake, so a refused A1 fails before the request is sent. In TLS 1.3 it is judged
      // after the client has finished and sent the body, and a refusal would look like a request
      // that may have arrived (an invoice left PENDING for nothing).
      maxVersion: 'TLSv1.2',
      // One connection per call: the status is asked about once a minute at most, and a pooled
      // connection would outlive a certificate replaced in the meantime.
      agent: false,
      headers: {
        'Content-Type': soapContentType(endpoint),
        'Content-Length': body.length,
      },
    });
    const timer = setTimeout(
      () => request.destroy(new TimeoutError(`no answer in ${settings.timeoutSeconds} s`)),
      Math.max(0, deadline - Date.now()),
    );
    request.on('socket', (socket) => {
      socket.once('connect', () => (progress.connected = true));
      (socket as TLSSocket).once('secureConnect', () => (progress.handshakeDone = true));
    });
    request.on('error', (error) => finish({ ok: false, error, ...progress }));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error) => finish({ ok: false, error, ...progress }));
      response.on('end', () =>
        finish({
          ok: true,
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.end(body);
  });
}

function answerOf(
  endpoint: SefazEndpoint,
  requestXml: string,
  status: number,
  responseXml: string,
): SefazAnswer {
  const exchange = { url: endpoint.url, requestXml, responseXml };
  // A SOAP 1.2 Fault comes with 500 (or 400): read it for its text before judging the status.
  try {
    const { xml, element } = soapResult(responseXml);
    if (status !== 200) {
      throw new SefazCallError('BAD_ANSWER', `HTTP ${status}`, true, exchange);
    }
    return { ...exchange, resultXml: xml, result: element };
  } catch (error) {
    if (!(error instanceof SoapAnswerError)) throw error;
    const detail = status === 200 ? error.message : `HTTP ${status}: ${error.message}`;
    throw new SefazCallError('BAD_ANSWER', detail, true, exchange);
  }
}

const CLIENT_REFUSED =
  /ALERT_(CERTIFICATE_REQUIRED|BAD_CERTIFICATE|HANDSHAKE_FAILURE|UNKNOWN_CA|CERTIFICATE_UNKNOWN|ACCESS_DENIED)/;
const SERVER_UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

function failureOf(error: NodeJS.ErrnoException, progress: Progress): SefazFailure {
  const code = error.code ?? '';
  if (error instanceof TimeoutError) return 'TIMEOUT';
  if (SERVER_UNTRUSTED.has(code)) return 'SERVER_CERTIFICATE_UNTRUSTED';
  if (CLIENT_REFUSED.test(code)) return 'CLIENT_CERTIFICATE_REFUSED';
  // Connected, then dropped within the handshake, which ends with the server judging our
  // certificate: servers that refuse it often just close (IIS, Node) instead of sending an alert.
  if (progress.connected && !progress.handshakeDone) return 'CLIENT_CERTIFICATE_REFUSED';
  return 'UNREACHABLE';
}
