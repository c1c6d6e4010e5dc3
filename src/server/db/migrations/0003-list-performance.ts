import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Lists of 100,000 clients within the p95 target (bench/lists, bench/README.md):
 *
 * - `row_counts`: the exact number of rows of the big tables, kept by statement-level triggers
 *   in the writing transaction, so an unfiltered list's `total` is one index lookup instead of a
 *   scan of the whole table. A write holds its table's counter row until it commits, which is
 *   fine for master data. The triggers are created after the data in a pg_dump, so a restore
 *   never counts twice.
 * - `search_text`: clients' and suppliers' searched fields (name, trade name, document, e-mail,
 *   city), unaccented and lowercase, joined by U+001F (which a search term never contains), in
 *   one stored column with one trigram index. `q` then costs one index scan and a plain LIKE per
 *   candidate row, instead of five index scans and five f_unaccent(lower(…)) per row.
 */
const SEPARATOR = "E'\\x1f'";

const searchText = (columns: string[]) =>
  `f_unaccent(lower(${columns.map((c) => `coalesce(${c}, '')`).join(` || ${SEPARATOR} || `)}))`;

const partySearchColumns = ['name', 'trade_name', 'document', 'email', "address->>'city'"];

const counted = ['clients', 'suppliers'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE row_counts (
      table_name text PRIMARY KEY,
      row_count bigint NOT NULL
    );

    CREATE FUNCTION count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      delta bigint;
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        UPDATE row_counts SET row_count = 0 WHERE table_name = TG_TABLE_NAME;
        RETURN NULL;
      END IF;
      SELECT count(*) INTO delta FROM changed_rows;
      IF delta > 0 THEN
        UPDATE row_counts
          SET row_count = row_count + CASE WHEN TG_OP = 'INSERT' THEN delta ELSE -delta END
          WHERE table_name = TG_TABLE_NAME;
      END IF;
      RETURN NULL;
    END
    $$;

    ${counted
      .map(
        (table) => `
    INSERT INTO row_counts (table_name, row_count) SELECT '${table}', count(*) FROM ${table};
    CREATE TRIGGER ${table}_count_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
    CREATE TRIGGER ${table}_count_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
    CREATE TRIGGER ${table}_count_truncate AFTER TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION count_rows();`,
      )
      .join('\n')}

    ${['clients', 'suppliers']
      .map(
        (table) => `
    ALTER TABLE ${table} ADD COLUMN search_text text COLLATE "C"
      GENERATED ALWAYS AS (${searchText(partySearchColumns)}) STORED;
    CREATE INDEX ${table}_search_text_trgm ON ${table} USING gin (search_text gin_trgm_ops);`,
      )
      .join('\n')}
  `,
    )
    .execute(db);
}
