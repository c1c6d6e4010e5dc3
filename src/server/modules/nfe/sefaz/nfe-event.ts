import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { states, type Uf } from '../../../../shared/br/states.js';
import type { NfeEnvironment } from '../../../../shared/resources/company.js';
import { localTime } from '../build-nfe-xml.js';
import { signEnveloped } from '../xml-signature.js';
import { text } from '../xml-text.js';
import { authoriserModeOfKey, sefazEndpoint } from './authoriser.js';
import {
  callSefaz,
  SefazCallError,
  type ClientCertificate,
  type SefazAnswer,
  type SefazSettings,
} from './sefaz-client.js';
import { tpAmbOf } from './service-status.js';
import { childText } from './soap.js';

const NFE_NS = 'http://www.portalfiscal.inf.br/nfe';

/** tpEvento of the NF-e events Fabril sends (NFeRecepcaoEvento4, envEvento 1.00). */
export const CANCEL_EVENT = '110111';
export const CORRECTION_EVENT = '110110';

/** cStat of a retEvento: 135 "Evento registrado e vinculado a NF-e". */
export const EVENT_REGISTERED = '135';
/** 155 "Cancelamento homologado fora de prazo": registered all the same (UFs that allow it). */
export const CANCELLED_OUT_OF_TIME = '155';
/** 573 "Duplicidade de Evento": this very event (key, type, sequence) was registered before. */
export const DUPLICATE_EVENT = '573';
/** 128 "Lote de Evento Processado": the batch's cStat when its events were judged one by one. */
export const EVENT_BATCH_PROCESSED = '128';

/** One event about one NF-e, as the issuer sends it. */
export interface NfeEvent {
  uf: Uf;
  environment: NfeEnvironment;
  /** The issuer's CNPJ (14 characters). */
  cnpj: string;
  accessKey: string;
  /** tpEvento: CANCEL_EVENT or CORRECTION_EVENT. */
  type: string;
  /** nSeqEvento, 1–20. */
  sequence: number;
  /** dhEvento. */
  at: Date;
  /** detEvento's children after descEvento, already built (nProt + xJust, xCorrecao + xCondUso). */
  detail: string;
}

const descriptions: Record<string, string> = {
  [CANCEL_EVENT]: 'Cancelamento',
  [CORRECTION_EVENT]: 'Carta de Correção',
};

/** infEvento's Id: "ID" + tpEvento + chNFe + nSeqEvento in two digits (52 digits after ID). */
export function eventId(event: Pick<NfeEvent, 'type' | 'accessKey' | 'sequence'>): string {
  return `ID${event.type}${event.accessKey}${String(event.sequence).padStart(2, '0')}`;
}

/** The cancellation's detail: the authorisation protocol and the reason (15–255 characters). */
export const cancelDetail = (protocol: string, reason: string) =>
  `<nProt>${protocol}</nProt><xJust>${text(reason)}</xJust>`;

/**
 * xCondUso of every carta de correção: the legal text, copied exactly from the enumeration of
 * leiauteCCe_v1.00.xsd (PL_010d; the schema allows it with accents or without, this is the first).
 */
export const CORRECTION_USE_CONDITION =
  'A Carta de Correção é disciplinada pelo § 1º-A do art. 7º do Convênio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularização de erro ocorrido na emissão de documento fiscal, desde que o erro não esteja relacionado com: I - as variáveis que determinam o valor do imposto tais como: base de cálculo, alíquota, diferença de preço, quantidade, valor da operação ou da prestação; II - a correção de dados cadastrais que implique mudança do remetente ou do destinatário; III - a data de emissão ou de saída.';

/** The carta de correção's detail: the correction (15–1000 characters) and the legal text. */
export const correctionDetail = (correction: string) =>
  `<xCorrecao>${text(correction)}</xCorrecao><xCondUso>${CORRECTION_USE_CONDITION}</xCondUso>`;

/** evento 1.00 unsigned, no whitespace between tags. */
export function unsignedEventXml(event: NfeEvent): string {
  const description = descriptions[event.type];
  if (!description) throw new Error(`NF-e event ${event.type} is not one Fabril sends`);
  return (
    `<evento xmlns="${NFE_NS}" versao="1.00">` +
    `<infEvento Id="${eventId(event)}">` +
    `<cOrgao>${states[event.uf].ibge}</cOrgao>` +
    `<tpAmb>${tpAmbOf(event.environment)}</tpAmb>` +
    `<CNPJ>${event.cnpj}</CNPJ>` +
    `<chNFe>${event.accessKey}</chNFe>` +
    `<dhEvento>${localTime(event.at, event.uf).dateTime}</dhEvento>` +
    `<tpEvento>${event.type}</tpEvento>` +
    `<nSeqEvento>${event.sequence}</nSeqEvento>` +
    '<verEvento>1.00</verEvento>' +
    `<detEvento versao="1.00"><descEvento>${description}</descEvento>${event.detail}</detEvento>` +
    '</infEvento>' +
    '</evento>'
  );
}

/**
 * The request NFeRecepcaoEvento4 takes: envEvento (a batch of one) around the evento whose
 * infEvento is signed by the company's A1. The evento is signed on its own (the signature's
 * reference is infEvento's Id, its place inside evento) and then put in the batch.
 */
export function envEventoXml(event: NfeEvent, key: ClientCertificate, batchId: string): string {
  const signed = signEnveloped(unsignedEventXml(event), key, {
    root: 'evento',
    element: 'infEvento',
  });
  return (
    `<envEvento xmlns="${NFE_NS}" versao="1.00"><idLote>${batchId}</idLote>` +
    `${signed.replace(/^<\?xml[^>]*\?>/, '')}</envEvento>`
  );
}

/** What retEnvEvento and its retEvento say. */
export interface EventAnswer {
  /** The event's cStat (retEvento), or the batch's when SEFAZ refused the batch as a whole. */
  statusCode: string;
  reason: string;
  /** nProt of the registered event. */
  protocol?: string;
  /** dhRegEvento. */
  registeredAt?: Date;
  answer: SefazAnswer;
}

/**
 * NFeRecepcaoEvento4 once, at the authoriser the NF-e's key names (the UF's, or the SVC it was
 * issued in; NFE_SEFAZ_URL in tests). A failure to get
 * an answer throws SefazCallError: an event is safe to send again (the same key, type and
 * sequence is answered 573, duplicity), so the caller may say "try again".
 */
export async function sendNfeEvent(
  settings: SefazSettings,
  certificate: ClientCertificate,
  event: NfeEvent,
): Promise<EventAnswer> {
  const endpoint = sefazEndpoint({
    uf: event.uf,
    environment: event.environment,
    service: 'NFeRecepcaoEvento4',
    // An NF-e authorised by an SVC has its events there too (its key's tpEmis says which).
    mode: authoriserModeOfKey(event.accessKey),
    serviceUrl: settings.serviceUrl,
  });
  // idLote: up to 15 digits, the issuer's own number; the time is unique enough for a batch of one.
  const batchId = String(event.at.getTime()).slice(-15);
  const answer = await callSefaz(
    settings,
    certificate,
    endpoint,
    envEventoXml(event, certificate, batchId),
  );
  const batchStatus = childText(answer.result, 'cStat');
  if (answer.result.localName !== 'retEnvEvento' || !batchStatus) {
    throw new SefazCallError('BAD_ANSWER', 'no retEnvEvento/cStat', true, answer);
  }
  const info = answer.result
    .getElementsByTagNameNS(NFE_NS, 'retEvento')[0]
    ?.getElementsByTagNameNS(NFE_NS, 'infEvento')[0];
  const statusCode = info ? childText(info, 'cStat') : undefined;
  if (!info || !statusCode) {
    // The batch refused as a whole (215 schema, 297 signature…): its own cStat says why.
    return { statusCode: batchStatus, reason: childText(answer.result, 'xMotivo') ?? '', answer };
  }
  const registered = childText(info, 'dhRegEvento');
  const registeredAt = registered ? new Date(registered) : undefined;
  return {
    statusCode,
    reason: childText(info, 'xMotivo') ?? '',
    protocol: childText(info, 'nProt'),
    registeredAt: registeredAt && !Number.isNaN(registeredAt.getTime()) ? registeredAt : undefined,
    answer,
  };
}

/** The proc schema of each event type Fabril sends (procEventoNFe: evento + retEvento). */
export const eventProcSchemas: Record<string, string> = {
  [CANCEL_EVENT]: 'procEventoCancNFe_v1.00.xsd',
  [CORRECTION_EVENT]: 'procCCeNFe_v1.00.xsd',
};

/** The registered event as the issuer keeps it: its Id (tpEvento + key + sequence) and XML. */
export interface EventProc {
  /** infEvento's Id without "ID": tpEvento (6) + chNFe (44) + nSeqEvento (2). */
  id: string;
  type: string;
  xml: string;
}

/**
 * procEventoNFe 1.00 from an event's exchange as it was kept: the signed evento byte for byte out
 * of the envEvento sent (its signature stays valid) and SEFAZ's retEvento out of the answer (put in
 * the NF-e namespace by the serializer). undefined when either is not there.
 */
export function eventProcXml(requestXml: string, responseXml: string): EventProc | undefined {
  const evento = /<evento[\s>][\s\S]*?<\/evento>/.exec(requestXml)?.[0];
  const id = evento && /<infEvento[^>]*\sId="ID(\d{6})([0-9A-Z]{44})(\d{2})"/.exec(evento);
  if (!evento || !id) return undefined;
  let retEvento: Element | undefined;
  try {
    retEvento = new DOMParser({ errorHandler: () => undefined })
      .parseFromString(responseXml, 'text/xml')
      .getElementsByTagNameNS(NFE_NS, 'retEvento')[0];
  } catch {
    return undefined;
  }
  if (!retEvento) return undefined;
  return {
    id: `${id[1]}${id[2]}${id[3]}`,
    type: id[1]!,
    xml:
      `<procEventoNFe xmlns="${NFE_NS}" versao="1.00">` +
      evento +
      new XMLSerializer().serializeToString(retEvento) +
      '</procEventoNFe>',
  };
}
