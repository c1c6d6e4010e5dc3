import type { ComponentType } from 'react';
import type { Area } from '../../shared/permissions.js';

/**
 * The registry of built business areas: the only list a later issue edits to ship an area.
 *
 * An entry maps the area to its lazily loaded chunk. The chunk's default export renders the
 * area's own routes relative to its path (`<Routes>` with the list at the index, `new` and `:id`
 * for the form). Registering it here is all it takes: the router mounts it at the path of its
 * menu entry (menu.ts) behind the `<area>:read` guard, and the menu starts showing the entry to
 * users who may read it. Until then the menu never links to it and its path answers 404.
 *
 * Example: `clients: () => import('../features/clients/clients-area.js'),`
 */
export interface AreaModule {
  default: ComponentType;
}

export const areaRoutes: Partial<Record<Area, () => Promise<AreaModule>>> = {};

export function isAreaBuilt(area: Area): boolean {
  return areaRoutes[area] !== undefined;
}
