import { states, type Uf } from '../../../../shared/br/states.js';
import type { NfeEnvironment } from '../../../../shared/resources/company.js';
import { signEnveloped } from '../xml-signature.js';
import { text } from '../xml-text.js';
import { sefazEndpoint } from './authoriser.js';
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
/** modelo 55: the NF-e (65 would be the NFC-e). */
const MODEL = '55';

/** cStat 102: "Inutilização de número homologado". */
export const VOIDED = '102';
/**
 * cStat 563: "Já existe pedido de Inutilização com a mesma faixa de inutilização": this very range
 * was voided before (a repeated request whose first answer never came back). It is voided, so it
 * is recorded as such; 256 and 206 (a number of the range voided by another range) are not.
 */
export const ALREADY_VOIDED_SAME_RANGE = '563';

/** What the issuer asks to void: one range of one series, in one year. */
export interface VoidRange {
  uf: Uf;
  environment: NfeEnvironment;
  /** The issuer's CNPJ, 14 characters (alphanumeric allowed). */
  cnpj: string;
  series: number;
  from: number;
  to: number;
  /** xJust, 15–255 characters. */
  reason: string;
  /** The year of the voiding (its last two digits go into ano and the Id). */
  year: number;
}

/**
 * infInut's Id (leiauteInutNFe_v4.00.xsd, `ID[0-9]{4}[0-9A-Z]{12}[0-9]{25}`): "ID" + cUF (2) +
 * AA (2) + CNPJ (14) + mod (2) + série (3) + nNFIni (9) + nNFFin (9), numbers zero-padded.
 */
export function voidRangeId(range: VoidRange): string {
  return (
    'ID' +
    states[range.uf].ibge +
    yearDigits(range.year) +
    range.cnpj +
    MODEL +
    String(range.series).padStart(3, '0') +
    String(range.from).padStart(9, '0') +
    String(range.to).padStart(9, '0')
  );
}

const yearDigits = (year: number) => String(year % 100).padStart(2, '0');

/** inutNFe 4.00 unsigned: infInut in the schema's order, no whitespace between tags. */
export function unsignedInutNFeXml(range: VoidRange): string {
  return (
    `<inutNFe xmlns="${NFE_NS}" versao="4.00">` +
    `<infInut Id="${voidRangeId(range)}">` +
    `<tpAmb>${tpAmbOf(range.environment)}</tpAmb>` +
    '<xServ>INUTILIZAR</xServ>' +
    `<cUF>${states[range.uf].ibge}</cUF>` +
    `<ano>${yearDigits(range.year)}</ano>` +
    `<CNPJ>${range.cnpj}</CNPJ>` +
    `<mod>${MODEL}</mod>` +
    `<serie>${range.series}</serie>` +
    `<nNFIni>${range.from}</nNFIni>` +
    `<nNFFin>${range.to}</nNFFin>` +
    `<xJust>${text(range.reason)}</xJust>` +
    '</infInut>' +
    '</inutNFe>'
  );
}

/** The request NFeInutilizacao4 takes: inutNFe with infInut signed by the company's A1. */
export function inutNFeXml(range: VoidRange, key: ClientCertificate): string {
  return signEnveloped(unsignedInutNFeXml(range), key, { root: 'inutNFe', element: 'infInut' });
}

/** What retInutNFe says. */
export interface VoidAnswer {
  statusCode: string;
  /** SEFAZ's own xMotivo. */
  reason: string;
  /** nProt, when SEFAZ registered the voiding. */
  protocol?: string;
  /** dhRecbto: when SEFAZ received (and, on 102, recorded) it. */
  receivedAt?: Date;
  answer: SefazAnswer;
}

/**
 * NFeInutilizacao4 once. A failure to get an answer throws SefazCallError (the caller decides; a
 * voiding is safe to repeat: the same range again is answered 563).
 */
export async function voidNumbersAtSefaz(
  settings: SefazSettings,
  certificate: ClientCertificate,
  range: VoidRange,
): Promise<VoidAnswer> {
  const endpoint = sefazEndpoint({
    uf: range.uf,
    environment: range.environment,
    service: 'NFeInutilizacao4',
    serviceUrl: settings.serviceUrl,
  });
  const answer = await callSefaz(settings, certificate, endpoint, inutNFeXml(range, certificate));
  const info = answer.result.getElementsByTagNameNS(NFE_NS, 'infInut')[0];
  const statusCode = info ? childText(info, 'cStat') : undefined;
  if (answer.result.localName !== 'retInutNFe' || !info || !statusCode) {
    throw new SefazCallError('BAD_ANSWER', 'no retInutNFe/infInut/cStat', true, answer);
  }
  const received = childText(info, 'dhRecbto');
  const receivedAt = received ? new Date(received) : undefined;
  return {
    statusCode,
    reason: childText(info, 'xMotivo') ?? '',
    protocol: childText(info, 'nProt'),
    receivedAt: receivedAt && !Number.isNaN(receivedAt.getTime()) ? receivedAt : undefined,
    answer,
  };
}
