import { states, type Uf } from '../../../../shared/br/states.js';
import { messages } from '../../../../shared/messages.js';
import type { NfeEnvironment } from '../../../../shared/resources/company.js';
import type { NfeStatus } from '../../../../shared/resources/nfe-status.js';
import { authoriserFor, sefazEndpoint, type EndpointChoice } from './authoriser.js';
import {
  callSefaz,
  SefazCallError,
  type ClientCertificate,
  type SefazExchange,
  type SefazFailure,
  type SefazSettings,
} from './sefaz-client.js';
import { STATUS_MESSAGES } from './sefaz-tables.generated.js';
import { childText } from './soap.js';

const NFE_NS = 'http://www.portalfiscal.inf.br/nfe';
/** cStat 107: "Serviço em Operação". */
export const IN_OPERATION = '107';

/** tpAmb: 1 produção, 2 homologação. */
export const tpAmbOf = (environment: NfeEnvironment) => (environment === 'PRODUCTION' ? '1' : '2');

/** consStatServ 4.00 (consStatServ_v4.00.xsd): the request of NFeStatusServico4. */
export function consStatServXml(uf: Uf, environment: NfeEnvironment): string {
  return (
    `<consStatServ xmlns="${NFE_NS}" versao="4.00">` +
    `<tpAmb>${tpAmbOf(environment)}</tpAmb>` +
    `<cUF>${states[uf].ibge}</cUF>` +
    '<xServ>STATUS</xServ>' +
    '</consStatServ>'
  );
}

/** What retConsStatServ says. */
export interface ServiceStatusAnswer {
  statusCode: string;
  /** SEFAZ's own xMotivo. */
  reason: string;
  /** tMed: the average processing time, in seconds. */
  averageSeconds?: number;
  /** xObs: a note, e.g. a foreseen return. */
  observation?: string;
}

/** SEFAZ's pt-BR message for a code (cstat.json), or its own wording when the table lacks it. */
export function statusMessage(code: string, reason?: string): string {
  return STATUS_MESSAGES[code] ?? reason ?? messages.sefaz.unknownStatus(code);
}

export interface ServiceStatusQuery extends Omit<EndpointChoice, 'service' | 'serviceUrl'> {
  certificate: ClientCertificate;
}

export type ServiceStatusOutcome =
  | { answered: true; answer: ServiceStatusAnswer; exchange: SefazExchange }
  | { answered: false; error: SefazCallError; exchange: SefazExchange };

/** NFeStatusServico4 once: the answer, or why none came (never thrown: it is a status). */
export async function queryServiceStatus(
  settings: SefazSettings,
  query: ServiceStatusQuery,
): Promise<ServiceStatusOutcome> {
  const endpoint = sefazEndpoint({
    ...query,
    service: 'NFeStatusServico4',
    serviceUrl: settings.serviceUrl,
  });
  try {
    const answer = await callSefaz(
      settings,
      query.certificate,
      endpoint,
      consStatServXml(query.uf, query.environment),
    );
    const code = childText(answer.result, 'cStat');
    if (answer.result.localName !== 'retConsStatServ' || !code) {
      throw new SefazCallError('BAD_ANSWER', `no retConsStatServ/cStat`, true, answer);
    }
    const tMed = Number(childText(answer.result, 'tMed'));
    return {
      answered: true,
      answer: {
        statusCode: code,
        reason: childText(answer.result, 'xMotivo') ?? '',
        averageSeconds: Number.isInteger(tMed) ? tMed : undefined,
        observation: childText(answer.result, 'xObs'),
      },
      exchange: answer,
    };
  } catch (error) {
    if (!(error instanceof SefazCallError)) throw error;
    return { answered: false, error, exchange: error.exchange };
  }
}

/** Why no answer came, in pt-BR. */
export function failureMessage(settings: SefazSettings, failure: SefazFailure): string {
  const failureMessages = messages.sefaz.failures;
  return failure === 'TIMEOUT'
    ? failureMessages.TIMEOUT(settings.timeoutSeconds)
    : failureMessages[failure];
}

/** The status as the API and the screen show it. */
export function statusView(
  settings: SefazSettings,
  query: ServiceStatusQuery,
  outcome: ServiceStatusOutcome,
  checkedAt: Date,
): NfeStatus {
  const common = {
    environment: query.environment,
    uf: query.uf,
    authoriser: authoriserFor(query.uf, query.mode),
    checkedAt: checkedAt.toISOString(),
  };
  if (!outcome.answered) {
    return {
      ...common,
      online: false,
      statusCode: null,
      message: failureMessage(settings, outcome.error.failure),
    };
  }
  const { answer } = outcome;
  return {
    ...common,
    online: answer.statusCode === IN_OPERATION,
    statusCode: answer.statusCode,
    message: statusMessage(answer.statusCode, answer.reason),
    ...(answer.averageSeconds === undefined ? {} : { averageSeconds: answer.averageSeconds }),
  };
}

/**
 * The last status per (UF, environment, mode), reused for `reuseMs`: SEFAZ answers 656
 * ("Consumo indevido") and blocks an issuer who asks too often. In memory, per server: it is a
 * courtesy to SEFAZ, not a record (nothing is posted from it); a restart simply asks again.
 * Failures are reused too, so a screen left open does not hammer an authoriser that is down; and
 * requests that arrive while SEFAZ is being asked wait for that one answer.
 */
export function createStatusCache(reuseMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { at: number; status: Promise<NfeStatus> }>();
  return {
    get(key: string, refresh: boolean, ask: () => Promise<NfeStatus>): Promise<NfeStatus> {
      const cached = entries.get(key);
      if (!refresh && cached && now() - cached.at < reuseMs) return cached.status;
      const status = ask();
      const entry = { at: now(), status };
      entries.set(key, entry);
      // Reused from when it was answered; a bug's rejection is not kept: the next one asks again.
      status.then(
        () => (entry.at = now()),
        () => entries.get(key) === entry && entries.delete(key),
      );
      return status;
    },
  };
}
