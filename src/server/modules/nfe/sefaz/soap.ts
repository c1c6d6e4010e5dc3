import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import type { SefazEndpoint } from './authoriser.js';

export const SOAP12_NS = 'http://www.w3.org/2003/05/soap-envelope';
const WSDL_NS_BASE = 'http://www.portalfiscal.inf.br/nfe/wsdl/';

/** The service's WSDL namespace, e.g. http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4. */
export function serviceNamespace(endpoint: Pick<SefazEndpoint, 'service'>): string {
  return WSDL_NS_BASE + endpoint.service;
}

/** SOAP 1.2 names the action in the content type, not in a SOAPAction header. */
export function soapContentType(endpoint: Pick<SefazEndpoint, 'service' | 'method'>): string {
  return `application/soap+xml; charset=utf-8; action="${serviceNamespace(endpoint)}/${endpoint.method}"`;
}

/**
 * The request as SEFAZ expects it: no SOAP header, the service's message inside `nfeDadosMsg` in
 * the service's namespace, no whitespace between tags (SEFAZ counts it against the schema, 225).
 * `messageXml` is the service's own document (consStatServ, enviNFe…) without an XML declaration.
 */
export function soapEnvelope(endpoint: Pick<SefazEndpoint, 'service'>, messageXml: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<soap12:Envelope xmlns:soap12="${SOAP12_NS}">` +
    '<soap12:Body>' +
    `<nfeDadosMsg xmlns="${serviceNamespace(endpoint)}">${messageXml}</nfeDadosMsg>` +
    '</soap12:Body>' +
    '</soap12:Envelope>'
  );
}

/** Why an answer is not a service's result. */
export class SoapAnswerError extends Error {
  constructor(
    readonly kind: 'NOT_XML' | 'FAULT' | 'NO_RESULT',
    detail: string,
  ) {
    super(detail);
    this.name = 'SoapAnswerError';
  }
}

const elementChildren = (node: Element): Element[] =>
  Array.from(node.childNodes as unknown as ArrayLike<Element>).filter(
    (child) => child.nodeType === 1,
  );

/**
 * The service's result document out of the answer's envelope: Body → nfeResultMsg (whatever its
 * prefix; authorisers differ) → its one element (retConsStatServ, retEnviNFe…), serialized as it
 * came so the next step can validate and keep it. A SOAP Fault is an error with its text.
 */
export function soapResult(answerXml: string): { xml: string; element: Element } {
  const problems: string[] = [];
  const doc = new DOMParser({
    errorHandler: (level: string, message: unknown) => {
      if (level !== 'warning') problems.push(String(message));
    },
  }).parseFromString(answerXml, 'text/xml');
  const root = doc?.documentElement;
  if (problems.length > 0 || !root) {
    throw new SoapAnswerError('NOT_XML', problems[0] ?? 'empty answer');
  }
  const body = elementChildren(root).find(
    (child) => child.localName === 'Body' && child.namespaceURI === SOAP12_NS,
  );
  const content = body ? elementChildren(body)[0] : undefined;
  if (!content) throw new SoapAnswerError('NO_RESULT', 'no SOAP 1.2 Body');
  if (content.localName === 'Fault') {
    throw new SoapAnswerError('FAULT', (content.textContent ?? '').replace(/\s+/g, ' ').trim());
  }
  const result = content.localName === 'nfeResultMsg' ? elementChildren(content)[0] : undefined;
  if (!result) throw new SoapAnswerError('NO_RESULT', `unexpected ${content.localName}`);
  return { xml: new XMLSerializer().serializeToString(result), element: result };
}

/** The text of a direct child in the NF-e namespace (the result documents' fields), or undefined. */
export function childText(parent: Element, localName: string): string | undefined {
  const child = elementChildren(parent).find((candidate) => candidate.localName === localName);
  return child?.textContent?.trim() ?? undefined;
}
