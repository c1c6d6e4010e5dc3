import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ListQuery } from '../../shared/list-query.js';
import { messages } from '../../shared/messages.js';
import type { Db, DbOrTrx } from '../db/connection.js';
import type { Database } from '../db/types.js';
import { BoundedCache } from './bounded-cache.js';
import { NotFoundError, StaleVersionError, ValidationError } from './errors.js';
import { PageAnchors, type PageAnchor } from './page-anchors.js';

/**
 * The generic repository of ARCHITECTURE: list (page, sort, search, filters, total), findById,
 * create, update with the version check and delete for one table. An area's repo adds only its
 * own queries. Table and column names come from code, never from the request: `sort` and filters
 * are checked against the lists given here.
 */
export interface RepositoryOptions<Row> {
  table: keyof Database & string;
  /**
   * SQL expressions matched by `q`, accent- and case-insensitively (each has a trigram index).
   * A `normalize` rewrites `q` for that column: "123.456.789-09" finds the stored digits.
   */
  searchColumns: (string | { expression: string; normalize: (q: string) => string })[];
  /** API field → SQL expression allowed in `sort`. */
  sortable: Record<string, string>;
  defaultSort: string;
  /** Turns a database row into the API's shape (drop secrets, format values). */
  toApi?: (row: Record<string, unknown>) => Row;
  /**
   * A stored column with every search column's unaccented lowercase text, joined by U+001F,
   * under one trigram index (migration 0003): `q` is matched against it alone, instead of one
   * index scan and one f_unaccent(lower(…)) per column and row. A column whose `normalize`
   * rewrites `q` still gets its own condition for the rewritten term. The repository never
   * reads or returns it.
   */
  searchColumn?: string;
  /**
   * The table has a trigger-kept row count and change stamp in `row_counts` (migrations 0003
   * and 0004): a list then reads its total, or the stamp that validates a cached total, in the
   * same statement as its page — one round trip instead of two.
   */
  counted?: boolean;
}

// Kysely's types follow one table at a time; a repository generic over tables works on an
// untyped view of the same connection and types what it returns through `toApi`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySelect = SelectQueryBuilder<any, any, any>;
const untyped = (db: DbOrTrx) => db as unknown as AnyDb;
type Filter = (qb: AnySelect) => AnySelect;
type DbRow = Record<string, unknown>;
/** What an untyped insert, update or delete with RETURNING answers. */
interface Returning {
  execute: () => Promise<DbRow[]>;
  executeTakeFirst: () => Promise<DbRow | undefined>;
  executeTakeFirstOrThrow: () => Promise<DbRow>;
}

/** The extra columns a counted list's page query carries (the table's change stamp, and its row
 * count when unfiltered); one word each, so that the camel-case mapping leaves them as they are. */
const STAMP_COLUMN = 'liststamp';
const TOTAL_COLUMN = 'listtotal';

export function createRepository<Row = Record<string, unknown>>(options: RepositoryOptions<Row>) {
  const toApi = options.toApi ?? ((row: Record<string, unknown>) => row as Row);
  const table = options.table;
  const tableName = table.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const countCache = new BoundedCache<{ stamp: string; total: number }>(500);
  const anchors = new PageAnchors();

  function orderBy(sort: string | undefined): { column: string; direction: 'asc' | 'desc' } {
    const key = (sort ?? options.defaultSort).replace(/^-/, '');
    const column = options.sortable[key];
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
   * The table's columns as the catalog has them, read once per process (migrations run before
   * start). `columns`: what every read and every RETURNING of this repository takes — all but the
   * stored search text, which exists for the database's own queries and never leaves here (null:
   * the table has none, so all). `notNull`: a sort by one of these can start from a page anchor
   * (a row comparison would lose rows with NULLs).
   */
  let catalog: Promise<{ columns: string[] | null; notNull: Set<string> }> | undefined;
  function catalogOf(db: DbOrTrx) {
    catalog ??= sql<{ name: string; notnull: boolean }>`
      SELECT attname AS name, attnotnull AS notnull FROM pg_attribute
      WHERE attrelid = ${tableName}::regclass AND attnum > 0 AND NOT attisdropped
      ORDER BY attnum`
      .execute(db)
      .then(({ rows }) => ({
        columns: options.searchColumn
          ? rows.map((row) => row.name).filter((name) => name !== options.searchColumn)
          : null,
        notNull: new Set(rows.filter((row) => row.notnull).map((row) => row.name)),
      }))
      .catch((error: unknown) => {
        catalog = undefined;
        throw error;
      });
    return catalog;
  }
  const columnsOf = async (db: DbOrTrx) => (await catalogOf(db)).columns;

  /** SELECT the repository's columns (see catalogOf). */
  const selectColumns = (qb: AnySelect, columns: string[] | null) =>
    columns ? qb.select(columns) : qb.selectAll();

  function sorted(qb: AnySelect, sort: string | undefined, columns: string[] | null) {
    return ordered(selectColumns(qb, columns), sort);
  }

  /** RETURNING the repository's columns (see catalogOf), from an insert, update or delete. */
  function returningColumns(
    query: {
      returning: (columns: string[]) => Returning;
      returningAll: () => Returning;
    },
    columns: string[] | null,
  ): Returning {
    return columns ? query.returning(columns) : query.returningAll();
  }

  function countOf(qb: AnySelect) {
    return qb.select((eb) => eb.fn.countAll<string>().as('total'));
  }

  function countKey(qb: AnySelect) {
    const compiled = countOf(qb).compile();
    return `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  }

  /**
   * The list's total. Unfiltered, a table with a trigger-kept counter (migration 0003) answers
   * from it; COALESCE evaluates the count(*) only when there is no counter. Filtered or searched,
   * a table with a counter also has a change stamp (migration 0004): a count is kept in memory
   * with the stamp it was taken at, read in the same statement (one snapshot), and reused while
   * the stamp has not moved — paging through a search counts it once. Any process that sees the
   * same stamp sees the same committed rows, so the cache is never wrong, only sometimes cold.
   */
  async function total(db: DbOrTrx, qb: AnySelect, unfiltered: boolean): Promise<number> {
    if (unfiltered) {
      const { rows } = await sql<{ total: string }>`
        SELECT COALESCE(
          (SELECT row_count FROM row_counts WHERE table_name = ${tableName}),
          (SELECT count(*) FROM ${sql.table(table)})
        ) AS total`.execute(db);
      return Number(rows[0]!.total);
    }
    const countQuery = countOf(qb);
    const key = countKey(qb);
    const cached = countCache.get(key);
    if (cached) {
      const { rows } = await sql<{ changes: string }>`
        SELECT changes FROM row_counts WHERE table_name = ${tableName}`.execute(db);
      if (rows[0]?.changes === cached.stamp) return cached.total;
    }
    const { rows } = await sql<{ stamp: string | null; total: string }>`
      SELECT (SELECT changes FROM row_counts WHERE table_name = ${tableName}) AS stamp,
             (${countQuery}) AS total`.execute(db);
    const { stamp, total: counted } = rows[0]!;
    if (stamp !== null) countCache.set(key, { stamp, total: Number(counted) });
    return Number(counted);
  }

  /**
   * One page. Past the first, or when searching, the page's ids are found first (an index-only
   * scan of an index that covers the sort, and the search text for a search) and only those rows
   * are read, instead of every row that OFFSET skips or the search rejects. From an `anchor` (a
   * row known to sit at or before the page, see PageAnchors), the scan starts at that row — an
   * index seek on (sort, id) — and skips only the rows between it and the page.
   */
  function page(
    db: DbOrTrx,
    qb: AnySelect,
    query: ListQuery,
    columns: string[] | null,
    meta?: { total: boolean },
    anchor?: { id: number; skip: number },
  ) {
    const withMeta = (rows: AnySelect) => {
      if (!meta) return rows;
      const counter = (column: string) =>
        sql<string>`(SELECT ${sql.raw(column)} FROM row_counts WHERE table_name = ${tableName})`;
      const stamped = rows.select(counter('changes').as(STAMP_COLUMN));
      return meta.total ? stamped.select(counter('row_count').as(TOTAL_COLUMN)) : stamped;
    };
    let from = qb;
    let skip = (query.page - 1) * query.pageSize;
    if (anchor) {
      const { column, direction } = orderBy(query.sort);
      const sortColumn = sql.raw(column);
      // The anchor's own values come from a scalar subquery: a constant to the planner, so the
      // row comparison is an index condition on (sort, id).
      from = qb.where(
        sql<boolean>`(${sortColumn}, id) ${sql.raw(direction === 'asc' ? '>=' : '<=')} ((SELECT ${sortColumn} FROM ${sql.table(table)} WHERE id = ${anchor.id}), ${anchor.id})`,
      );
      skip = anchor.skip;
    }
    // A page that skips less than a page of rows, without search, reads its rows directly.
    if (skip < query.pageSize && !query.q) {
      return withMeta(sorted(from, query.sort, columns))
        .limit(query.pageSize)
        .offset(skip);
    }
    const ids = ordered(from.select('id'), query.sort).limit(query.pageSize).offset(skip);
    return withMeta(
      sorted(untyped(db).selectFrom(table).where('id', 'in', ids), query.sort, columns),
    );
  }

  /**
   * A counted table's list: page and total (or the stamp of a cached total) in one statement.
   * A deep page starts from the nearest page anchor of the same list; the statement reads the
   * stamp too, and when it is not the anchor's the page is read again without it.
   */
  async function countedList(db: DbOrTrx, qb: AnySelect, query: ListQuery, unfiltered: boolean) {
    const { columns, notNull } = await catalogOf(db);
    const offset = (query.page - 1) * query.pageSize;
    const key = countKey(qb);
    const { column } = orderBy(query.sort);
    const list =
      column === 'id' || notNull.has(column)
        ? `${key}\u0000${query.sort ?? options.defaultSort}`
        : undefined;
    const read = async (anchor?: PageAnchor) =>
      (await page(
        db,
        qb,
        query,
        columns,
        { total: unfiltered },
        anchor && { id: anchor.id, skip: offset - anchor.offset },
      ).execute()) as Record<string, unknown>[];

    const anchor = list && offset > 0 ? anchors.nearest(list, offset) : undefined;
    let rows = await read(anchor);
    if (anchor && rows[0]?.[STAMP_COLUMN] !== anchor.stamp) rows = await read();
    const stamp = rows[0]?.[STAMP_COLUMN] as string | undefined;
    const counted = rows[0]?.[TOTAL_COLUMN] as string | undefined;
    for (const row of rows) {
      delete row[STAMP_COLUMN];
      delete row[TOTAL_COLUMN];
    }
    if (stamp === undefined) return { rows, count: await total(db, qb, unfiltered) };
    if (list) {
      anchors.remember(list, stamp, [
        { offset, id: rows[0]!.id as number },
        { offset: offset + rows.length - 1, id: rows.at(-1)!.id as number },
      ]);
    }
    if (unfiltered) return { rows, count: Number(counted) };
    const cached = countCache.get(key);
    if (cached?.stamp === stamp) return { rows, count: cached.total };
    return { rows, count: await total(db, qb, false) };
  }

  return {
    async list(db: DbOrTrx, query: ListQuery, applyFilters?: Filter) {
      const qb = filtered(db, query.q, applyFilters);
      const unfiltered = !applyFilters && !query.q;
      const { rows, count } = options.counted
        ? await countedList(db, qb, query, unfiltered)
        : await Promise.all([
            page(db, qb, query, await columnsOf(db)).execute(),
            total(db, qb, unfiltered),
          ]).then(([rows, count]) => ({ rows, count }));
      return {
        items: rows.map(toApi),
        total: count,
        page: query.page,
        pageSize: query.pageSize,
      };
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
      await db
        .transaction()
        .setAccessMode('read only')
        .execute(async (trx) => {
          await sql`DECLARE list_cursor NO SCROLL CURSOR FOR ${qb}`.execute(trx);
          for (;;) {
            const { rows } = await sql<
              Record<string, unknown>
            >`FETCH ${sql.lit(batchSize)} FROM list_cursor`.execute(trx);
            if (rows.length) await onBatch(rows.map(toApi));
            if (rows.length < batchSize) break;
          }
        });
    },

    async findRow(db: DbOrTrx, id: number, forUpdate = false) {
      const from = untyped(db).selectFrom(table);
      let qb = selectColumns(from, await columnsOf(db)).where('id', '=', id);
      if (forUpdate) qb = qb.forUpdate();
      const row = await qb.executeTakeFirst();
      if (!row) throw new NotFoundError();
      return row as Record<string, unknown>;
    },

    async findById(db: DbOrTrx, id: number): Promise<Row> {
      return toApi(await this.findRow(db, id));
    },

    async insert(db: DbOrTrx, values: Record<string, unknown>, userId: number | null) {
      const insert = untyped(db)
        .insertInto(table)
        .values({ ...values, createdBy: userId, updatedBy: userId });
      return returningColumns(insert, await columnsOf(db)).executeTakeFirstOrThrow();
    },

    /**
     * Many rows with one INSERT per chunk (imports); answers the stored rows. Chunks keep each
     * statement far below PostgreSQL's limit of 65,535 parameters.
     */
    async insertMany(
      db: DbOrTrx,
      rows: Record<string, unknown>[],
      userId: number | null,
      chunkSize = 500,
    ) {
      const stored: Record<string, unknown>[] = [];
      const columns = await columnsOf(db);
      for (let start = 0; start < rows.length; start += chunkSize) {
        const chunk = rows
          .slice(start, start + chunkSize)
          .map((values) => ({ ...values, createdBy: userId, updatedBy: userId }));
        const insert = untyped(db).insertInto(table).values(chunk);
        const inserted = await returningColumns(insert, columns).execute();
        stored.push(...inserted);
      }
      return stored;
    },

    /** Writes only when `version` is the one stored; otherwise 409 (or 404 when gone). */
    async update(
      db: DbOrTrx,
      id: number,
      version: number,
      values: Record<string, unknown>,
      userId: number | null,
    ) {
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
      if (row) return row;
      await this.findRow(db, id);
      throw new StaleVersionError();
    },

    async delete(db: DbOrTrx, id: number) {
      const remove = untyped(db).deleteFrom(table).where('id', '=', id);
      const row = await returningColumns(remove, await columnsOf(db)).executeTakeFirst();
      if (!row) throw new NotFoundError();
      return row;
    },

    toApi,
  };
}

export function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
