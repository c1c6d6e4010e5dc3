import type { AuditLine } from '../../shared/api-error.js';
import { actionLabels, areas, type Area } from '../../shared/permissions.js';
import type { ResourceDefinition } from '../../shared/resource.js';
import { formatValue, type ValueSpec } from './format-value.js';

/** What one audited field change shows: "CEP: 01001-000 → 20040-002". */
export interface ChangeLine {
  key: string;
  label: string;
  from: string;
  to: string;
  /** Said instead of "de → para" (a role's permissions: what was granted and withdrawn). */
  summary?: string;
  /** A reference (`roleId`): the ids, for the screen to show the referenced rows' names. */
  references?: string;
  fromId?: number;
  toId?: number;
  /**
   * A document's line ("Item 2 incluído"): what happened to it and its fields as the other lines
   * show them — every field of a line added or removed, the fields that changed otherwise.
   */
  line?: { change: LineChange; fields: ChangeLine[] };
}

export type LineChange = 'added' | 'changed' | 'removed';

const lineChangeLabels: Record<LineChange, string> = {
  added: 'incluído',
  changed: 'alterado',
  removed: 'removido',
};

const auditActionLabels: Record<string, string> = {
  create: 'Criado',
  update: 'Alterado',
  delete: 'Excluído',
  import: 'Importado',
  'password-change': 'Senha alterada',
  'password-reset': 'Senha redefinida',
  contingency: 'Contingência da NF-e alterada',
};

export const auditActionLabel = (action: string) =>
  auditActionLabels[action] ?? action.charAt(0).toUpperCase() + action.slice(1);

const EMPTY = '—';

/** "clients:read" → "Clientes: Consultar". */
function permissionLabel(permission: string): string {
  const [area, action = ''] = permission.split(':');
  const areaLabel = areas[area as Area]?.label ?? area;
  return `${areaLabel}: ${actionLabels[action] ?? action}`;
}

/** A role's permissions changed: only what was granted and withdrawn, not both full lists. */
function permissionsSummary(from: unknown, to: unknown): string {
  const before = new Set(Array.isArray(from) ? (from as string[]) : []);
  const after = new Set(Array.isArray(to) ? (to as string[]) : []);
  const removed = [...before].filter((p) => !after.has(p)).map(permissionLabel);
  const added = [...after].filter((p) => !before.has(p)).map(permissionLabel);
  const parts = [];
  if (added.length) parts.push(`concedidas ${added.join(', ')}`);
  if (removed.length) parts.push(`retiradas ${removed.join(', ')}`);
  return parts.join('; ') || EMPTY;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A document's lines field in an audit entry (shared AuditLine): lists of lines with id and position. */
const isLineList = (value: unknown): value is AuditLine[] =>
  Array.isArray(value) &&
  value.every((line) => isPlainObject(line) && typeof line.id === 'number' && 'position' in line);

/**
 * The lines of one audit entry, labelled and formatted as the definition shows the fields. A
 * nested object (`address`) is shown per sub-field that changed; fields the definition does not
 * name (`id`) are left out.
 */
export function changeLines(
  definition: ResourceDefinition,
  changes: Record<string, { from: unknown; to: unknown }>,
): ChangeLine[] {
  const specOf = (key: string) =>
    definition.fields.find((field) => field.key === key) ??
    definition.columns.find((column) => column.key === key);
  const lines: ChangeLine[] = [];

  const changeOf = (key: string, from: unknown, to: unknown): ChangeLine | undefined => {
    const spec = specOf(key);
    if (!spec) return undefined;
    const valueSpec: ValueSpec = { kind: spec.kind, options: spec.options };
    if (spec.kind === 'permissions') {
      const summary = permissionsSummary(from, to);
      return { key, label: spec.label, from: EMPTY, to: EMPTY, summary };
    }
    const line: ChangeLine = {
      key,
      label: spec.label,
      from: formatValue(valueSpec, from) || EMPTY,
      to: formatValue(valueSpec, to) || EMPTY,
    };
    const references = 'references' in spec ? spec.references : undefined;
    if (spec.kind === 'reference' && references) {
      line.references = references;
      if (typeof from === 'number') line.fromId = from;
      if (typeof to === 'number') line.toId = to;
    }
    return line;
  };
  const add = (key: string, from: unknown, to: unknown) => {
    const line = changeOf(key, from, to);
    if (line) lines.push(line);
  };

  // Fields in the order the form shows them, then anything else the definition knows.
  const order = (key: string) => {
    const index = definition.fields.findIndex(
      (field) => field.key === key || field.key.startsWith(`${key}.`),
    );
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  const keys = Object.keys(changes).sort((a, b) => order(a) - order(b));

  /** The fields of one line, in the order the definition names them (`items.quantity`). */
  const lineFields = (key: string, from: Record<string, unknown>, to: Record<string, unknown>) =>
    definition.fields.flatMap((field) => {
      const sub = field.key.slice(key.length + 1);
      if (!field.key.startsWith(`${key}.`) || !(sub in from || sub in to)) return [];
      return changeOf(field.key, from[sub] ?? null, to[sub] ?? null) ?? [];
    });

  /**
   * "Item 2 incluído", "Item 1 alterado", "Item 3 removido": the lines field's label names one
   * line. Lines only in `from` were removed, only in `to` added, in both changed (id matches).
   */
  const addLines = (key: string, from: AuditLine[], to: AuditLine[]) => {
    const noun = specOf(key)?.label ?? 'Item';
    const before = new Map(from.map((line) => [line.id, line]));
    const after = new Map(to.map((line) => [line.id, line]));
    const entries = [
      ...from
        .filter((line) => !after.has(line.id))
        .map((line) => ({ change: 'removed' as const, line })),
      ...to.map((line) => ({
        change: before.has(line.id) ? ('changed' as const) : ('added' as const),
        line,
      })),
    ];
    const rank: Record<LineChange, number> = { removed: 0, changed: 1, added: 2 };
    entries.sort((a, b) => a.line.position - b.line.position || rank[a.change] - rank[b.change]);
    for (const { change, line } of entries) {
      const fields =
        change === 'removed'
          ? lineFields(key, line, {})
          : lineFields(key, before.get(line.id) ?? {}, line);
      lines.push({
        key: `${key}#${line.id}`,
        label: `${noun} ${line.position} ${lineChangeLabels[change]}`,
        from: EMPTY,
        to: EMPTY,
        line: { change, fields },
      });
    }
  };

  for (const key of keys) {
    const { from, to } = changes[key]!;
    if (isLineList(from) && isLineList(to)) {
      addLines(key, from, to);
      continue;
    }
    if (isPlainObject(from) || isPlainObject(to)) {
      const before = isPlainObject(from) ? from : {};
      const after = isPlainObject(to) ? to : {};
      const subKeys = new Set([...Object.keys(before), ...Object.keys(after)]);
      const nested = definition.fields
        .filter((field) => field.key.startsWith(`${key}.`))
        .map((field) => field.key.slice(key.length + 1));
      for (const sub of [...nested, ...[...subKeys].filter((s) => !nested.includes(s))]) {
        if (!subKeys.has(sub)) continue;
        const a = before[sub] ?? null;
        const b = after[sub] ?? null;
        if (JSON.stringify(a) !== JSON.stringify(b)) add(`${key}.${sub}`, a, b);
      }
      continue;
    }
    add(key, from, to);
  }
  return lines;
}
