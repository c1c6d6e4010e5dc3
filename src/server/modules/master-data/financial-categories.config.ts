import { sql } from 'kysely';
import { messages } from '../../../shared/messages.js';
import { financialCategories } from '../../../shared/resources/financial-categories.js';
import type { Trx } from '../../db/connection.js';
import type { CrudConfig } from '../../platform/crud.js';
import { ValidationError } from '../../platform/errors.js';

/**
 * The tree's rules: a parent exists and has the same kind, a category is never its own ancestor,
 * and a kind change leaves no child of the other kind. Every save takes one transaction lock on
 * the tree first, so two moves that are each fine alone (A under B, B under A) cannot both pass.
 */
const TREE_LOCK = 'financial_categories.tree';

/** Whether `id` is `parentId` or one of its ancestors. */
async function isAncestorOrSelf(trx: Trx, id: number, parentId: number) {
  const { rows } = await sql<{ found: boolean }>`
    WITH RECURSIVE ancestors (id, parent_id) AS (
      SELECT id, parent_id FROM financial_categories WHERE id = ${parentId}
      UNION
      SELECT c.id, c.parent_id FROM financial_categories c JOIN ancestors a ON c.id = a.parent_id
    )
    SELECT EXISTS (SELECT 1 FROM ancestors WHERE id = ${id}) AS found`.execute(trx);
  return rows[0]?.found ?? false;
}

export const financialCategoriesConfig: CrudConfig = {
  definition: financialCategories,
  table: 'financialCategories',
  beforeSave: async (trx, input, before) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${TREE_LOCK}))`.execute(trx);
    const parentId = input.parentId as number | null;
    if (parentId !== null) {
      const parent = await trx
        .selectFrom('financialCategories')
        .select(['id', 'kind'])
        .where('id', '=', parentId)
        .executeTakeFirst();
      if (!parent) {
        throw new ValidationError({ parentId: messages.financialCategories.parentNotFound });
      }
      if (parent.kind !== input.kind) {
        throw new ValidationError({
          parentId: messages.financialCategories.parentOfOtherKind,
        });
      }
      if (before && (await isAncestorOrSelf(trx, before.id as number, parentId))) {
        throw new ValidationError({
          parentId: messages.financialCategories.cycle,
        });
      }
    }
    if (before && before.kind !== input.kind) {
      const otherKindChild = await trx
        .selectFrom('financialCategories')
        .select('id')
        .where('parentId', '=', before.id as number)
        .where('kind', '<>', input.kind as 'INCOME' | 'EXPENSE')
        .executeTakeFirst();
      if (otherKindChild) {
        throw new ValidationError({
          kind: messages.financialCategories.childrenOfOtherKind,
        });
      }
    }
  },
};
