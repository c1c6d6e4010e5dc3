import type { NfeDocument, NfeItem } from '../nfe-document.js';

/**
 * Two invoices as the invoice service will hand them to the builder: a Simples Nacional (CRT 1)
 * sale within São Paulo and a normal-regime (CRT 3) interstate sale with IBS/CBS at the 2026 test
 * rates. Values are consistent to the cent (vProd = quantity × price, taxes on the item's base).
 */
const emitterAddress = {
  street: 'Rua das Indústrias',
  number: '120',
  complement: 'Galpão 2',
  district: 'Distrito Industrial',
  cityCode: '3509502',
  cityName: 'Campinas',
  uf: 'SP' as const,
  zipCode: '13054-750',
  phone: '(19) 3456-7890',
};

const base: Omit<NfeDocument, 'emitter' | 'recipient' | 'items' | 'payment'> = {
  environment: 'HOMOLOGATION',
  emissionType: 1,
  series: 1,
  number: 1532,
  randomCode: '40917263',
  issuedAt: new Date('2026-11-26T12:30:00Z'),
  operationName: 'Venda de produção do estabelecimento',
  direction: 'OUT',
  purpose: 'NORMAL',
  finalConsumer: false,
  presence: 9,
  referencedKeys: [],
  softwareVersion: 'Fabril 0.1.0',
  freightMode: 0,
  additionalInfo: 'Pedido 4471 – entrega em horário comercial.\nObrigado pela preferência!',
};

const crt1Item = (n: number, overrides: Partial<NfeItem>): NfeItem => ({
  code: `PRD-${n}`,
  description: `Produto de teste ${n}`,
  ncm: '73181500',
  cfop: '5101',
  unit: 'UN',
  quantity: '1',
  unitPrice: '1',
  grossTotal: '1.00',
  discount: '0',
  freight: '0',
  icms: { group: 'ICMSSN102', origin: 0, csosn: '102' },
  pis: { cst: '49', base: '0', rate: '0', value: '0' },
  cofins: { cst: '49', base: '0', rate: '0', value: '0' },
  ...overrides,
});

export const crt1Sale: NfeDocument = {
  ...base,
  emitter: {
    document: '12ABC34501DE35',
    name: 'Metalúrgica Fabril Ltda',
    tradeName: 'Fabril',
    address: emitterAddress,
    stateRegistration: '244.123.456.110',
    taxRegime: 1,
  },
  recipient: {
    document: '11222333000181',
    name: 'Comércio de Ferragens Silva & Filhos Ltda',
    address: {
      street: 'Av. Brasil',
      number: '1500',
      district: 'Centro',
      cityCode: '3550308',
      cityName: 'São Paulo',
      uf: 'SP',
      zipCode: '01430-001',
    },
    stateTaxpayer: 1,
    stateRegistration: '110.042.490.114',
    email: 'compras@silva.com.br',
  },
  items: [
    crt1Item(1, {
      description: 'Parafuso sextavado M8 x 40 – zincado',
      cest: '1000600',
      quantity: '250',
      unitPrice: '0.8425',
      grossTotal: '210.63',
      discount: '10.53',
      freight: '12.00',
      gtin: '7891234567895',
      icms: { group: 'ICMSSN101', origin: 0, creditRate: '1.8600', creditValue: '3.72' },
    }),
    crt1Item(2, {
      description: 'Porca sextavada M8',
      quantity: '250',
      unitPrice: '0.31',
      grossTotal: '77.50',
      discount: '3.87',
      freight: '4.42',
    }),
    crt1Item(3, {
      description: 'Arruela lisa 8 mm',
      unit: 'CX',
      quantity: '2.5',
      unitPrice: '18.90',
      grossTotal: '47.25',
      discount: '2.36',
      freight: '2.70',
      icms: { group: 'ICMSSN102', origin: 2, csosn: '102' },
    }),
  ],
  payment: {
    method: '15',
    installments: [
      { dueDate: '2026-12-26', amount: '168.87' },
      { dueDate: '2027-01-25', amount: '168.87' },
    ],
  },
};

const crt3Item = (n: number, quantity: string, price: string, gross: string): NfeItem => {
  const vBC = gross;
  // Test data only: rate % of the base, to the cent.
  const pct = (rate: number) => (Math.round(Number(vBC) * rate) / 100).toFixed(2);
  return {
    code: `IND-${n}`,
    description: `Componente usinado ${n}`,
    ncm: '84879000',
    cfop: '6101',
    unit: 'PC',
    quantity,
    unitPrice: price,
    grossTotal: gross,
    discount: '0',
    freight: '0',
    icms: { group: 'ICMS00', origin: 0, base: vBC, rate: '12.0000', value: pct(12) },
    pis: { cst: '01', base: vBC, rate: '0.6500', value: pct(0.65) },
    cofins: { cst: '01', base: vBC, rate: '3.0000', value: pct(3) },
    ibsCbs: {
      cst: '000',
      classCode: '000001',
      base: vBC,
      stateRate: '0.1000',
      stateValue: pct(0.1),
      cityRate: '0.0000',
      cityValue: '0.00',
      cbsRate: '0.9000',
      cbsValue: pct(0.9),
    },
  };
};

export const crt3Sale: NfeDocument = {
  ...base,
  number: 88,
  randomCode: '73100458',
  operationName: 'Venda de produção do estabelecimento',
  freightMode: 1,
  additionalInfo: undefined,
  emitter: {
    document: '11222333000181',
    name: 'Fabril Indústria de Componentes S.A.',
    address: emitterAddress,
    stateRegistration: '244123456110',
    taxRegime: 3,
  },
  recipient: {
    document: '45723174000110',
    name: 'Montadora Paranaense de Máquinas Ltda',
    address: {
      street: 'Rua XV de Novembro',
      number: 'S/N',
      district: 'Centro',
      cityCode: '4106902',
      cityName: 'Curitiba',
      uf: 'PR',
      zipCode: '80020-310',
    },
    stateTaxpayer: 1,
    stateRegistration: '90233207-06',
  },
  items: [
    crt3Item(1, '10', '125.50', '1255.00'),
    {
      ...crt3Item(2, '3', '89.99', '269.97'),
      ipi: { cst: '50', frameworkCode: '999', base: '269.97', rate: '5.0000', value: '13.50' },
    },
    crt3Item(3, '1.5', '1000', '1500.00'),
  ],
  carrier: {
    document: '22333444000181',
    name: 'Transportadora Rápida Ltda',
    stateRegistration: '123456789',
    address: 'Rod. Anhanguera, km 100',
    cityName: 'Campinas',
    uf: 'SP',
  },
  payment: { method: '01', installments: [] },
};
