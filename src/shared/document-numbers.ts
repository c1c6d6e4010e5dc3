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

/**
 * The number a person typed for a document of this prefix: "PV-000042", "pv42", "PV 42" and "42"
 * are 42 for "PV"; another prefix ("OC42") or anything else is null.
 */
export function typedDocumentNumber(prefix: string, typed: string): number | null {
  const match = new RegExp(`^\\s*(?:${prefix})?[\\s-]*0*(\\d{1,9})\\s*$`, 'i').exec(typed);
  return match ? Number(match[1]) || null : null;
}
