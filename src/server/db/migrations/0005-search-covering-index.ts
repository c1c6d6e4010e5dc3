import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * A searched list walks the rows in name order until it has a page of matches. With the stored
 * search text inside this index, that walk is an index-only scan that tests each entry without
 * touching the table; only the page's own rows are read afterwards (repository: ids first).
 * The plain (name, id) index stays for unsearched lists, whose deep pages scan it faster.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      ['clients', 'suppliers']
        .map(
          (table) =>
            `CREATE INDEX ${table}_name_search_idx ON ${table} (name, id) INCLUDE (search_text);`,
        )
        .join('\n'),
    )
    .execute(db);
}
