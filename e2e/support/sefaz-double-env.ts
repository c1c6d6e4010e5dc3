import fs from 'node:fs';
import path from 'node:path';
import {
  startSefazDouble,
  type SefazDouble,
  type SefazDoubleOptions,
} from '../../src/server/modules/nfe/testing/sefaz-double.js';

/**
 * A SEFAZ double and the settings that point a server at it as an operator would: NFE_SEFAZ_URL,
 * and NFE_CA_FILE (the double's server CA, written into `dir`). The browser tests' servers and the
 * benchmarks that issue NF-e start one; the company's A1 must be issued by `double.clientCa`.
 */
export async function startSefazDoubleFor(
  dir: string,
  options: SefazDoubleOptions = {},
): Promise<{ double: SefazDouble; env: Record<string, string> }> {
  const double = await startSefazDouble(options);
  const caFile = path.join(dir, 'sefaz-ca.pem');
  fs.writeFileSync(caFile, double.serverCa.certificatePem);
  return {
    double,
    env: { NFE_SEFAZ_URL: double.url, NFE_CA_FILE: caFile, NFE_TIMEOUT_S: '10' },
  };
}
