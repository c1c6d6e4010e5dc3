import type { DemoApi } from './demo-api.js';

/**
 * The demo's "Faturar": the one place a sales order becomes an NF-e, so that when issuing
 * transmits to SEFAZ this is where the demo meets an authoriser (in-process, the SEFAZ test
 * double of nfe/testing) without the rest of the year knowing. `lines` invoices part of it.
 */
export async function invoiceSalesOrder(
  api: DemoApi,
  orderId: number,
  lines?: { lineId: number; quantity: string }[],
): Promise<void> {
  await api.post(`/requested-orders/${orderId}/invoice`, lines ? { lines } : {});
}
