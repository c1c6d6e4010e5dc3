import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../shared/error-codes.js';
import { ApiError } from '../../lib/api-error.js';
import { creditRefusalOf, exposureOf } from './credit-refusal.js';

const refused = (code: ErrorCode, details: Record<string, unknown>[]) =>
  new ApiError(422, { code, message: 'Recusado', details, requestId: 'r' });

describe('a credit refusal', () => {
  const figures = {
    limit: '500.00',
    openReceivables: '120.50',
    openOrders: '300.00',
    thisOrder: '410.64',
  };

  it('is read from CREDIT_LIMIT and OVERDUE_RECEIVABLES of Aprovar and Faturar only', () => {
    expect(creditRefusalOf('approve', refused(ErrorCode.CREDIT_LIMIT, [figures]))).toEqual({
      action: 'approve',
      code: 'CREDIT_LIMIT',
      message: 'Recusado',
      figures,
    });
    const bill = { id: 7, dueDate: '2026-02-05', open: '100.00', documentNumber: null };
    expect(
      creditRefusalOf('invoice', refused(ErrorCode.OVERDUE_RECEIVABLES, [bill])),
    ).toMatchObject({
      action: 'invoice',
      code: 'OVERDUE_RECEIVABLES',
      bills: [bill],
    });
    expect(creditRefusalOf('cancel', refused(ErrorCode.CREDIT_LIMIT, [figures]))).toBeNull();
    expect(creditRefusalOf('approve', refused(ErrorCode.STOCK_RESERVED, []))).toBeNull();
    expect(creditRefusalOf('approve', null)).toBeNull();
  });

  it('adds the exposure up and says how far it is above the limit', () => {
    expect(exposureOf(figures)).toEqual({ total: '831.14', above: '331.14' });
  });
});
