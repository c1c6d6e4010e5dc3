import type { NfeEnvironment } from '../../../../shared/resources/company.js';
import type { Uf } from '../../../../shared/br/states.js';
import {
  AUTHORISER_OF_UF,
  SERVICE_URLS,
  type Authoriser,
  type SefazService,
} from './sefaz-tables.generated.js';

export type { Authoriser, SefazService };

/** The two contingency authorisers of modelo 55 (SVC: tpEmis 6 and 7). */
export type ContingencyAuthoriser = 'SVCAN' | 'SVCRS';

/**
 * Which SVC takes a UF's NF-e when its own authoriser is down. Source: Ajuste SINIEF 15/2012 and
 * the SVC technical note (Manual de Contingência of the NF-e; the same split as sped-nfe's
 * Contingency): SVC-RS serves AM, BA, GO, MA, MS, MT, PE, PR; SVC-AN every other UF (AC, AL, AP,
 * CE, DF, ES, MG, PA, PB, PI, RJ, RN, RO, RR, RS, SC, SE, SP, TO). DOUBT (docs/decisions.md): the
 * shared reference files list the SVC authorisers' URLs but not this split, so it was not checked
 * against them; SEFAZ answers 713 when an NF-e reaches the wrong SVC.
 */
const SVC_RS_UFS: readonly Uf[] = ['AM', 'BA', 'GO', 'MA', 'MS', 'MT', 'PE', 'PR'];

export function contingencyAuthoriser(uf: Uf): ContingencyAuthoriser {
  return SVC_RS_UFS.includes(uf) ? 'SVCRS' : 'SVCAN';
}

/** Normal issue, or one of the contingency authorisers. */
export type AuthoriserMode = 'NORMAL' | ContingencyAuthoriser;

/** tpEmis of each mode: 1 normal, 6 SVC-AN, 7 SVC-RS. */
export const EMISSION_TYPE_OF: Record<AuthoriserMode, 1 | 6 | 7> = {
  NORMAL: 1,
  SVCAN: 6,
  SVCRS: 7,
};

/**
 * Where an NF-e's later calls go (query, events): the authoriser its key says, by tpEmis (6 SVC-AN,
 * 7 SVC-RS, else the UF's own), whatever mode the company is in now.
 */
export function authoriserModeOfKey(accessKey: string): AuthoriserMode {
  const tpEmis = accessKey.charAt(34);
  return tpEmis === '6' ? 'SVCAN' : tpEmis === '7' ? 'SVCRS' : 'NORMAL';
}

/** Where one service is called and how its SOAP action reads. */
export interface SefazEndpoint {
  authoriser: Authoriser;
  service: SefazService;
  url: string;
  /** The SOAP 1.2 action's method, e.g. nfeStatusServicoNF. */
  method: string;
}

export interface EndpointChoice {
  uf: Uf;
  environment: NfeEnvironment;
  service: SefazService;
  /** Normal issue (the UF's authoriser), or one of the contingency authorisers. */
  mode?: AuthoriserMode;
  /**
   * NFE_SEFAZ_URL: every service at `<url>/<ServiceName>` instead (tests, a private proxy), and
   * in contingency at `<url>/<SVCAN|SVCRS>/<ServiceName>`, so that whoever answers there knows
   * the NF-e is meant for the SVC. The authoriser is still the one the UF and mode choose.
   */
  serviceUrl?: string;
}

/** The authoriser a UF issues with, in normal issue or in contingency. */
export function authoriserFor(uf: Uf, mode: EndpointChoice['mode'] = 'NORMAL'): Authoriser {
  return mode === 'NORMAL' ? AUTHORISER_OF_UF[uf] : mode;
}

export function sefazEndpoint(choice: EndpointChoice): SefazEndpoint {
  const authoriser = authoriserFor(choice.uf, choice.mode);
  const services: Partial<Record<SefazService, { url: string; method: string }>> =
    SERVICE_URLS[authoriser][choice.environment];
  const published = services[choice.service];
  if (!published) {
    // The table is generated from the published one; every UF's authoriser has all six.
    throw new Error(`${authoriser} publishes no ${choice.service} (${choice.environment})`);
  }
  const contingency = authoriser === 'SVCAN' || authoriser === 'SVCRS' ? `${authoriser}/` : '';
  const url = choice.serviceUrl
    ? `${choice.serviceUrl.replace(/\/+$/, '')}/${contingency}${choice.service}`
    : published.url;
  return { authoriser, service: choice.service, url, method: published.method };
}
