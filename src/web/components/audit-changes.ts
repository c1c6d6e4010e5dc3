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
}

export const auditActionLabels: Record<string, string> = {
  create: 'Criado',
  update: 'Alterado',
  delete: 'Excluído',
  import: 'Importado',
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

  const add = (key: string, from: unknown, to: unknown) => {
    const spec = specOf(key);
    if (!spec) return;
    const valueSpec: ValueSpec = { kind: spec.kind, options: spec.options };
    if (spec.kind === 'permissions') {
      const summary = permissionsSummary(from, to);
      lines.push({ key, label: spec.label, from: EMPTY, to: EMPTY, summary });
      return;
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
    lines.push(line);
  };

  // Fields in the order the form shows them, then anything else the definition knows.
  const order = (key: string) => {
    const index = definition.fields.findIndex(
      (field) => field.key === key || field.key.startsWith(`${key}.`),
    );
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  const keys = Object.keys(changes).sort((a, b) => order(a) - order(b));

  for (const key of keys) {
    const { from, to } = changes[key]!;
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
