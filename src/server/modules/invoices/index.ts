/**
 * What other modules use of the invoices (issue 18): so far the NF-e engine's A1 certificate
 * reader, with which the company module checks an uploaded certificate.
 */
export {
  CertificateReadError,
  readA1Certificate,
  type A1Certificate,
  type CertificateProblem,
} from './nfe/certificate.js';
