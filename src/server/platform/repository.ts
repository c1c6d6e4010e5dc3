import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ListQuery } from '../../shared/list-query.js';
import type { DbOrTrx } from '../db/connection.js';
import type { Database } from '../db/types.js';
import { NotFoundError, StaleVersionError, ValidationError } from './errors.js';

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
}

// Kysely's types follow one table at a time; a repository generic over tables works on an
// untyped view of the same connection and types what it returns through `toApi`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySelect = SelectQueryBuilder<any, any, any>;
const untyped = (db: DbOrTrx) => db as unknown as AnyDb;

export function createRepository<Row = Record<string, unknown>>(options: RepositoryOptions<Row>) {
  const toApi = options.toApi ?? ((row) => row as Row);
  const table = options.table;

  function orderBy(sort: string | undefined): { column: string; direction: 'asc' | 'desc' } {
    const key = (sort ?? options.defaultSort).replace(/^-/, '');
    const column = options.sortable[key];
    if (!column) throw new ValidationError({ sort: 'Valor inválido' });
    return { column, direction: (sort ?? options.defaultSort).startsWith('-') ? 'desc' : 'asc' };
  }

  return {
    async list(db: DbOrTrx, query: ListQuery, applyFilters?: (qb: AnySelect) => AnySelect) {
      let qb: AnySelect = untyped(db).selectFrom(table);
      if (applyFilters) qb = applyFilters(qb);
      if (query.q) {
        const q = query.q;
        qb = qb.where((eb) =>
          eb.or(
            options.searchColumns.flatMap((column) => {
              const { expression, normalize } =
                typeof column === 'string' ? { expression: column, normalize: undefined } : column;
              const term = normalize ? normalize(q) : q;
              if (!term) return [];
              const pattern = `%${escapeLike(term)}%`;
              return [
                sql<boolean>`f_unaccent(lower(${sql.raw(expression)})) LIKE f_unaccent(lower(${pattern}))`,
              ];
            }),
          ),
        );
      }
      const { column, direction } = orderBy(query.sort);
      const [rows, count] = await Promise.all([
        qb
          .selectAll()
          .orderBy(sql.raw(column), direction)
          .orderBy('id', direction)
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        qb.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map(toApi),
        total: Number(count.total),
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async findRow(db: DbOrTrx, id: number, forUpdate = false) {
      let qb = untyped(db).selectFrom(table).selectAll().where('id', '=', id);
      if (forUpdate) qb = qb.forUpdate();
      const row = await qb.executeTakeFirst();
      if (!row) throw new NotFoundError();
      return row as Record<string, unknown>;
    },

    async findById(db: DbOrTrx, id: number): Promise<Row> {
      return toApi(await this.findRow(db, id));
    },

    async insert(db: DbOrTrx, values: Record<string, unknown>, userId: number | null) {
      const row = await untyped(db)
        .insertInto(table)
        .values({ ...values, createdBy: userId, updatedBy: userId })
        .returningAll()
        .executeTakeFirstOrThrow();
      return row as Record<string, unknown>;
    },

    /** Writes only when `version` is the one stored; otherwise 409 (or 404 when gone). */
    async update(
      db: DbOrTrx,
      id: number,
      version: number,
      values: Record<string, unknown>,
      userId: number | null,
    ) {
      const row = await untyped(db)
        .updateTable(table)
        .set({
          ...values,
          updatedBy: userId,
          updatedAt: sql`now()`,
          version: sql`version + 1`,
        })
        .where('id', '=', id)
        .where('version', '=', version)
        .returningAll()
        .executeTakeFirst();
      if (row) return row as Record<string, unknown>;
      await this.findRow(db, id);
      throw new StaleVersionError();
    },

    async delete(db: DbOrTrx, id: number) {
      const row = await untyped(db)
        .deleteFrom(table)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new NotFoundError();
      return row as Record<string, unknown>;
    },

    toApi,
  };
}

export function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
