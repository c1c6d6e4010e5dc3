import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { ListQuery } from '../../shared/list-query.js';
import { messages } from '../../shared/messages.js';
import type { Db, DbOrTrx } from '../db/connection.js';
import type { Bookkeeping, Database } from '../db/types.js';
import { NotFoundError, StaleVersionError, ValidationError } from './errors.js';
import { deleteUnlessInUse } from './in-use.js';
import { createListCounter } from './list-counts.js';
import type { AnySelect, Filter } from './list-filters.js';
import { eachRowBatch } from './sql-list.js';

/** The tables a repository serves: an id and the bookkeeping columns it writes. */
export type RepositoryTable = {
  [T in keyof Database]: Database[T] extends Bookkeeping & { id: unknown } ? T : never;
}[keyof Database];

/** A row of the table as a SELECT reads it (the stored search text is not in the types). */
export type StoredRow<T extends RepositoryTable> = Selectable<Database[T]>;
/** What an insert takes: the columns of the table but the bookkeeping the repository writes. */
export type NewRow<T extends RepositoryTable> = Omit<
  Insertable<Database[T]>,
  'createdBy' | 'updatedBy'
>;
/** What an update changes: the columns of the table but the bookkeeping the repository writes. */
export type RowChanges<T extends RepositoryTable> = Omit<
  Updateable<Database[T]>,
  'id' | 'version' | 'createdBy' | 'updatedBy' | 'updatedAt'
>;

/**
 * The generic repository of ARCHITECTURE: list (page, sort, search, filters, total), findById,
 * create, update with the version check and delete for one table. An area's repo adds only its
 * own queries. Table and column names come from code, never from the request: `sort` and filters
 * are checked against the lists given here.
 */
export interface RepositoryOptions<T extends RepositoryTable, Row> {
  table: T;
  /**
   * SQL expressions matched by `q`, accent- and case-insensitively (each has a trigram index).
   * A `normalize` rewrites `q` for that column: "123.456.789-09" finds the stored digits.
   */
  searchColumns: (string | { expression: string; normalize: (q: string) => string })[];
  /** API field → SQL expression allowed in `sort`. */
  sortable: Record<string, string>;
  defaultSort: string;
  /** Turns a database row into the API's shape (drop secrets, format values). */
  toApi?: (row: StoredRow<T>) => Row;
  /**
   * A stored column with every search column's unaccented lowercase text, joined by U+001F,
   * under one trigram index (migration 0003): `q` is matched against it alone, instead of one
   * index scan and one f_unaccent(lower(…)) per column and row. A column whose `normalize`
   * rewrites `q` still gets its own condition for the rewritten term. The repository never
   * reads or returns it.
   */
  searchColumn?: string;
  /** Totals from the trigger-kept row count and change stamp of `row_counts` (list-counts.ts). */
  counted?: boolean;
  /**
   * Columns of a referenced row shown on the list (the supplier's name on an order list), by API
   * field: read with every row, sortable by that field, and matched by `q` through the referenced
   * table's own trigram index (`key IN (SELECT id FROM … WHERE … LIKE …)`). The rows' types do
   * not name these fields (insert and update do not return them): `toApi` reads them as extras.
   */
  lookups?: Record<string, Lookup>;
  /**
   * Fields computed from other tables, by API field: an SQL expression over this table's row
   * (`checking_accounts.id`), read with every row and returned by insert, update and delete (a
   * checking account's balance). The rows' types do not name them: `toApi` reads them as extras.
   */
  computed?: Record<string, string>;
  /**
   * The API fields a list page reads, when a row of the list (its summary) is not the whole
   * record: each a column (`unitId`), a `computed` or `lookups` field, or one of
   * `listExpressions`; the id always. Without it a page reads every column. Exports, the read of
   * one row and writes read every column whatever this says.
   */
  listFields?: string[];
  /** API field → the SQL expression a list page reads it with (an address's city and UF only). */
  listExpressions?: Record<string, string>;
}

/** `{ table: 'suppliers', key: 'supplier_id', column: 'name' }`: suppliers.name of supplier_id. */
export interface Lookup {
  table: string;
  /** The referencing column of this table. */
  key: string;
  /** The referenced table's column shown. */
  column: string;
}

// Kysely's query builder cannot follow a table chosen by a type parameter; a repository works on
// an untyped view of the same connection and types its rows, inserts and updates from the
// table's types (StoredRow, NewRow, RowChanges) at its edges.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
const untyped = (db: DbOrTrx) => db as unknown as AnyDb;
type DbRow = Record<string, unknown>;
/** What an untyped insert, update or delete with RETURNING answers. */
interface Returning {
  execute: () => Promise<DbRow[]>;
  executeTakeFirst: () => Promise<DbRow | undefined>;
  executeTakeFirstOrThrow: () => Promise<DbRow>;
}

/**
 * The repository of `table`: its rows are the table's (StoredRow), what it answers is what
 * `toApi` makes of them (the row itself without one), so a wrong column name or type in a call
 * does not compile.
 */
export function createRepository<T extends RepositoryTable, Row = StoredRow<T>>(
  options: RepositoryOptions<T, Row>,
) {
  type Stored = StoredRow<T>;
  const toApi = (row: DbRow): Row =>
    options.toApi ? options.toApi(row as Stored) : (row as unknown as Row);
  const table: string = options.table;
  const tableName = snakeCase(table);
  const counter = options.counted ? createListCounter(tableName) : undefined;
  const lookups = Object.entries(options.lookups ?? {});
  /** API field → the scalar subquery that reads it from the referenced row. */
  const lookupExpressions = Object.fromEntries(
    lookups.map(([field, lookup]) => [
      field,
      `(SELECT ${lookup.column} FROM ${lookup.table} WHERE ${lookup.table}.id = ${tableName}.${lookup.key})`,
    ]),
  );

  function orderBy(sort: string | undefined): { column: string; direction: 'asc' | 'desc' } {
    const key = (sort ?? options.defaultSort).replace(/^-/, '');
    const column = options.sortable[key] ?? lookupExpressions[key];
    if (!column) throw new ValidationError({ sort: messages.invalid });
    return { column, direction: (sort ?? options.defaultSort).startsWith('-') ? 'desc' : 'asc' };
  }

  /** The list's rows before paging: filters, then `q` over every search column. */
  function filtered(db: DbOrTrx, q: string | undefined, applyFilters?: Filter) {
    let qb: AnySelect = untyped(db).selectFrom(table);
    if (applyFilters) qb = applyFilters(qb);
    if (q) {
      const like = (expression: string, term: string) =>
        sql<boolean>`${sql.raw(expression)} LIKE f_unaccent(lower(${`%${escapeLike(term)}%`}))`;
      // A term with a control character could match across the separator of the stored text.
      const hasControl = [...q].some((char) => char.charCodeAt(0) < 0x20);
      const combined = options.searchColumn && !hasControl ? options.searchColumn : null;
      qb = qb.where((eb) =>
        eb.or([
          ...(combined ? [like(combined, q)] : []),
          ...options.searchColumns.flatMap((column) => {
            const { expression, normalize } =
              typeof column === 'string' ? { expression: column, normalize: undefined } : column;
            const term = normalize ? normalize(q) : q;
            if (!term || (combined && term === q)) return [];
            return [like(`f_unaccent(lower(${expression}))`, term)];
          }),
          ...lookups.map(
            ([, lookup]) =>
              sql<boolean>`${sql.ref(`${tableName}.${lookup.key}`)} IN (SELECT id FROM ${sql.table(lookup.table)} WHERE ${like(`f_unaccent(lower(${lookup.column}))`, q)})`,
          ),
        ]),
      );
    }
    return qb;
  }

  function ordered<T extends AnySelect>(qb: T, sort: string | undefined): T {
    const { column, direction } = orderBy(sort);
    return qb.orderBy(sql.raw(column), direction).orderBy('id', direction) as T;
  }

  /**
   * The columns every read and every RETURNING of this repository takes, read from the catalog
   * once per process (migrations run before start): all but the stored search text, which exists
   * for the database's own queries and never leaves here (null: the table has none, so all).
   */
  let columns: Promise<string[] | null> | undefined;
  function columnsOf(db: DbOrTrx) {
    if (!options.searchColumn) return Promise.resolve(null);
    const hidden = options.searchColumn;
    columns ??= sql<{ name: string }>`
      SELECT attname AS name FROM pg_attribute
      WHERE attrelid = ${tableName}::regclass AND attnum > 0 AND NOT attisdropped
      ORDER BY attnum`
      .execute(db)
      .then(({ rows }) => rows.map((row) => row.name).filter((name) => name !== hidden))
      .catch((error: unknown) => {
        columns = undefined;
        throw error;
      });
    return columns;
  }

  const computed = Object.entries(options.computed ?? {}).map(([field, expression]) =>
    sql.raw(expression).as(snakeCase(field)),
  );

  /** SELECT the repository's columns (see columnsOf). */
  const selectColumns = (qb: AnySelect, columns: string[] | null) => {
    const selected = (columns ? qb.select(columns) : qb.selectAll()).select(computed);
    return lookups.reduce(
      (withLookups, [field]) =>
        withLookups.select(sql.raw(lookupExpressions[field]!).as(snakeCase(field))),
      selected,
    );
  };

  function sorted(qb: AnySelect, sort: string | undefined, columns: string[] | null) {
    return ordered(selectColumns(qb, columns), sort);
  }

  /** SELECT what a list page reads (see listFields). */
  const listSelection = options.listFields?.map((field) => {
    const expression =
      options.listExpressions?.[field] ?? options.computed?.[field] ?? lookupExpressions[field];
    return expression ? sql.raw(expression).as(snakeCase(field)) : snakeCase(field);
  });
  const selectListColumns = (qb: AnySelect, columns: string[] | null) =>
    listSelection ? qb.select(['id', ...listSelection]) : selectColumns(qb, columns);

  /** RETURNING the repository's columns (see columnsOf), from an insert, update or delete. */
  function returningColumns(
    query: {
      returning: (columns: (string | (typeof computed)[number])[]) => Returning;
      returningAll: () => Returning & { returning: (columns: typeof computed) => Returning };
    },
    columns: string[] | null,
  ): Returning {
    if (columns) return query.returning([...columns, ...computed]);
    return computed.length ? query.returningAll().returning(computed) : query.returningAll();
  }

  /**
   * One page. Past the first, or when searching, the page's ids are found first (an index-only
   * scan of an index that covers the sort, and the search text for a search) and only those rows
   * are read, instead of every row that OFFSET skips or the search rejects.
   */
  function page(db: DbOrTrx, qb: AnySelect, query: ListQuery, columns: string[] | null) {
    const skip = (query.page - 1) * query.pageSize;
    // A page that skips less than a page of rows, without search, reads its rows directly.
    if (skip < query.pageSize && !query.q) {
      return ordered(selectListColumns(qb, columns), query.sort).limit(query.pageSize).offset(skip);
    }
    const ids = ordered(qb.select('id'), query.sort).limit(query.pageSize).offset(skip);
    const rows = untyped(db).selectFrom(table).where('id', 'in', ids);
    return ordered(selectListColumns(rows, columns), query.sort);
  }

  async function countAll(qb: AnySelect) {
    const row = (await qb
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow()) as { total: string };
    return Number(row.total);
  }

  return {
    /** One page and the total; with `listFields`, its rows hold those fields only (typed as Row). */
    async list(db: DbOrTrx, query: ListQuery, applyFilters?: Filter) {
      const qb = filtered(db, query.q, applyFilters);
      const pageQuery = page(db, qb, query, listSelection ? null : await columnsOf(db));
      let rows: DbRow[];
      let total: number;
      if (counter) {
        const unfiltered = !applyFilters && !query.q;
        rows = (await counter.annotate(pageQuery, unfiltered).execute()) as DbRow[];
        total = await counter.total(db, qb, rows, unfiltered);
      } else {
        [rows, total] = await Promise.all([pageQuery.execute() as Promise<DbRow[]>, countAll(qb)]);
      }
      return { items: rows.map(toApi), total, page: query.page, pageSize: query.pageSize };
    },

    /**
     * Every row the list would show for the same `q`, filters and sort, without paging, handed
     * over in batches (exports). A server-side cursor reads them from one snapshot, so a row
     * written meanwhile is neither skipped nor repeated and deep offsets are never re-scanned.
     */
    async eachBatch(
      db: Db,
      query: Pick<ListQuery, 'q' | 'sort'>,
      onBatch: (rows: Row[]) => Promise<void> | void,
      options: { applyFilters?: Filter; batchSize?: number } = {},
    ) {
      const batchSize = options.batchSize ?? 1000;
      const qb = sorted(
        filtered(db, query.q, options.applyFilters),
        query.sort,
        await columnsOf(db),
      );
      await eachRowBatch<Record<string, unknown>>(
        db,
        sql`${qb}`,
        (rows) => onBatch(rows.map(toApi)),
        batchSize,
      );
    },

    async findRow(db: DbOrTrx, id: number, forUpdate = false) {
      const from = untyped(db).selectFrom(table);
      let qb = selectColumns(from, await columnsOf(db)).where('id', '=', id);
      if (forUpdate) qb = qb.forUpdate();
      const row = await qb.executeTakeFirst();
      if (!row) throw new NotFoundError();
      return row as Stored;
    },

    async findById(db: DbOrTrx, id: number): Promise<Row> {
      return toApi(await this.findRow(db, id));
    },

    async insert(db: DbOrTrx, values: NewRow<T>, userId: number | null) {
      const insert = untyped(db)
        .insertInto(table)
        .values({ ...values, createdBy: userId, updatedBy: userId });
      const row = await returningColumns(insert, await columnsOf(db)).executeTakeFirstOrThrow();
      return row as Stored;
    },

    /**
     * Many rows with one INSERT per chunk (imports); answers the stored rows. Chunks keep each
     * statement far below PostgreSQL's limit of 65,535 parameters.
     */
    async insertMany(db: DbOrTrx, rows: NewRow<T>[], userId: number | null, chunkSize = 500) {
      const stored: Stored[] = [];
      const columns = await columnsOf(db);
      for (let start = 0; start < rows.length; start += chunkSize) {
        const chunk = rows
          .slice(start, start + chunkSize)
          .map((values) => ({ ...values, createdBy: userId, updatedBy: userId }));
        const insert = untyped(db).insertInto(table).values(chunk);
        const inserted = await returningColumns(insert, columns).execute();
        stored.push(...(inserted as Stored[]));
      }
      return stored;
    },

    /** Writes only when `version` is the one stored; otherwise 409 (or 404 when gone). */
    async update(
      db: DbOrTrx,
      id: number,
      version: number,
      values: RowChanges<T>,
      userId: number | null,
    ): Promise<Stored> {
      const update = untyped(db)
        .updateTable(table)
        .set({
          ...values,
          updatedBy: userId,
          updatedAt: sql`now()`,
          version: sql`version + 1`,
        })
        .where('id', '=', id)
        .where('version', '=', version);
      const row = await returningColumns(update, await columnsOf(db)).executeTakeFirst();
      if (row) return row as Stored;
      await this.findRow(db, id);
      throw new StaleVersionError();
    },

    /** Deletes the row; 404 when it is not there, 409 IN_USE when other rows reference it. */
    async delete(db: DbOrTrx, id: number) {
      const remove = untyped(db).deleteFrom(table).where('id', '=', id);
      const columns = await columnsOf(db);
      const row = await deleteUnlessInUse(() =>
        returningColumns(remove, columns).executeTakeFirst(),
      );
      if (!row) throw new NotFoundError();
      return row as Stored;
    },

    toApi: (row: Stored) => toApi(row),
  };
}

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
