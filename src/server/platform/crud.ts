import { sql, type Generated } from 'kysely';
import { z } from 'zod';
import { version } from '../../shared/fields.js';
import type { ListQuery } from '../../shared/list-query.js';
import type { ResourceDefinition } from '../../shared/resource.js';
import {
  resourceOutputSchema,
  resourceSummarySchema,
  type ResourceRow,
} from '../../shared/resource-output.js';
import type { Db, DbOrTrx, Trx } from '../db/connection.js';
import type { Database } from '../db/types.js';
import { recordAudit, recordAuditMany, type AuditContext } from './audit.js';
import { ValidationError } from './errors.js';
import { ImportInvalidError } from './import-limits.js';
import { filterOf } from './list-filters.js';
import { createRepository, type RepositoryTable } from './repository.js';
import { isoDates } from './request-context.js';
import { resourceRoutes } from './resource-routes.js';
import { inTransaction } from './transaction.js';

/**
 * Generic CRUD for master data: a resource definition plus what only the server knows (table,
 * SQL expressions, domain hooks) becomes list/get/create/update/delete routes. Every write runs in
 * one transaction with its audit entry (the caller's, when given one); updates check `version`.
 */
/** A master-data row as the service hands it to the routes (see resourceOutputSchema). */
export type ApiRow = ResourceRow;

/**
 * The tables the generic CRUD serves: rows with a generated id. One CrudConfig type serves them
 * all, so the repository's rows are typed by the columns those tables share and its inputs are
 * the definition's validated body (Record<string, unknown>): the migrations, not the types, tie a
 * definition's fields to its table's columns. Exact types would make the config, its hooks and
 * the definition generic over the table.
 */
export type CrudTable = {
  [T in RepositoryTable]: Database[T]['id'] extends Generated<number> ? T : never;
}[RepositoryTable];

export interface CrudConfig {
  definition: ResourceDefinition;
  table: CrudTable;
  /** API field → SQL expression when it is not the snake_case column (`address.city`). */
  expressions?: Record<string, string>;
  /** API field → SQL expression for `sort` only (a collation that the filter must not get). */
  sortExpressions?: Record<string, string>;
  /** Search columns whose `q` is rewritten first (documents are stored without punctuation). */
  searchNormalizers?: Record<string, (q: string) => string>;
  /** Columns stored as jsonb. */
  jsonColumns?: string[];
  /** API field → SQL expression read with every row (see RepositoryOptions.computed). */
  computed?: Record<string, string>;
  /** Adds computed fields to what the API answers. */
  toApi?: (row: Record<string, unknown>) => Record<string, unknown>;
  /**
   * Completes the rows about to be written from other tables (an address's city code), inside
   * the write's transaction: all of an import's slice at once, so a slice costs a query, not one
   * per row. Runs before `beforeSave`; replaces the rows' values in place. A 400 it raises names
   * each row's field with its `paths` prefix (an import's "12." for line 12; '' otherwise).
   */
  prepare?: (trx: Trx, inputs: Record<string, unknown>[], paths?: string[]) => Promise<void>;
  /** Domain rules, inside the write's transaction, before it happens. */
  beforeSave?: (
    trx: Trx,
    input: Record<string, unknown>,
    before: Record<string, unknown> | null,
    ctx: AuditContext,
  ) => Promise<void>;
  /** After the row is written, still inside the transaction. */
  afterSave?: (trx: Trx, row: Record<string, unknown>) => Promise<void>;
  beforeDelete?: (trx: Trx, row: Record<string, unknown>) => Promise<void>;
  /** Fields unique in the table, checked by imports before writing (default: the documents). */
  uniqueFields?: string[];
  /** The stored search column that `q` is matched against (see RepositoryOptions). */
  searchColumn?: string;
  /** The table has a trigger-kept counter and change stamp in `row_counts` (0003, 0004). */
  counted?: boolean;
}

/** Rows an import writes and audits per step: an INSERT of the rows, one of their audit entries. */
const IMPORT_SLICE = 250;

export const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** `address.city` → `address->>'city'`; `tradeName` → `trade_name`. */
export function sqlExpression(config: CrudConfig, key: string): string {
  if (config.expressions?.[key]) return config.expressions[key];
  const [column, ...path] = key.split('.');
  const base = snakeCase(column!);
  return path.length ? `${base}->>'${path.join("'->>'")}'` : base;
}

/**
 * What a list page of the definition reads (RepositoryOptions.listFields): its list fields, a
 * jsonb column's keys (`address.city`, `address.state`) read as one object of those keys only.
 */
function listSelection(definition: ResourceDefinition) {
  const fields: string[] = [];
  const nested = new Map<string, string[]>();
  for (const key of definition.listFields) {
    const [root, ...path] = key.split('.') as [string, ...string[]];
    if (path.length === 0) fields.push(root);
    else if (nested.has(root)) nested.get(root)!.push(path.join('.'));
    else {
      fields.push(root);
      nested.set(root, [path.join('.')]);
    }
  }
  const expressions = Object.fromEntries(
    [...nested].map(([root, keys]) => [
      root,
      `jsonb_build_object(${keys.map((key) => `'${key}', ${snakeCase(root)}->'${key}'`).join(', ')})`,
    ]),
  );
  return { fields, expressions };
}

export function createCrudService(config: CrudConfig) {
  const { definition } = config;
  const listed = listSelection(definition);
  const entity = definition.path;
  const sortable = Object.fromEntries(
    definition.columns
      .filter((c) => c.sortable)
      .map((c) => [c.key, config.sortExpressions?.[c.key] ?? sqlExpression(config, c.key)]),
  );
  const toApi = (row: Record<string, unknown>) => {
    const api = isoDates(row);
    return (config.toApi ? config.toApi(api) : api) as ApiRow;
  };
  const repo = createRepository({
    table: config.table,
    searchColumns: definition.searchFields.map((field) => {
      const expression = sqlExpression(config, field);
      const normalize = config.searchNormalizers?.[field];
      return normalize ? { expression, normalize } : expression;
    }),
    sortable,
    defaultSort: definition.defaultSort,
    toApi,
    searchColumn: config.searchColumn,
    counted: config.counted,
    computed: config.computed,
    listFields: listed.fields,
    listExpressions: listed.expressions,
  });

  /** Equality on every filter of the definition; its key is an API field (`state` → address.state). */
  const filterRules = Object.fromEntries(
    Object.keys(definition.filtersSchema.shape).map((key) => [
      key,
      { equals: sqlExpression(config, key) },
    ]),
  );
  const applyFilters = (filters: Record<string, unknown>) => filterOf(filterRules, filters);

  /** A row as the audit records it: what was written, without the fields computed from others. */
  const computedKeys = Object.keys(config.computed ?? {});
  const audited = <R extends object>(row: R): R => {
    if (computedKeys.length === 0) return row;
    const copy = { ...row } as Record<string, unknown>;
    for (const key of computedKeys) delete copy[key];
    return copy as R;
  };

  const toRow = (input: Record<string, unknown>) => {
    const row: Record<string, unknown> = { ...input };
    for (const column of config.jsonColumns ?? []) {
      if (column in row) row[column] = JSON.stringify(row[column]);
    }
    return row;
  };

  function splitQuery(query: Record<string, unknown>) {
    const { page, pageSize, sort, q, ...filters } = query as ListQuery & Record<string, unknown>;
    return { list: { page, pageSize, sort, q }, filters };
  }

  return {
    repo,
    list: (db: Db, query: Record<string, unknown>) => {
      const { list, filters } = splitQuery(query);
      return repo.list(db, list, applyFilters(filters));
    },
    /** Every row of the list for the same query (paging ignored), batch by batch: exports. */
    eachBatch: (
      db: Db,
      query: Record<string, unknown>,
      onBatch: (rows: ApiRow[]) => Promise<void> | void,
    ) => {
      const { list, filters } = splitQuery(query);
      return repo.eachBatch(db, list, onBatch, { applyFilters: applyFilters(filters) });
    },
    /** The values of `field` among `values` that some row already has (imports' unique check). */
    existing: async (db: Db, field: string, values: string[]) => {
      const found = new Set<string>();
      const expression = sql.raw(sqlExpression(config, field));
      for (let start = 0; start < values.length; start += 5000) {
        const rows = await db
          .selectFrom(sql.table(config.table).as('t'))
          .select(sql<string>`${expression}`.as('value'))
          .where(sql<boolean>`${expression} = ANY(${values.slice(start, start + 5000)})`)
          .execute();
        for (const row of rows) found.add(row.value);
      }
      return found;
    },
    /**
     * Many validated rows in one transaction, with an audit entry each ('import'): all or none.
     * Rows go in with multi-row INSERTs; domain hooks, when a resource has them, still run per row.
     * A slice of rows is written and audited before the next is prepared, so no step holds the
     * event loop for long (50,000 rows at once held it 150 ms per step; 250 rows, some 20 ms).
     */
    importMany: (
      db: DbOrTrx,
      ctx: AuditContext,
      inputs: Record<string, unknown>[],
      lines?: number[],
    ) =>
      inTransaction(db, async (trx) => {
        let imported = 0;
        for (let start = 0; start < inputs.length; start += IMPORT_SLICE) {
          const slice = inputs.slice(start, start + IMPORT_SLICE);
          const paths = slice.map((_, i) => (lines ? `${lines[start + i]}.` : ''));
          await refusedAsImport(!!lines, () => config.prepare?.(trx, slice, paths));
          for (const input of slice) await config.beforeSave?.(trx, input, null, ctx);
          const rows = await repo.insertMany(trx, slice.map(toRow), ctx.userId);
          for (const row of rows) await config.afterSave?.(trx, row);
          await recordAuditMany(
            trx,
            ctx,
            rows.map((row) => ({
              entity,
              entityId: row.id,
              action: 'import',
              after: audited(row),
            })),
          );
          imported += rows.length;
        }
        return imported;
      }),
    get: (db: DbOrTrx, id: number) => repo.findById(db, id),

    create: (db: DbOrTrx, ctx: AuditContext, input: Record<string, unknown>) =>
      inTransaction(db, async (trx) => {
        await config.prepare?.(trx, [input]);
        await config.beforeSave?.(trx, input, null, ctx);
        const row = await repo.insert(trx, toRow(input), ctx.userId);
        await config.afterSave?.(trx, row);
        await recordAudit(trx, ctx, {
          entity,
          entityId: row.id,
          action: 'create',
          after: audited(row),
        });
        return repo.toApi(row);
      }),

    update: (db: DbOrTrx, ctx: AuditContext, id: number, input: Record<string, unknown>) =>
      inTransaction(db, async (trx) => {
        const { version: expected, ...values } = input as { version: number };
        const before = await repo.findRow(trx, id, true);
        await config.prepare?.(trx, [values]);
        await config.beforeSave?.(trx, values, before, ctx);
        const after = await repo.update(trx, id, expected, toRow(values), ctx.userId);
        await config.afterSave?.(trx, after);
        await recordAudit(trx, ctx, {
          entity,
          entityId: id,
          action: 'update',
          before: audited(before),
          after: audited(after),
        });
        return repo.toApi(after);
      }),

    remove: (db: DbOrTrx, ctx: AuditContext, id: number) =>
      inTransaction(db, async (trx) => {
        const before = await repo.findRow(trx, id, true);
        await config.beforeDelete?.(trx, before);
        await repo.delete(trx, id);
        await recordAudit(trx, ctx, {
          entity,
          entityId: id,
          action: 'delete',
          before: audited(before),
        });
      }),
  };
}

export type CrudService = ReturnType<typeof createCrudService>;

export function crudRoutes(db: Db, config: CrudConfig, service = createCrudService(config)) {
  const { definition } = config;
  return resourceRoutes(
    db,
    {
      path: definition.path,
      area: definition.area,
      schemas: {
        filters: definition.filtersSchema,
        create: definition.schema,
        update: definition.schema.and(z.object({ version: version() })),
        // What leaves the server: the definition's fields and bookkeeping, nothing else of the row.
        output: resourceOutputSchema(definition),
        // A list's row: what the list shows and its pickers read (listFields).
        summary: resourceSummarySchema(definition),
      },
    },
    {
      list: service.list,
      get: service.get,
      // A definition's schema is any zod type; a resource's body is always an object.
      create: (db, ctx, input) => service.create(db, ctx, input as Record<string, unknown>),
      update: service.update,
      delete: service.remove,
    },
  );
}

/**
 * What a row's preparation refuses (400 on `<line>.<field>`) is, in an import, the import's
 * refusal: nothing imported, each line named, as checkImport answers for the rows' own fields.
 */
async function refusedAsImport(isImport: boolean, work: () => Promise<void> | undefined) {
  try {
    await work();
  } catch (error) {
    if (!isImport || !(error instanceof ValidationError) || !error.fields) throw error;
    const lines = new Set(Object.keys(error.fields).map((key) => key.split('.')[0]));
    throw new ImportInvalidError(
      `Nenhum registro importado: ${lines.size} ${lines.size === 1 ? 'linha' : 'linhas'} com erro.`,
      error.fields,
    );
  }
}
