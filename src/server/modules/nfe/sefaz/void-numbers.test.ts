import { describe, expect, it } from 'vitest';
import { makeTestCertificate } from '../testing/test-certificate.js';
import { validateAgainst } from '../validate-nfe.js';
import { verifyEnveloped } from '../xml-signature.js';
import { soapEnvelope } from './soap.js';
import { inutNFeXml, unsignedInutNFeXml, voidRangeId, type VoidRange } from './void-numbers.js';

const range: VoidRange = {
  uf: 'SP',
  environment: 'HOMOLOGATION',
  cnpj: '11222333000181',
  series: 1,
  from: 5,
  to: 7,
  reason: 'Numeração pulada por falha do sistema – teste',
  year: 2026,
};

describe('inutNFe 4.00', () => {
  it('writes the Id as ID + cUF + AA + CNPJ + mod + série + nNFIni + nNFFin, zero-padded', () => {
    expect(voidRangeId(range)).toBe('ID35261122233300018155001000000005000000007');
    expect(
      voidRangeId({ ...range, uf: 'RS', series: 0, from: 1, to: 999_999_999, year: 2031 }),
    ).toBe('ID43311122233300018155000000000001999999999');
  });

  it('builds infInut in the schema order, without whitespace, the reason in the TString alphabet', () => {
    expect(unsignedInutNFeXml(range)).toBe(
      '<inutNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">' +
        '<infInut Id="ID35261122233300018155001000000005000000007">' +
        '<tpAmb>2</tpAmb><xServ>INUTILIZAR</xServ><cUF>35</cUF><ano>26</ano>' +
        '<CNPJ>11222333000181</CNPJ><mod>55</mod><serie>1</serie>' +
        '<nNFIni>5</nNFIni><nNFFin>7</nNFFin>' +
        '<xJust>Numeração pulada por falha do sistema - teste</xJust>' +
        '</infInut></inutNFe>',
    );
  });

  it('signs infInut with the A1 so that it is valid against inutNFe_v4.00.xsd and verifies', () => {
    const certificate = makeTestCertificate({ cnpj: range.cnpj });
    const signed = inutNFeXml({ ...range, environment: 'PRODUCTION' }, certificate);
    expect(signed).toContain('<tpAmb>1</tpAmb>');
    expect(signed).toMatch(
      /<\/infInut><Signature xmlns="http:\/\/www.w3.org\/2000\/09\/xmldsig#">.*<Reference URI="#ID35261122233300018155001000000005000000007">/,
    );
    expect(validateAgainst('inutNFe_v4.00.xsd', signed)).toEqual({ valid: true, errors: [] });
    const part = { root: 'inutNFe', element: 'infInut' };
    expect(verifyEnveloped(signed, certificate.certificatePem, part)).toBe(true);
    expect(
      verifyEnveloped(signed.replace('<nNFFin>7<', '<nNFFin>8<'), certificate.certificatePem, part),
    ).toBe(false);
    // The envelope carries it as it is, inside nfeDadosMsg of NFeInutilizacao4.
    expect(soapEnvelope({ service: 'NFeInutilizacao4' }, signed)).toContain(
      `<nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeInutilizacao4">${signed}</nfeDadosMsg>`,
    );
  });

  it('fails the schema for a reason shorter than 15 characters (SEFAZ would answer 215)', () => {
    const certificate = makeTestCertificate({ cnpj: range.cnpj });
    const signed = inutNFeXml({ ...range, reason: 'curta demais' }, certificate);
    expect(validateAgainst('inutNFe_v4.00.xsd', signed).valid).toBe(false);
  });
});
