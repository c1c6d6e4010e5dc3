import { describe, expect, it } from 'vitest';
import type { InvoiceDetail } from '../../../shared/resources/invoices.js';
import {
  fiscalOperationRule,
  invoiceFormValues,
  invoicePreview,
  newInvoiceValues,
  toInvoiceInput,
  type InvoiceFormValues,
} from './invoice-form.js';
import { previousMonth } from './invoice-list.js';

const tax = (line: Partial<InvoiceDetail['items'][number]['icms']> = {}) => ({
  code: '00',
  base: '0.00',
  rate: '0.00',
  value: '0.00',
  ...line,
});

const detail = {
  id: 7,
  fiscalOperationId: 3,
  clientId: null,
  supplierId: 4,
  issueDate: '2026-03-10',
  series: 2,
  locationId: 1,
  freightMode: '0',
  freight: '12.5',
  discount: '0.00',
  paymentMethodId: null,
  categoryId: 9,
  installments: 2,
  firstDueInDays: 30,
  intervalDays: 15,
  additionalInfo: null,
  referencedKeys: ['35241012345678000190550010000001231999999993'],
  version: 4,
  items: [
    {
      id: 11,
      itemId: 5,
      description: 'Camiseta',
      quantity: '2.000',
      unitPrice: '49.90',
      icms: tax(),
      pis: tax(),
      cofins: tax(),
    },
  ],
} as unknown as InvoiceDetail;

describe('the invoice form', () => {
  it('shows a saved invoice as typed in pt-BR, the recipient by its kind', () => {
    const values = invoiceFormValues(detail);
    expect(values).toMatchObject({
      recipientKind: 'supplier',
      supplierId: 4,
      clientId: null,
      freight: '12,50',
      discount: '0,00',
      additionalInfo: '',
      referencedKeys: ['35241012345678000190550010000001231999999993'],
      items: [{ id: 11, itemId: 5, description: 'Camiseta', quantity: '2', unitPrice: '49,90' }],
    });
  });

  it('starts a new invoice today, to a client, without freight', () => {
    expect(newInvoiceValues({ today: '2026-04-01', locationId: 2 })).toMatchObject({
      issueDate: '2026-04-01',
      recipientKind: 'client',
      locationId: 2,
      freightMode: '9',
      series: null,
      installments: 1,
      items: [{}],
    });
  });

  it('sends only the chosen recipient, decimals as the API takes them', () => {
    const values: InvoiceFormValues = {
      ...newInvoiceValues({ today: '2026-04-01' }),
      fiscalOperationId: 3,
      recipientKind: 'client',
      clientId: 8,
      supplierId: 4,
      freight: '1.234,5',
      discount: '',
      items: [{ itemId: 5, description: '', quantity: '1,5', unitPrice: '10' }],
    };
    const input = toInvoiceInput(values, { returning: false });
    expect(input).toMatchObject({
      fiscalOperationId: 3,
      clientId: 8,
      supplierId: null,
      freight: '1234.5',
      discount: '0.00',
      series: null,
      referencedKeys: [],
      items: [{ itemId: 5, description: '', quantity: '1.5', unitPrice: '10' }],
    });
    expect(
      toInvoiceInput({ ...values, recipientKind: 'supplier' }, { returning: false }),
    ).toMatchObject({ clientId: null, supplierId: 4 });
  });

  it('sends the referenced keys of a devolução only, without blank rows', () => {
    const values: InvoiceFormValues = {
      referencedKeys: [' 3524 1012 ', '', '3524'],
      items: [{ id: 11, itemId: 5, quantity: '', unitPrice: undefined }],
    };
    expect(toInvoiceInput(values, { returning: true })).toMatchObject({
      referencedKeys: ['3524 1012', '3524'],
      items: [{ id: 11, itemId: 5, quantity: '', unitPrice: null }],
    });
    expect(toInvoiceInput(values, { returning: false }).referencedKeys).toEqual([]);
  });

  it('reads a nature of operation row as its direction, purpose and tax rule', () => {
    const rule = fiscalOperationRule({
      direction: 'IN',
      purpose: 'RETURN',
      icmsCsosn: '101',
      icmsCst: '00',
      icmsRate: '18.00',
      ipiCst: '',
      ipiRate: '0.00',
      pisCst: '01',
      pisRate: '0.65',
      cofinsCst: '01',
      cofinsRate: '3.00',
      ibsCbsEnabled: false,
      cClassTrib: null,
      ibsStateRate: '0.00',
      ibsCityRate: '0.00',
      cbsRate: '0.00',
      movesStock: true,
      createsBills: false,
    });
    expect(rule).toMatchObject({
      direction: 'IN',
      purpose: 'RETURN',
      icmsRate: '18.00',
      ipiCst: null,
      createsBills: false,
    });
  });
});

describe('the preview of the figures', () => {
  const rule = fiscalOperationRule({
    direction: 'OUT',
    icmsCst: '00',
    icmsRate: '18.00',
    ipiCst: '50',
    ipiRate: '10.00',
    pisCst: '01',
    pisRate: '0.65',
    cofinsCst: '01',
    cofinsRate: '3.00',
  });

  it('spreads the discount and freight and taxes each line as the server does', () => {
    const preview = invoicePreview(
      {
        discount: '10,00',
        freight: '1,00',
        items: [
          { quantity: '2', unitPrice: '50,00' },
          { quantity: '1', unitPrice: '100,00' },
        ],
      },
      { rule, taxRegime: 3 },
    );
    expect(preview.taxed).toBe(true);
    expect(preview.lines.map((line) => line?.grossTotal)).toEqual(['100.00', '100.00']);
    expect(preview.lines.map((line) => line?.discount)).toEqual(['5.00', '5.00']);
    expect(preview.lines.map((line) => line?.freight)).toEqual(['0.50', '0.50']);
    // 100 − 5 + 0.50 = 95.50: ICMS 18% 17.19, IPI 10% 9.55, total 105.05.
    expect(preview.lines[0]).toMatchObject({
      icms: { value: '17.19' },
      ipi: { value: '9.55' },
      total: '105.05',
    });
    expect(preview.totals).toMatchObject({
      productsTotal: '200.00',
      icmsTotal: '34.38',
      ipiTotal: '19.10',
      total: '210.10',
    });
  });

  it('counts a line not yet a number as zero and shows no figures for it', () => {
    const preview = invoicePreview(
      {
        discount: 'abc',
        items: [
          { quantity: '2', unitPrice: '' },
          { quantity: '1', unitPrice: '3' },
        ],
      },
      null,
    );
    expect(preview.taxed).toBe(false);
    expect(preview.lines[0]).toBeNull();
    expect(preview.lines[1]).toMatchObject({ grossTotal: '3.00', discount: '0.00' });
    expect(preview.totals.icmsTotal).toBe('0.00');
    expect(preview.totals.total).toBe('3.00');
  });

  it('has nothing to add up without lines', () => {
    expect(invoicePreview(undefined, null).totals.total).toBe('0.00');
  });
});

describe('the XML archive period', () => {
  it('is the month before today, across a year', () => {
    expect(previousMonth('2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousMonth('2024-03-01')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(previousMonth('2026-01-31')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});
