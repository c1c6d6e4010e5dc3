import { typedDocument } from '../../../shared/br/documents.js';
import { emptyAddress } from '../../../shared/fields.js';
import { clients } from '../../../shared/resources/clients.js';
import { suppliers } from '../../../shared/resources/suppliers.js';
import type { AddressJson } from '../../db/types.js';
import type { CrudConfig } from '../../platform/crud.js';
import { withCityCodes } from '../municipalities/index.js';

/** Clients and suppliers: address in jsonb, filters by UF and city, documents without punctuation. */
const shared = {
  jsonColumns: ['address'],
  // Migrations 0003 and 0004: one stored search text, a kept row count and change stamp.
  searchColumn: 'search_text',
  counted: true,
  // Cities sort the Brazilian way, through the pt_br index of migration 0002.
  sortExpressions: { 'address.city': "(address->>'city') COLLATE pt_br" },
  expressions: {
    state: "address->>'state'",
    city: "address->>'city'",
  },
  searchNormalizers: {
    // "123.456.789-09" and "12.ABC.345/01DE-35" find the stored digits; words are left alone.
    document: (q: string) => typedDocument(q) ?? q,
  },
  // The address's IBGE municipality: checked when chosen, else filled from city and UF.
  prepare: async (trx, inputs, paths) => {
    const addresses = inputs.map((input) => input.address as AddressJson);
    const stored = await withCityCodes(trx, addresses, paths);
    inputs.forEach((input, i) => (input.address = stored[i]));
  },
  toApi: (row: Record<string, unknown>) => ({
    ...row,
    address: { ...emptyAddress, ...(row.address as object) },
  }),
} satisfies Partial<CrudConfig>;

export const clientsConfig: CrudConfig = { ...shared, definition: clients, table: 'clients' };
export const suppliersConfig: CrudConfig = { ...shared, definition: suppliers, table: 'suppliers' };
