/**
 * The NF-e engine (issue 18): plain functions, no database. An NF-e's data (nfe-document.ts) is
 * built into the layout 4.00 XML, signed with the company's A1 certificate and validated against
 * the shipped PL_010d schemas; the access key and cNF are drawn here. The invoices module issues
 * with it and the company module reads an uploaded certificate with it.
 *
 * sefaz/ (issue 20) talks to SEFAZ: the authoriser and URL of each service per UF and
 * environment, the SOAP 1.2 client over mutual TLS, NFeStatusServico4 and its route, the
 * authorisation of an NF-e (authorise-nfe.ts: enviNFe, consReciNFe, consSitNFe, the nfeProc) and
 * NFeInutilizacao4 (inutNFe, signed as the NF-e is: xml-signature.ts) and NFeRecepcaoEvento4
 * (nfe-event.ts: envEvento with the cancellation 110111 or the carta de correção 110110). The route
 * reads the company through a function app.ts gives it (the company module imports this one).
 */
export { drawRandomCode } from './access-key.js';
export { buildNfeXml, HOMOLOGATION_RECIPIENT_NAME, type BuiltNfe } from './build-nfe-xml.js';
export {
  CertificateReadError,
  readA1Certificate,
  type A1Certificate,
  type CertificateProblem,
} from './certificate.js';
export type {
  NfeAddress,
  NfeDocument,
  NfeIcms,
  NfeItem,
  NfePayment,
  NfeRecipient,
} from './nfe-document.js';
export { signNfe, verifyNfeSignature } from './sign-nfe.js';
export {
  validateAgainst,
  validateNfe,
  validateNfeProc,
  type SchemaValidation,
} from './validate-nfe.js';
export { DanfeXmlError, renderDanfe, type DanfeMarks } from './danfe/render-danfe.js';
export {
  nfeRoutes,
  sefazNotConfigured,
  type SefazIssuer,
  type SefazIssuerSource,
} from './nfe.routes.js';
export {
  authoriserFor,
  authoriserModeOfKey,
  contingencyAuthoriser,
  EMISSION_TYPE_OF,
  type AuthoriserMode,
  sefazEndpoint,
  type Authoriser,
  type ContingencyAuthoriser,
  type SefazEndpoint,
  type SefazService,
} from './sefaz/authoriser.js';
export { compressExchange, decompressXml, type CompressedExchange } from './sefaz/audit.js';
export {
  callSefaz,
  DEFAULT_SEFAZ_SETTINGS,
  SefazCallError,
  type ClientCertificate,
  type SefazAnswer,
  type SefazExchange,
  type SefazFailure,
  type SefazSettings,
} from './sefaz/sefaz-client.js';
export {
  failureMessage,
  IN_OPERATION,
  queryServiceStatus,
  statusMessage,
} from './sefaz/service-status.js';
export {
  nfeProcXml,
  queryNfe,
  transmitNfe,
  type NfeExchangeResult,
  type NfeIssuer,
  type NfeVerdict,
  type SefazCall,
  type TransmitOptions,
} from './sefaz/authorise-nfe.js';
export {
  ALREADY_VOIDED_SAME_RANGE,
  inutNFeXml,
  VOIDED,
  voidNumbersAtSefaz,
  type VoidAnswer,
  type VoidRange,
} from './sefaz/void-numbers.js';
export {
  CANCEL_EVENT,
  CANCELLED_OUT_OF_TIME,
  cancelDetail,
  CORRECTION_EVENT,
  CORRECTION_USE_CONDITION,
  correctionDetail,
  DUPLICATE_EVENT,
  envEventoXml,
  EVENT_BATCH_PROCESSED,
  EVENT_REGISTERED,
  eventId,
  eventProcSchemas,
  eventProcXml,
  sendNfeEvent,
  type EventAnswer,
  type EventProc,
  type NfeEvent,
} from './sefaz/nfe-event.js';
