import { actionLabels, areas, type Area } from '../../../shared/permissions.js';

/** One row of the matrix: an area with the actions it has. */
export interface MatrixRow {
  area: Area;
  label: string;
  actions: readonly string[];
}

export const matrixRows: MatrixRow[] = (Object.keys(areas) as Area[]).map((area) => ({
  area,
  label: areas[area].label,
  actions: areas[area].actions,
}));

/** The columns: every action some area has, in the order of actionLabels (read, write, …). */
export const matrixActions: string[] = Object.keys(actionLabels).filter((action) =>
  matrixRows.some((row) => row.actions.includes(action)),
);

export const permissionOf = (area: Area, action: string) => `${area}:${action}`;

export const rowPermissions = (row: MatrixRow) =>
  row.actions.map((action) => permissionOf(row.area, action));

export const everyPermission = matrixRows.flatMap(rowPermissions);

const readOf = (permission: string) => `${permission.slice(0, permission.indexOf(':'))}:read`;

/**
 * The permissions granted after ticking (`on`) or unticking `permissions`, in the catalogue's
 * order, so the saved list reads the same as the matrix. An area's other actions need its read
 * (missingReadMessage): ticking any of them ticks read too, and unticking read unticks them.
 */
export function togglePermissions(
  granted: Iterable<string>,
  permissions: readonly string[],
  on: boolean,
): string[] {
  const next = new Set(granted);
  for (const permission of permissions) {
    const read = readOf(permission);
    if (on) {
      next.add(permission);
      next.add(read);
    } else if (permission === read) {
      for (const other of everyPermission) if (readOf(other) === read) next.delete(other);
    } else {
      next.delete(permission);
    }
  }
  return everyPermission.filter((permission) => next.has(permission));
}
