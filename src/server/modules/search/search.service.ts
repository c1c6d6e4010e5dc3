import { cnpj, cpf, typedDocument } from '../../../shared/br/documents.js';
import {
  documentPrefixes,
  formatDocumentNumber,
  typedDocumentNumber,
} from '../../../shared/document-numbers.js';
import { invoiceNumberOf } from '../../../shared/invoice-number.js';
import { paths } from '../../../shared/paths.js';
import type { Permission } from '../../../shared/permissions.js';
import { formatPlainDate } from '../../../shared/plain-date.js';
import { billMachine } from '../../../shared/resources/bills.js';
import { invoiceMachine } from '../../../shared/resources/invoices.js';
import { productionOrderMachine } from '../../../shared/resources/production-orders.js';
import { purchaseOrderMachine } from '../../../shared/resources/purchase-orders.js';
import { requestedOrderMachine } from '../../../shared/resources/requested-orders.js';
import {
  SEARCH_MIN_LENGTH,
  searchKindLabel,
  searchKinds,
  searchReadPermission,
  type SearchItem,
  type SearchKind,
  type SearchResult,
} from '../../../shared/resources/search.js';
import type { DbOrTrx } from '../../db/connection.js';
import { escapeLike } from '../../platform/repository.js';
import { searchRecords, type SearchRow, type SearchTerms } from './search.repo.js';

/** Every way `q` can name a record: words, a CPF/CNPJ, an order's, an invoice's number or key. */
export function termsOf(q: string): SearchTerms {
  const document = typedDocument(q);
  const invoiceNumber = invoiceNumberOf(q).replace(/\./g, '');
  const key = q.replace(/[\s.]/g, '');
  const orderNumbers: SearchTerms['orderNumbers'] = {};
  for (const [kind, prefix] of [
    ['requestedOrders', documentPrefixes.requestedOrder],
    ['purchaseOrders', documentPrefixes.purchaseOrder],
    ['productionOrders', documentPrefixes.productionOrder],
  ] as const) {
    const number = typedDocumentNumber(prefix, q);
    if (number !== null) orderNumbers[kind] = number;
  }
  return {
    like: `%${escapeLike(q)}%`,
    documentLike: document && document !== q ? `%${document}%` : null,
    orderNumbers,
    invoiceNumber: /^\d{1,9}$/.test(invoiceNumber) ? Number(invoiceNumber) || null : null,
    accessKey: /^[0-9A-Z]{44}$/i.test(key) ? key.toUpperCase() : null,
  };
}

/** A CPF (11 digits) or CNPJ as the screens write it. */
const formattedDocument = (value: string) =>
  value.length === 11 ? cpf.format(value) : cnpj.format(value);

const joined = (...parts: (string | null | undefined | false)[]) =>
  parts.filter(Boolean).join(' · ');

const orderPrefixes = {
  requestedOrders: [documentPrefixes.requestedOrder, requestedOrderMachine],
  purchaseOrders: [documentPrefixes.purchaseOrder, purchaseOrderMachine],
  productionOrders: [documentPrefixes.productionOrder, productionOrderMachine],
} as const;

/** How each kind's record reads in the palette: what it is called and what tells it apart. */
function present(row: SearchRow): Omit<SearchItem, 'id' | 'url'> {
  const date = row.date ? formatPlainDate(row.date) : null;
  switch (row.kind) {
    case 'clients':
    case 'suppliers':
      return {
        title: row.name ?? '',
        subtitle: joined(formattedDocument(row.detail ?? ''), row.party),
      };
    case 'products':
    case 'feedstocks':
      return { title: row.name ?? '', subtitle: `Código ${row.detail ?? ''}` };
    case 'requestedOrders':
    case 'purchaseOrders':
    case 'productionOrders': {
      const [prefix, machine] = orderPrefixes[row.kind];
      return {
        title: formatDocumentNumber(prefix, row.number ?? 0),
        subtitle: joined(row.name, machine.label(row.status as never), date),
      };
    }
    case 'invoices':
      return {
        title: `NF-e ${row.number ?? ''}`,
        subtitle: joined(
          `Série ${row.detail ?? ''}`,
          row.party,
          invoiceMachine.label(row.status as never),
          date,
        ),
      };
    case 'billsToPay':
    case 'billsToReceive':
      return {
        title: `Documento ${row.detail ?? ''}`,
        subtitle: joined(
          row.name,
          row.party,
          date && `vence ${date}`,
          billMachine.label(row.status as never),
        ),
      };
  }
}

/**
 * The search of "Buscar" (issue 21): the kinds the user may read (the others are not even
 * queried), each with its matches, grouped in `searchKinds` order; nothing for a `q` too short.
 */
export async function search(
  db: DbOrTrx,
  permissions: readonly Permission[],
  q: string,
): Promise<SearchResult> {
  if (q.length < SEARCH_MIN_LENGTH) return { groups: [] };
  const kinds = searchKinds.filter((kind) => permissions.includes(searchReadPermission(kind)));
  const rows = await searchRecords(db, kinds, termsOf(q));
  const byKind = new Map<SearchKind, SearchItem[]>();
  for (const row of rows) {
    const items = byKind.get(row.kind) ?? [];
    items.push({ id: row.id, url: `${paths[row.kind]}/${row.id}`, ...present(row) });
    byKind.set(row.kind, items);
  }
  return {
    groups: kinds.flatMap((kind) => {
      const items = byKind.get(kind);
      return items ? [{ kind, label: searchKindLabel(kind), items }] : [];
    }),
  };
}
