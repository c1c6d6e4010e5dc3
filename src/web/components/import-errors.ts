import type { ResourceDefinition } from '../../shared/resource.js';

export interface ImportProblem {
  key: string;
  line: number;
  field: string;
  message: string;
}

/** The screen label of an API field (`address.zipCode` → `CEP`), or the key itself. */
function fieldLabel(definition: ResourceDefinition, key: string): string {
  return (
    definition.fields.find((field) => field.key === key)?.label ??
    definition.columns.find((column) => column.key === key)?.label ??
    key
  );
}

/**
 * The import's `fields` (`{ '3.document': 'CPF inválido' }`) as table rows: line, field label
 * and message, in line order. The field part may itself be nested (`3.address.zipCode`).
 */
export function importProblems(
  definition: ResourceDefinition,
  fields: Record<string, string>,
): ImportProblem[] {
  return Object.entries(fields)
    .map(([key, message]) => {
      const dot = key.indexOf('.');
      const line = dot > 0 ? Number(key.slice(0, dot)) : NaN;
      const field = dot > 0 ? key.slice(dot + 1) : key;
      return {
        key,
        line: Number.isFinite(line) ? line : 0,
        field: fieldLabel(definition, field),
        message,
      };
    })
    .sort((a, b) => a.line - b.line || a.field.localeCompare(b.field, 'pt-BR'));
}
