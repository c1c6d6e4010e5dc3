/** A row of GET /financial-categories, as the bill screens read it. */
export interface CategoryRow {
  id: number;
  name: string;
  parentId: number | null;
  kind: 'INCOME' | 'EXPENSE';
  active: boolean;
}

export interface CategoryOption {
  value: number;
  label: string;
}

/** Active categories of `nature`, labelled with their parent's name, sorted by that label. */
export function categoryOptions(rows: CategoryRow[], nature: string): CategoryOption[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return rows
    .filter((row) => row.active && row.kind === nature)
    .map((row) => {
      const parent = row.parentId === null ? undefined : byId.get(row.parentId);
      return { value: row.id, label: parent ? `${parent.name} › ${row.name}` : row.name };
    })
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
}
