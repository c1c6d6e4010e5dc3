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
 * Which SVC takes a UF's NF-e when its own authoriser is down (Ajuste SINIEF 15/2012 and the
 * SVC technical note; the same split as sped-nfe's Contingency): the eight UFs with their own or
 * SVAN's authoriser use SVC-RS, every other UF SVC-AN.
 */
const SVC_RS_UFS: readonly Uf[] = ['AM', 'BA', 'GO', 'MA', 'MS', 'MT', 'PE', 'PR'];

export function contingencyAuthoriser(uf: Uf): ContingencyAuthoriser {
  return SVC_RS_UFS.includes(uf) ? 'SVCRS' : 'SVCAN';
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
  mode?: 'NORMAL' | ContingencyAuthoriser;
  /**
   * NFE_SEFAZ_URL: every service at `<url>/<ServiceName>` instead (tests, a private proxy).
   * The authoriser is still the one the UF and mode choose, for what the screens say.
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
  const url = choice.serviceUrl
    ? `${choice.serviceUrl.replace(/\/+$/, '')}/${choice.service}`
    : published.url;
  return { authoriser, service: choice.service, url, method: published.method };
}
