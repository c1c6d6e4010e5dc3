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
