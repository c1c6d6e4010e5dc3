import type { ReactNode } from 'react';
import { codeNameSearch } from './code-name-ranking.js';

/** A row of GET /financial-categories, as the pickers of a bill's category read it. */
export interface CategoryRow {
  id: number;
  name: string;
  parentId: number | null;
  kind: 'INCOME' | 'EXPENSE';
  active: boolean;
}

/** A category that takes bills: its path for the picker's box, its name for the ranking. */
export interface CategoryLeafOption {
  value: number;
  /** "Custos de produção › Matéria-prima". */
  label: string;
  /** "Matéria-prima": what the search ranks and the open list shows under its group. */
  code: string;
}

/** A category with sub-categories: a heading of the picker, not a choice. */
export interface CategoryGroupOption {
  label: string;
  options: CategoryLeafOption[];
}

export type CategoryOption = CategoryLeafOption | CategoryGroupOption;

/**
 * The Plano de Contas as a picker offers it: bills are posted to the categories that have no
 * sub-categories (the analytic ones), so a category with active children is a group heading, which
 * neither a click nor Enter can pick, holding its descendants. A top-level category without
 * children is a choice of its own. Only active categories of `nature`, sorted by name.
 */
export function categoryOptions(rows: readonly CategoryRow[], nature: string): CategoryOption[] {
  const active = rows.filter((row) => row.active && row.kind === nature);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const parents = new Set(active.map((row) => row.parentId));
  const byName = (a: { label: string }, b: { label: string }) =>
    a.label.localeCompare(b.label, 'pt-BR');
  const path = (row: CategoryRow): CategoryRow[] => {
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    return parent ? [...path(parent), row] : [row];
  };

  const groups = new Map<number, CategoryGroupOption>();
  const options: CategoryOption[] = [];
  for (const row of active) {
    if (parents.has(row.id)) continue;
    const chain = path(row);
    const leaf = { value: row.id, label: chain.map((c) => c.name).join(' › '), code: row.name };
    const top = chain[0]!;
    if (top === row) {
      options.push(leaf);
      continue;
    }
    let group = groups.get(top.id);
    if (!group) {
      group = { label: top.name, options: [] };
      groups.set(top.id, group);
      options.push(group);
    }
    group.options.push(leaf);
  }
  for (const group of groups.values()) group.options.sort(byName);
  return options.sort(byName);
}

/**
 * The props a category Select adds to its options: the search and ranking of code-name
 * pickers, and each choice shown by its own name under its group (the box shows the path).
 */
export const categorySelectProps = {
  showSearch: codeNameSearch,
  optionRender: (option: { label?: ReactNode; data: Record<string, unknown> }) =>
    typeof option.data.code === 'string' ? option.data.code : option.label,
};
