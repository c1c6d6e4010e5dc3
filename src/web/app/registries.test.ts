import { describe, expect, it } from 'vitest';
import { areas } from '../../shared/permissions.js';
import { resources } from '../../shared/resources/index.js';
import { areaRoutes } from './area-routes.js';
import { menuEntries } from './menu.js';
import { paths } from '../lib/paths.js';

/**
 * The web's registries agree with the shared resource list: every resource has its permission
 * area, a screen (a lazily loaded area chunk), a path and a menu entry that needs its `read`.
 * The server's side (table, routes) is checked by src/server/registries.api.test.ts.
 */
describe('web registries', () => {
  for (const [path, definition] of Object.entries(resources)) {
    it(`${path}: permission area, screen, path and menu entry`, () => {
      expect(areas[definition.area]?.actions, 'área de permissão').toEqual(
        expect.arrayContaining(['read', 'write', 'delete']),
      );
      expect(areaRoutes[definition.area], 'tela (area-routes.ts)').toBeTypeOf('function');
      const entry = menuEntries.find((candidate) => candidate.area === definition.area);
      expect(entry, 'entrada do menu (menu.ts)').toBeDefined();
      expect(Object.values(paths)).toContain(entry!.path);
      expect(entry!.label).toBe(definition.label);
    });
  }

  it('mounts no screen that has no menu entry', () => {
    for (const area of Object.keys(areaRoutes)) {
      expect(
        menuEntries.some((entry) => entry.area === area),
        area,
      ).toBe(true);
    }
  });
});
