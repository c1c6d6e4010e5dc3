/**
 * What changed in a record and in a document's lines: the values an audit entry stores. A leaf
 * module (no imports) so that audit.ts and document-lines.ts can both use it without importing
 * each other.
 */

/** Field → before and after: what an audit entry stores. */
export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/** Fields that are bookkeeping or secret never appear in a record's history. */
const IGNORED = new Set([
  'version',
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
  'passwordHash',
  'password',
]);

/** A line as the audit keeps it: id, position and the line's columns. */
export type LineValues = { id: number; position: number } & Record<string, unknown>;

export interface ChangedLine {
  id: number;
  position: number;
  fields: FieldChanges;
}

/** What a save did to a document's lines, for its audit entry. */
export interface LineChanges {
  added: LineValues[];
  removed: LineValues[];
  changed: ChangedLine[];
}

export function diff(before: object | null, after: object | null): FieldChanges {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const changes: FieldChanges = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (IGNORED.has(key)) continue;
    const from = normalize(b[key]);
    const to = normalize(a[key]);
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

function normalize(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}
