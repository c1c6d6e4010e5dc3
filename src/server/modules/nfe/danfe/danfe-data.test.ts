import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildNfeXml, HOMOLOGATION_RECIPIENT_NAME } from '../build-nfe-xml.js';
import { crt1Sale, crt3Sale } from '../testing/sample-documents.js';
import { DanfeXmlError, readDanfeData } from './danfe-data.js';

const sample = (name: string) =>
  readFileSync(new URL(`../testing/samples/${name}`, import.meta.url), 'utf8');

describe('reading the DANFE’s data from the NF-e XML', () => {
  it('reads a CRT 1 invoice: identification, parties, items, bills, totals and texts', () => {
    const built = buildNfeXml(crt1Sale);
    const data = readDanfeData(built.xml);
    expect(data.accessKey).toBe(built.accessKey);
    expect(data).toMatchObject({
      environment: 'HOMOLOGATION',
      direction: '1',
      operationName: 'Venda de produção do estabelecimento',
      number: 1532,
      series: 1,
      issuedAt: '2026-11-26T09:30:00-03:00',
      exitAt: '',
      protocol: null,
      ibsCbsTotals: null,
      fiscalInfo: '',
    });
    expect(data.emitter).toMatchObject({
      name: 'Metalúrgica Fabril Ltda',
      tradeName: 'Fabril',
      document: '12ABC34501DE35',
      stateRegistration: '244123456110',
      street: 'Rua das Indústrias',
      complement: 'Galpão 2',
      zipCode: '13054750',
      phone: '1934567890',
      uf: 'SP',
    });
    expect(data.recipient).toMatchObject({
      name: HOMOLOGATION_RECIPIENT_NAME,
      document: '11222333000181',
      stateRegistration: '110042490114',
      city: 'São Paulo',
    });
    expect(data.items.map((item) => item.cst)).toEqual(['0101', '0102', '2102']);
    expect(data.items[0]).toMatchObject({
      code: 'PRD-1',
      description: 'Parafuso sextavado M8 x 40 - zincado',
      ncm: '73181500',
      cfop: '5101',
      unit: 'UN',
      quantity: '250.0000',
      unitPrice: '0.8425',
      total: '210.63',
      icmsBase: '',
      ipiValue: '',
    });
    expect(data.installments).toEqual([
      { number: '001', dueDate: '2026-12-26', amount: '168.87' },
      { number: '002', dueDate: '2027-01-25', amount: '168.87' },
    ]);
    expect(data.bill).toEqual({
      number: '1532',
      original: '337.74',
      discount: '0.00',
      net: '337.74',
    });
    expect(data.totals).toMatchObject({ products: '335.38', discount: '16.76', invoice: '337.74' });
    expect(data.transport).toMatchObject({ mode: '0', carrierName: '', volumes: [] });
    expect(data.additionalInfo).toMatch(/^DOCUMENTO EMITIDO POR ME OU EPP/);
  });

  it('reads a CRT 3 invoice: ICMS00 and IPI per item, the IBS/CBS totals and the carrier', () => {
    const data = readDanfeData(buildNfeXml({ ...crt3Sale, environment: 'PRODUCTION' }).xml);
    expect(data.environment).toBe('PRODUCTION');
    expect(data.recipient.name).toBe('Montadora Paranaense de Máquinas Ltda');
    expect(data.items.map((item) => item.cst)).toEqual(['000', '000', '000']);
    expect(data.items[1]).toMatchObject({
      icmsBase: '269.97',
      icmsRate: '12.0000',
      icmsValue: '32.40',
      ipiValue: '13.50',
      ipiRate: '5.0000',
    });
    expect(data.ibsCbsTotals).toMatchObject({ base: '3024.97', invoiceTotal: '3038.47' });
    expect(data.ibsCbsTotals!.cbs).not.toBe('');
    expect(data.transport).toMatchObject({
      mode: '1',
      carrierName: 'Transportadora Rápida Ltda',
      carrierDocument: '22333444000181',
      carrierUf: 'SP',
    });
    expect(data.installments).toEqual([]);
    expect(data.bill).toBeNull();
  });

  it('reads an nfeProc with indented XML: the protocol, the exit date and trimmed values', () => {
    const data = readDanfeData(sample('nfeproc-crt1-layout4.xml'));
    expect(data.accessKey).toBe('43180906929383000163550010000000261000010301');
    expect(data.protocol).toEqual({
      number: '143180006932433',
      receivedAt: '2018-09-25T16:21:05-03:00',
      status: '100',
    });
    expect(data.exitAt).toBe('2018-09-25T15:14:00-03:00');
    expect(data.items[0]!.description).toBe('UM PRODUTO TESTE QUALQUER');
    expect(data.transport.mode).toBe('9');
  });

  it.each([['<nota/>'], ['isto não é XML'], ['<NFe><infNFe Id="NFe123"/></NFe>']])(
    'refuses what is not an NF-e: %s',
    (xml) => {
      expect(() => readDanfeData(xml)).toThrow(DanfeXmlError);
    },
  );
});
