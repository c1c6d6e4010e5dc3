import { beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../shared/permissions.js';
import { resources } from '../shared/resources/index.js';
import { useTestApi } from './testing/api-app.js';

/**
 * The server's registries agree with the shared resource list: every resource has its table in
 * the migrated database (named after its path, as the definitions' unique-index names assume), its
 * five routes under /api/v1 and a permission area with read, write and delete. The web's side
 * (screen, path, menu entry) is checked by src/web/app/registries.test.ts.
 */
const api = useTestApi();
let tables: Set<string>;

beforeAll(async () => {
  tables = new Set((await api.db.introspection.getTables()).map((table) => table.name));
});

/** Products and feedstocks are the two kinds of one `items` table (DOMAIN §3). */
const tableOf = (path: string) =>
  path === 'products' || path === 'feedstocks' ? 'items' : path.replaceAll('-', '_');

describe('server registries', () => {
  for (const [path, definition] of Object.entries(resources)) {
    it(`${path}: table, routes and permission area`, () => {
      expect(tables.has(tableOf(path)), `tabela ${tableOf(path)}`).toBe(true);
      const base = `/api/v1/${path}`;
      for (const [method, url] of [
        ['GET', base],
        ['GET', `${base}/:id`],
        ['POST', base],
        ['PUT', `${base}/:id`],
        ['DELETE', `${base}/:id`],
      ] as const) {
        expect(api.app.hasRoute({ method, url }), `${method} ${url}`).toBe(true);
      }
      expect(areas[definition.area]?.actions, 'área de permissão').toEqual(
        expect.arrayContaining(['read', 'write', 'delete']),
      );
    });
  }
});
