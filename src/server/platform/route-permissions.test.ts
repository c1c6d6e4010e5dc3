import type { FastifyContextConfig } from 'fastify';
import { describe, expect, it } from 'vitest';
import { areas, isPermission, type CrudArea } from '../../shared/permissions.js';
import { brands } from '../../shared/resources/brands.js';
import { defineResource } from '../../shared/resource.js';

/**
 * Permissions are typed per area: `tsc -b` checks this file, so each `@ts-expect-error` fails the
 * build the day the line below it compiles (a route naming an action its area does not have).
 */
describe('permissions typed per area', () => {
  it('lets a route name only an action its area has', () => {
    const routes: FastifyContextConfig[] = [
      { permission: 'company:write' },
      { permission: 'stockItems:read' },
      // @ts-expect-error Empresa has no delete.
      { permission: 'company:delete' },
      // @ts-expect-error Consulta de Estoque is read-only.
      { permission: 'stockItems:write' },
    ];
    expect(routes.map((route) => isPermission(String(route.permission)))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('lets a resource definition name only an area with read, write and delete', () => {
    const named: CrudArea[] = [
      'brands',
      'users',
      // @ts-expect-error Empresa has no delete.
      'company',
      // @ts-expect-error Consulta de Estoque has only read.
      'stockItems',
    ];
    expect(
      named.map((area) => (areas[area].actions as readonly string[]).includes('delete')),
    ).toEqual([true, true, false, false]);

    // @ts-expect-error The generic CRUD would declare `company:delete`, which does not exist.
    const companyResource = defineResource({ ...brands, area: 'company' });
    expect(isPermission(`${companyResource.area}:delete`)).toBe(false);
  });
});
