import { describe, expect, it } from 'vitest';
import { makeTestCertificate } from '../testing/test-certificate.js';
import { validateAgainst } from '../validate-nfe.js';
import { verifyEnveloped } from '../xml-signature.js';
import {
  CANCEL_EVENT,
  cancelDetail,
  CORRECTION_EVENT,
  correctionDetail,
  envEventoXml,
  eventId,
  unsignedEventXml,
  type NfeEvent,
} from './nfe-event.js';

const KEY = '35261111222333000181550010000001151888815178';
const cancel: NfeEvent = {
  uf: 'SP',
  environment: 'HOMOLOGATION',
  cnpj: '11222333000181',
  accessKey: KEY,
  type: CANCEL_EVENT,
  sequence: 1,
  at: new Date('2026-11-26T14:30:00Z'),
  detail: cancelDetail('135260000000123', 'Cliente desistiu da compra – teste'),
};

describe('envEvento 1.00', () => {
  it('writes the Id as ID + tpEvento + chNFe + nSeqEvento in two digits', () => {
    expect(eventId(cancel)).toBe(`ID110111${KEY}01`);
    expect(eventId({ ...cancel, type: CORRECTION_EVENT, sequence: 12 })).toBe(`ID110110${KEY}12`);
  });

  it('builds infEvento in the schema order, in the UF legal time, the reason in the alphabet', () => {
    expect(unsignedEventXml(cancel)).toBe(
      '<evento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00">' +
        `<infEvento Id="ID110111${KEY}01"><cOrgao>35</cOrgao><tpAmb>2</tpAmb>` +
        `<CNPJ>11222333000181</CNPJ><chNFe>${KEY}</chNFe>` +
        '<dhEvento>2026-11-26T11:30:00-03:00</dhEvento><tpEvento>110111</tpEvento>' +
        '<nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento>' +
        '<detEvento versao="1.00"><descEvento>Cancelamento</descEvento>' +
        '<nProt>135260000000123</nProt><xJust>Cliente desistiu da compra - teste</xJust>' +
        '</detEvento></infEvento></evento>',
    );
  });

  it('signs the cancellation and the carta de correção so that each is valid against its schema and verifies', () => {
    const certificate = makeTestCertificate({ cnpj: cancel.cnpj });
    const correction = {
      ...cancel,
      type: CORRECTION_EVENT,
      sequence: 2,
      detail: correctionDetail('Onde se le Rua A, leia-se Rua B'),
    };
    for (const [event, schema] of [
      [cancel, 'envEventoCancNFe_v1.00.xsd'],
      [correction, 'envCCe_v1.00.xsd'],
    ] as const) {
      const xml = envEventoXml(event, certificate, '123');
      expect(validateAgainst(schema, xml)).toEqual({ valid: true, errors: [] });
      const evento = /<evento [\s\S]*<\/evento>/.exec(xml)![0];
      expect(
        verifyEnveloped(evento, certificate.certificatePem, {
          root: 'evento',
          element: 'infEvento',
        }),
      ).toBe(true);
      expect(
        verifyEnveloped(
          evento.replace('Rua B', 'Rua C').replace('teste', 'testo'),
          certificate.certificatePem,
          {
            root: 'evento',
            element: 'infEvento',
          },
        ),
      ).toBe(false);
    }
  });
});
