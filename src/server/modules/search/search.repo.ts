import { sql, type RawBuilder } from 'kysely';
import { SEARCH_PER_KIND, type SearchKind } from '../../../shared/resources/search.js';
import type { DbOrTrx } from '../../db/connection.js';

/**
 * All of the search's SQL: one statement, a UNION ALL of one LIMITed SELECT per kind asked for,
 * so a search costs one round trip whatever the user may read. Each kind is found through an index
 * its list already has: the trigram index of the stored `search_text` (clients, suppliers, items),
 * the unique order numbers, the invoices' (series, number) and access key, and the bills' trigram
 * index of description and document number (EXPLAIN and numbers in bench/README.md).
 */

/** What the search looks for, each form of `q` already read (search.service.ts). */
export interface SearchTerms {
  /** `%q%`, LIKE's wildcards escaped; unaccented and lowercased in SQL like the stored text. */
  like: string;
  /** `%digits%` of a CPF/CNPJ typed with punctuation (parties search only these), else null. */
  documentLike: string | null;
  /** The number typed for each kind of order ("PV-000042", "PV42", "42"), when it is one. */
  orderNumbers: Partial<Record<'requestedOrders' | 'purchaseOrders' | 'productionOrders', number>>;
  invoiceNumber: number | null;
  accessKey: string | null;
}

/** One record found: what its kind's presenter needs for a title and a subtitle. */
export interface SearchRow {
  kind: SearchKind;
  id: number;
  /** The record's name (a party, an item), an order's party or product, a bill's description. */
  name: string | null;
  /** A party's document, an item's code, an invoice's series, a bill's document number. */
  detail: string | null;
  /** Another party's name: a trade name, an invoice's or bill's client or supplier. */
  party: string | null;
  number: number | null;
  status: string | null;
  /** 'YYYY-MM-DD': an order's or invoice's date, a bill's due date. */
  date: string | null;
}

const unaccented = (value: string) => sql`f_unaccent(lower(${value}))`;

/** clients or suppliers: name, trade name, document, e-mail and city in the stored text. */
function parties(table: 'clients' | 'suppliers', terms: SearchTerms) {
  // A CPF/CNPJ typed with punctuation is only ever a document: its digits are all to look for.
  const pattern = unaccented(terms.documentLike ?? terms.like);
  return sql`SELECT ${table}::text AS kind, id, name, document AS detail, trade_name AS party,
      NULL::int AS number, NULL::text AS status, NULL::text AS date
    FROM ${sql.table(table)}
    WHERE search_text LIKE ${pattern}
    ORDER BY name, id LIMIT ${SEARCH_PER_KIND}`;
}

/** Products or feedstocks: code, name and barcode in the stored text. */
function items(kind: 'products' | 'feedstocks', terms: SearchTerms) {
  return sql`SELECT ${kind}::text AS kind, id, name, code AS detail, NULL::text AS party,
      NULL::int AS number, NULL::text AS status, NULL::text AS date
    FROM items
    WHERE kind = ${kind === 'products' ? 'PRODUCT' : 'FEEDSTOCK'}
      AND search_text LIKE ${unaccented(terms.like)}
    ORDER BY name, id LIMIT ${SEARCH_PER_KIND}`;
}

/** The order of that number (numbers are unique), with its party's or product's name. */
const orders: Record<keyof SearchTerms['orderNumbers'], (number: number) => RawBuilder<unknown>> = {
  requestedOrders: (number) => sql`SELECT 'requestedOrders'::text AS kind, o.id, c.name,
      NULL::text AS detail, NULL::text AS party, o.number, o.status::text,
      to_char(o.order_date, 'YYYY-MM-DD') AS date
    FROM requested_orders o JOIN clients c ON c.id = o.client_id WHERE o.number = ${number}`,
  purchaseOrders: (number) => sql`SELECT 'purchaseOrders'::text AS kind, o.id, s.name,
      NULL::text AS detail, NULL::text AS party, o.number, o.status::text,
      to_char(o.order_date, 'YYYY-MM-DD') AS date
    FROM purchase_orders o JOIN suppliers s ON s.id = o.supplier_id WHERE o.number = ${number}`,
  productionOrders: (number) => sql`SELECT 'productionOrders'::text AS kind, o.id, p.name,
      NULL::text AS detail, NULL::text AS party, o.number, o.status::text,
      to_char(o.planned_start, 'YYYY-MM-DD') AS date
    FROM production_orders o JOIN items p ON p.id = o.product_id WHERE o.number = ${number}`,
};

/** Invoices by number (one per series) or by their 44-character access key. */
function invoices(terms: SearchTerms) {
  const conditions = [
    ...(terms.invoiceNumber === null ? [] : [sql`n.number = ${terms.invoiceNumber}`]),
    ...(terms.accessKey === null ? [] : [sql`n.access_key = ${terms.accessKey}`]),
  ];
  if (conditions.length === 0) return null;
  return sql`SELECT 'invoices'::text AS kind, n.id, NULL::text AS name,
      n.series::text AS detail, coalesce(c.name, s.name) AS party, n.number, n.status::text,
      to_char(n.issue_date, 'YYYY-MM-DD') AS date
    FROM invoices n
    LEFT JOIN clients c ON c.id = n.client_id
    LEFT JOIN suppliers s ON s.id = n.supplier_id
    WHERE ${sql.join(conditions, sql` OR `)}
    ORDER BY n.issue_date DESC, n.id DESC LIMIT ${SEARCH_PER_KIND}`;
}

/**
 * Bills of one kind by document number. The first LIKE is the expression of the bills' trigram
 * index (migration 0014), which finds the candidates; the second keeps those whose document
 * number itself matches, not their description.
 */
function bills(kind: 'billsToPay' | 'billsToReceive', terms: SearchTerms) {
  const pattern = unaccented(terms.like);
  return sql`SELECT ${kind}::text AS kind, b.id, b.description AS name,
      b.document_number AS detail, coalesce(c.name, s.name) AS party, NULL::int AS number,
      b.status::text, to_char(b.due_date, 'YYYY-MM-DD') AS date
    FROM bills b
    LEFT JOIN clients c ON c.id = b.client_id
    LEFT JOIN suppliers s ON s.id = b.supplier_id
    WHERE b.kind = ${kind === 'billsToPay' ? 'PAY' : 'RECEIVE'}
      AND f_unaccent(lower(b.description || ' ' || coalesce(b.document_number, ''))) LIKE ${pattern}
      AND f_unaccent(lower(b.document_number)) LIKE ${pattern}
    ORDER BY b.due_date DESC, b.id DESC LIMIT ${SEARCH_PER_KIND}`;
}

/** Each kind's SELECT for these terms, or null when `q` cannot be one of its records. */
function selectFor(kind: SearchKind, terms: SearchTerms): RawBuilder<unknown> | null {
  // 44 characters of an access key name an invoice and nothing else; their dozens of trigrams
  // would cost the text searches a long index scan for nothing (bench/README.md).
  if (terms.accessKey !== null && kind !== 'invoices') return null;
  switch (kind) {
    case 'clients':
    case 'suppliers':
      return parties(kind, terms);
    case 'products':
    case 'feedstocks':
      return items(kind, terms);
    case 'requestedOrders':
    case 'purchaseOrders':
    case 'productionOrders': {
      const number = terms.orderNumbers[kind];
      return number === undefined ? null : orders[kind](number);
    }
    case 'invoices':
      return invoices(terms);
    case 'billsToPay':
    case 'billsToReceive':
      // Two characters give the trigram index nothing to find candidates by: every bill would
      // be read and unaccented (50 ms at 20,000 bills, bench/README.md). Three are needed.
      return terms.like.length - 2 >= 3 ? bills(kind, terms) : null;
  }
}

/** The records of these kinds that match, at most SEARCH_PER_KIND of each, in one statement. */
export async function searchRecords(
  db: DbOrTrx,
  kinds: readonly SearchKind[],
  terms: SearchTerms,
): Promise<SearchRow[]> {
  const selects = kinds.flatMap((kind) => {
    const select = selectFor(kind, terms);
    return select ? [sql`(${select})`] : [];
  });
  if (selects.length === 0) return [];
  const { rows } = await sql<SearchRow>`${sql.join(selects, sql` UNION ALL `)}`.execute(db);
  return rows;
}
