import { sql } from 'kysely';
import { expect } from 'vitest';
import { parseCsv } from '../../../platform/csv.js';
import { useTestApi, type TestApi } from '../../../testing/api-app.js';
import { multipart } from '../../../testing/multipart.js';
import { masterData } from '../../master-data/testing/master-data-helpers.js';

/**
 * What the products and feedstocks API tests set up: lookups through their own APIs, and the
 * stock figures that only stock postings write (average cost, balances, a movement) straight in
 * the file's own database, so that a cost or a balance is exactly the one a test needs.
 */
export const BASE = '/api/v1';

let serial = 0;
/** A short unique suffix for names and codes that must not collide within a file. */
export const unique = () => `${++serial}${Math.random().toString(36).slice(2, 6)}`;

/**
 * What a products or feedstocks API test file starts with: its own API and database, these
 * fixtures, and the products and feedstocks CRUD helpers (each file makes items of both kinds).
 */
export function useItemsTestApi() {
  const api = useTestApi();
  return {
    api,
    fx: itemsFixtures(api),
    productsApi: masterData(api, 'products'),
    feedstocksApi: masterData(api, 'feedstocks'),
  };
}

function itemsFixtures(api: TestApi) {
  const post = async (path: string, payload: Record<string, unknown>) => {
    const response = await api.request({
      method: 'POST',
      url: `${BASE}/${path}`,
      token: await api.adminToken(),
      payload,
    });
    expect(response.statusCode, `${path}: ${response.body}`).toBe(201);
    return response.json() as { id: number } & Record<string, unknown>;
  };

  return {
    post,
    unit: async (decimals: number) =>
      (await post('units-of-measurement', { code: `U${unique()}`.slice(0, 6), decimals })).id,
    category: async () => (await post('categories', { name: `Categoria ${unique()}` })).id,
    brand: async () => (await post('brands', { name: `Marca ${unique()}` })).id,
    outlay: async (kind: 'PER_UNIT' | 'PER_ORDER') =>
      (await post('outlays', { name: `Custo ${unique()}`, kind, defaultValue: '1.00' })).id,
    location: async (active = true) =>
      (await post('stock-locations', { name: `Local ${unique()}`, active })).id,

    /** The item's moving average, as a posting would have left it. */
    setAverageCost: async (itemId: number, averageCost: string) => {
      await sql`UPDATE items SET average_cost = ${averageCost} WHERE id = ${itemId}`.execute(
        api.db,
      );
    },
    /** The item's balance at a location, as postings would have left it. */
    setBalance: async (itemId: number, locationId: number, quantity: string) => {
      await sql`
        INSERT INTO stock_balances (item_id, location_id, quantity)
        VALUES (${itemId}, ${locationId}, ${quantity})
        ON CONFLICT (item_id, location_id) DO UPDATE SET quantity = EXCLUDED.quantity`.execute(
        api.db,
      );
    },
    /** A movement of the item in the ledger (an entry of 1 at cost 0). */
    addMovement: async (itemId: number, locationId: number) => {
      await sql`
        INSERT INTO stock_movements (date, type, item_id, to_location_id, quantity, unit_cost, value)
        VALUES (current_date, 'IN', ${itemId}, ${locationId}, 1, 0, 0)`.execute(api.db);
    },
    history: async (path: string, id: number) => {
      const response = await api.request({
        method: 'GET',
        url: `${BASE}/audit?entity=${path}&entityId=${id}`,
        token: await api.adminToken(),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items as { action: string; changes: Record<string, unknown> }[];
    },
    exportFile: async (path: string, query: string, format: 'csv' | 'xlsx' = 'csv') => {
      const response = await api.request({
        method: 'GET',
        url: `${BASE}/${path}/export?format=${format}&${query}`,
        token: await api.adminToken(),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response;
    },
    importFile: async (path: string, fileName: string, content: Buffer | string) =>
      api.request({
        method: 'POST',
        url: `${BASE}/${path}/import`,
        token: await api.adminToken(),
        ...multipart(fileName, content),
      }),
  };
}

/** The rows of an exported CSV, by header label. */
export function csvRows(body: string) {
  const [header, ...rows] = parseCsv(body.replace(/^\uFEFF/, ''));
  return rows.map((row) => Object.fromEntries(header!.map((label, i) => [label, row[i]])));
}

/** A CSV as Excel pt-BR saves it: BOM, `;`, CRLF. */
export const csvText = (rows: string[][]) =>
  '\uFEFF' + rows.map((row) => row.join(';')).join('\r\n') + '\r\n';
