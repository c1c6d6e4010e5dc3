import { sql } from 'kysely';
import { stockLocations } from '../../../shared/resources/stock-locations.js';
import { recordAudit } from '../../platform/audit.js';
import type { CrudConfig } from '../../platform/crud.js';
import { BusinessRuleError } from '../../platform/errors.js';

/**
 * Exactly one default location: the first one created is it; marking another moves the mark
 * (the old default's change is audited too); the default cannot be unmarked, inactivated or
 * deleted. Every save first takes a transaction lock on "the default" (locking the current default
 * row alone is not enough: a request waiting on it finds no default once the other commits, and
 * both would mark their own row), so two requests cannot both move it or both create the first.
 */
const DEFAULT_LOCK = 'stock_locations.default';

export const stockLocationsConfig: CrudConfig = {
  definition: stockLocations,
  table: 'stockLocations',
  beforeSave: async (trx, input, before, ctx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${DEFAULT_LOCK}))`.execute(trx);
    const current = await trx
      .selectFrom('stockLocations')
      .selectAll()
      .where('isDefault', '=', true)
      .forUpdate()
      .executeTakeFirst();
    if (!current) input.isDefault = true;
    if (before?.isDefault && !input.isDefault) {
      throw new BusinessRuleError('Deve existir um local padrão: marque outro local como padrão.', {
        isDefault: 'Marque outro local como padrão em vez de desmarcar este.',
      });
    }
    if (input.isDefault && input.active === false) {
      throw new BusinessRuleError('O local padrão não pode ser inativado.', {
        active: 'O local padrão não pode ser inativado.',
      });
    }
    if (input.isDefault && current && current.id !== before?.id) {
      const after = await trx
        .updateTable('stockLocations')
        .set((eb) => ({
          isDefault: false,
          version: eb('version', '+', 1),
          updatedAt: new Date(),
          updatedBy: ctx.userId,
        }))
        .where('id', '=', current.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, ctx, {
        entity: stockLocations.path,
        entityId: current.id,
        action: 'update',
        before: current,
        after,
      });
    }
  },
  beforeDelete: async (_trx, row) => {
    if (row.isDefault) {
      throw new BusinessRuleError(
        'O local padrão não pode ser excluído; marque outro como padrão antes.',
      );
    }
  },
};
