import { describe, expect, it } from 'vitest';
import { ufs } from '../../../../shared/br/states.js';
import { composeAccessKey } from '../../../../shared/nfe/access-key.js';
import { SEFAZ_SERVICES } from './sefaz-tables.generated.js';
import {
  authoriserFor,
  authoriserModeOfKey,
  contingencyAuthoriser,
  EMISSION_TYPE_OF,
  sefazEndpoint,
} from './authoriser.js';

describe('the authoriser and URL of a service', () => {
  it('sends São Paulo to its own authoriser, per environment', () => {
    expect(
      sefazEndpoint({ uf: 'SP', environment: 'HOMOLOGATION', service: 'NFeStatusServico4' }),
    ).toEqual({
      authoriser: 'SP',
      service: 'NFeStatusServico4',
      url: 'https://homologacao.nfe.fazenda.sp.gov.br/ws/nfestatusservico4.asmx',
      method: 'nfeStatusServicoNF',
    });
    expect(
      sefazEndpoint({ uf: 'SP', environment: 'PRODUCTION', service: 'NFeAutorizacao4' }).url,
    ).toBe('https://nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx');
  });

  it('sends a UF without its own authoriser to SVRS', () => {
    const endpoint = sefazEndpoint({
      uf: 'SC',
      environment: 'PRODUCTION',
      service: 'NFeRecepcaoEvento4',
    });
    expect(endpoint.authoriser).toBe('SVRS');
    expect(endpoint.url).toBe('https://nfe.svrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx');
    expect(endpoint.method).toBe('nfeRecepcaoEvento');
    expect(authoriserFor('RJ')).toBe('SVRS');
    // Maranhão is served by SVAN, Bahia by its own, per autorizadores.json.
    expect(authoriserFor('MA')).toBe('SVAN');
    expect(authoriserFor('BA')).toBe('BA');
  });

  it('chooses SVC-AN or SVC-RS per UF and gives their URLs', () => {
    expect(contingencyAuthoriser('SP')).toBe('SVCAN');
    expect(contingencyAuthoriser('SC')).toBe('SVCAN');
    expect(contingencyAuthoriser('PR')).toBe('SVCRS');
    expect(contingencyAuthoriser('BA')).toBe('SVCRS');
    expect(
      sefazEndpoint({
        uf: 'SP',
        environment: 'HOMOLOGATION',
        service: 'NFeStatusServico4',
        mode: contingencyAuthoriser('SP'),
      }),
    ).toMatchObject({
      authoriser: 'SVCAN',
      url: 'https://hom.sefazvirtual.fazenda.gov.br/NFeStatusServico4/NFeStatusServico4.asmx',
    });
    expect(
      sefazEndpoint({
        uf: 'PR',
        environment: 'PRODUCTION',
        service: 'NFeAutorizacao4',
        mode: 'SVCRS',
      }),
    ).toMatchObject({
      authoriser: 'SVCRS',
      url: 'https://nfe.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
    });
  });

  it('gives each of the 27 UFs the SVC of the official split', () => {
    const svcAn = 'AC AL AP CE DF ES MG PA PB PI RJ RN RO RR RS SC SE SP TO'.split(' ');
    const svcRs = 'AM BA GO MA MS MT PE PR'.split(' ');
    expect([...svcAn, ...svcRs].sort()).toEqual([...ufs].sort());
    for (const uf of svcAn) expect(contingencyAuthoriser(uf as never), uf).toBe('SVCAN');
    for (const uf of svcRs) expect(contingencyAuthoriser(uf as never), uf).toBe('SVCRS');
  });

  it('reads the authoriser of an NF-e from its key’s tpEmis, and the tpEmis of each mode', () => {
    const key = (emissionType: number) =>
      composeAccessKey({
        ufCode: '35',
        yearMonth: '2611',
        issuerDocument: '11222333000181',
        model: '55',
        series: 1,
        number: 1532,
        emissionType,
        randomCode: '40917263',
      });
    expect(authoriserModeOfKey(key(1))).toBe('NORMAL');
    expect(authoriserModeOfKey(key(6))).toBe('SVCAN');
    expect(authoriserModeOfKey(key(7))).toBe('SVCRS');
    expect(EMISSION_TYPE_OF).toEqual({ NORMAL: 1, SVCAN: 6, SVCRS: 7 });
  });

  it('sends a contingency service to <NFE_SEFAZ_URL>/<SVC>/<ServiceName>', () => {
    expect(
      sefazEndpoint({
        uf: 'SP',
        environment: 'HOMOLOGATION',
        service: 'NFeAutorizacao4',
        mode: 'SVCAN',
        serviceUrl: 'https://127.0.0.1:8443/',
      }),
    ).toMatchObject({ authoriser: 'SVCAN', url: 'https://127.0.0.1:8443/SVCAN/NFeAutorizacao4' });
    expect(
      sefazEndpoint({
        uf: 'PR',
        environment: 'HOMOLOGATION',
        service: 'NFeRecepcaoEvento4',
        mode: 'SVCRS',
        serviceUrl: 'https://127.0.0.1:8443',
      }).url,
    ).toBe('https://127.0.0.1:8443/SVCRS/NFeRecepcaoEvento4');
  });

  it('gives every UF every service in both environments and in contingency', () => {
    for (const uf of ufs) {
      for (const service of SEFAZ_SERVICES) {
        for (const environment of ['HOMOLOGATION', 'PRODUCTION'] as const) {
          for (const mode of ['NORMAL', contingencyAuthoriser(uf)] as const) {
            const { url } = sefazEndpoint({ uf, environment, service, mode });
            expect(url, `${uf} ${service} ${environment} ${mode}`).toMatch(/^https:\/\/\S+$/);
          }
        }
      }
    }
  });

  it('sends every service to <NFE_SEFAZ_URL>/<ServiceName> when it is set', () => {
    const endpoint = sefazEndpoint({
      uf: 'SP',
      environment: 'PRODUCTION',
      service: 'NFeConsultaProtocolo4',
      serviceUrl: 'https://127.0.0.1:8443/sefaz/',
    });
    expect(endpoint).toEqual({
      authoriser: 'SP',
      service: 'NFeConsultaProtocolo4',
      url: 'https://127.0.0.1:8443/sefaz/NFeConsultaProtocolo4',
      method: 'nfeConsultaNF',
    });
  });
});
