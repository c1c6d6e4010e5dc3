import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { companyUpdateSchema, type Company } from '../../../shared/resources/company.js';
import { toFormValues, toUpdateInput } from './company-form-values.js';

const company: Company = {
  legalName: 'Malharia Boa Vista Ltda.',
  tradeName: null,
  cnpj: null,
  stateRegistration: null,
  address: {
    zipCode: null,
    street: null,
    number: null,
    complement: null,
    district: null,
    city: null,
    state: null,
    cityCode: null,
  },
  phones: [null, null, null],
  email: null,
  openingHours: null,
  pixKey: null,
  stateCode: null,
  stockClosedThrough: null,
  productionTolerancePercent: '10.00',
  taxRegime: 1,
  nfeEnvironment: 'HOMOLOGATION',
  invoiceSeries: 1,
  certificate: null,
  version: 3,
  updatedAt: '2026-11-20T12:00:00.000Z',
};

const toleranceMessage = (typed: string) =>
  companyUpdateSchema
    .safeParse(toUpdateInput({ ...toFormValues(company), productionTolerancePercent: typed }, 3))
    .error?.issues.find((issue) => issue.path[0] === 'productionTolerancePercent')?.message;

describe('Tolerância de produção a maior on the company form', () => {
  it('shows the stored percentage the Brazilian way and saves what was typed as a decimal', () => {
    const values = toFormValues(company);
    expect(values.productionTolerancePercent).toBe('10,00');
    expect(companyUpdateSchema.parse(toUpdateInput(values, 3))).toMatchObject({
      productionTolerancePercent: '10.00',
      version: 3,
    });
    expect(
      companyUpdateSchema.parse(toUpdateInput({ ...values, productionTolerancePercent: '12,5' }, 3))
        .productionTolerancePercent,
    ).toBe('12.50');
  });

  it('asks for it when left empty and refuses what is no percentage', () => {
    expect(toleranceMessage('')).toBe(messages.required);
    expect(toleranceMessage('100,5')).toBe(messages.outOfRange);
    expect(toleranceMessage('-1')).toBe(messages.mustNotBeNegative);
    expect(toleranceMessage('dez')).toBe(messages.notANumber);
  });
});

describe('Fiscal settings on the company form', () => {
  it('keeps the regime, environment and series the company has when saving', () => {
    const fiscal = { ...company, taxRegime: 3, nfeEnvironment: 'PRODUCTION', invoiceSeries: 2 };
    const values = toFormValues(fiscal as Company);
    expect(values).toMatchObject({
      taxRegime: 3,
      nfeEnvironment: 'PRODUCTION',
      invoiceSeries: '2',
    });
    const saved = companyUpdateSchema.parse(toUpdateInput(values, 3));
    expect(saved).toMatchObject({ taxRegime: 3, nfeEnvironment: 'PRODUCTION', invoiceSeries: 2 });
  });
});
