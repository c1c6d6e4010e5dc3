/** The prefixes of the documents numbered "OC-000042" (DOMAIN §1); invoices have none. */
export const documentPrefixes = {
  purchaseOrder: 'OC',
  productionOrder: 'OP',
  requestedOrder: 'PV',
} as const;

/**
 * A document's number as the screens show it: "OC-000042" with a prefix (six digits at least),
 * plain digits without one (an invoice's "42").
 */
export function formatDocumentNumber(prefix: string | null, value: number): string {
  return prefix ? `${prefix}-${String(value).padStart(6, '0')}` : String(value);
}
