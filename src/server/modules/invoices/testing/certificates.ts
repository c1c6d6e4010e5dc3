/** Test-time A1 certificates for other modules' tests (the company's certificate upload). */
export {
  makeLegacyRc2Pfx,
  makePfx,
  makeTestCertificate,
  type TestCertificateOptions,
} from '../nfe/testing/test-certificate.js';
