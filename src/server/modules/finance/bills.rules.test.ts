import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromUnits, toUnits } from '../../../shared/allocation.js';
import { addDays } from '../../../shared/plain-date.js';
import {
  entryAmount,
  entryDescription,
  installmentBills,
  isOverdue,
  openAmount,
  pixTxid,
} from './bills.rules.js';

const terms = { firstDueInDays: 0, intervalDays: 30, from: '2026-01-31' };

describe('installmentBills', () => {
  it('splits 100.00 in three, 33.33/33.33/33.34, labelled "i/n", due every interval', () => {
    expect(installmentBills({ ...terms, total: '100.00', count: 3 })).toEqual([
      { amount: '33.33', dueDate: '2026-01-31', installment: '1/3' },
      { amount: '33.33', dueDate: '2026-03-02', installment: '2/3' },
      { amount: '33.34', dueDate: '2026-04-01', installment: '3/3' },
    ]);
  });

  it('gives a single bill no installment label', () => {
    expect(installmentBills({ ...terms, total: '5', count: 1 })).toEqual([
      { amount: '5.00', dueDate: '2026-01-31', installment: null },
    ]);
  });

  it('refuses a total below one cent per installment, accepts exactly one cent each', () => {
    expect(installmentBills({ ...terms, total: '0.02', count: 3 })).toBeUndefined();
    expect(installmentBills({ ...terms, total: '0.03', count: 3 })?.map((b) => b.amount)).toEqual([
      '0.01',
      '0.01',
      '0.01',
    ]);
  });

  it('always gives bills above zero that add up to the total', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 13n }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 366 }),
        (cents, count, intervalDays) => {
          const bills = installmentBills({
            ...terms,
            intervalDays,
            total: fromUnits(cents, 2),
            count,
          });
          if (cents < BigInt(count)) {
            expect(bills).toBeUndefined();
            return;
          }
          expect(bills).toHaveLength(count);
          const amounts = bills!.map((b) => toUnits(b.amount, 2));
          expect(amounts.every((a) => a > 0n)).toBe(true);
          expect(amounts.reduce((sum, a) => sum + a, 0n)).toBe(cents);
          bills!.forEach((bill, i) => {
            expect(bill.dueDate).toBe(addDays(terms.from, i * intervalDays));
          });
        },
      ),
    );
  });
});

describe('amounts and words of a payment', () => {
  it('computes what is open', () => {
    expect(openAmount('100.00', '33.33')).toBe('66.67');
    expect(openAmount('100', '100.00')).toBe('0.00');
  });

  it('debits a payment of a bill to pay, credits a receipt, and reverses the other way', () => {
    expect(entryAmount('PAY', 4300n)).toBe('-43.00');
    expect(entryAmount('RECEIVE', 4300n)).toBe('43.00');
    expect(entryAmount('PAY', 4300n, true)).toBe('43.00');
    expect(entryAmount('RECEIVE', 4300n, true)).toBe('-43.00');
  });

  it('describes the entry with the installment, and the reversal', () => {
    expect(entryDescription('PAY', { description: 'Aluguel', installment: '1/3' })).toBe(
      'Pagamento: Aluguel (1/3)',
    );
    expect(entryDescription('RECEIVE', { description: 'Venda', installment: null })).toBe(
      'Recebimento: Venda',
    );
    expect(entryDescription('PAY', { description: 'Aluguel', installment: null }, true)).toBe(
      'Estorno: Pagamento: Aluguel',
    );
    const long = entryDescription(
      'RECEIVE',
      { description: 'x'.repeat(200), installment: '12/24' },
      true,
    );
    expect(long).toHaveLength(200);
    expect(long.endsWith('…')).toBe(true);
  });

  it('flags Vencida only for an open or partly paid bill due before today', () => {
    const today = '2026-05-10';
    expect(isOverdue({ status: 'OPEN', dueDate: '2026-05-09' }, today)).toBe(true);
    expect(isOverdue({ status: 'PARTIALLY_PAID', dueDate: '2026-05-09' }, today)).toBe(true);
    expect(isOverdue({ status: 'OPEN', dueDate: today }, today)).toBe(false);
    expect(isOverdue({ status: 'PAID', dueDate: '2026-01-01' }, today)).toBe(false);
    expect(isOverdue({ status: 'CANCELLED', dueDate: '2026-01-01' }, today)).toBe(false);
  });

  it('makes a PIX txid of letters and digits within 25', () => {
    expect(pixTxid(2147483647)).toMatch(/^[A-Za-z0-9]{1,25}$/);
  });
});
