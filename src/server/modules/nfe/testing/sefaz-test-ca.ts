import { makeTestCa, type TestCertificate } from './test-certificate.js';

let clientCa: TestCertificate | undefined;

/**
 * The test CA whose certificates the SEFAZ double started by the test app accepts: the
 * company's A1 of the invoices' fixtures is issued by it. One per test process (making a CA is
 * the slow part), made on first use.
 */
export function testClientCa(): TestCertificate {
  return (clientCa ??= makeTestCa('AC TESTE CLIENTES'));
}
