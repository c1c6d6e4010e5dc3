import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rootCertificates } from 'node:tls';
import { projectRoot } from '../../../project-root.js';

/** The authorities shipped with the product for SEFAZ (ca/README.md says what belongs there). */
const shippedCaDir = path.join(projectRoot, 'src/server/modules/nfe/sefaz/ca');

let shipped: string[] | undefined;

function shippedAuthorities(): string[] {
  shipped ??= readdirSync(shippedCaDir)
    .filter((name) => name.endsWith('.pem'))
    .sort()
    .map((name) => readFileSync(path.join(shippedCaDir, name), 'utf8'));
  return shipped;
}

/**
 * What an authoriser's server certificate is verified against (never switched off): Node's
 * bundled public roots (authorisers whose certificates come from a public CA), the ICP-Brasil
 * chain shipped in ca/ (authorisers under ICP-Brasil), and NFE_CA_FILE's certificates (a private
 * proxy; the tests' SEFAZ double). Passing `ca` replaces Node's default list, hence the roots here.
 */
export function sefazAuthorities(extraCaPem: string | undefined): string[] {
  return [...rootCertificates, ...shippedAuthorities(), ...(extraCaPem ? [extraCaPem] : [])];
}
