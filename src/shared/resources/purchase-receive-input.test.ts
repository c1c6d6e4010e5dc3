import { describe, expect, it } from 'vitest';
import { purchaseReceiveInputSchema } from './purchase-orders.js';

const receive = (invoiceNumber: string) =>
  purchaseReceiveInputSchema.parse({
    date: '2026-11-20',
    invoiceNumber,
    lines: [{ lineId: 1, quantity: '1' }],
  }).invoiceNumber;

describe('purchaseReceiveInputSchema: the supplier invoice number', () => {
  it('keeps the number without the "NF" a clerk may type before it, so the history says "NF 4521" once', () => {
    expect(receive('4521')).toBe('4521');
    expect(receive('NF 4521')).toBe('4521');
    expect(receive('NF-e 4521')).toBe('4521');
  });

  it('is null when left empty', () => {
    expect(receive('  ')).toBeNull();
  });
});
