import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * `row_counts.changes` grows with every committed statement that writes clients or suppliers
 * (insert, update, delete, truncate). A filtered or searched list's total, once counted, stays
 * right for as long as `changes` has not moved, so the server can answer it again without
 * recounting (see the repository's count cache); any server process sees the same stamp.
 *
 * The per-column trigram indexes of these two tables are dropped: since 0003 the list search
 * uses the stored `search_text` (plus `document` for a formatted document), and every extra
 * index costs each write and each plan.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
    ALTER TABLE row_counts ADD COLUMN changes bigint NOT NULL DEFAULT 0;

    CREATE OR REPLACE FUNCTION count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      delta bigint;
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        UPDATE row_counts SET row_count = 0, changes = changes + 1 WHERE table_name = TG_TABLE_NAME;
        RETURN NULL;
      END IF;
      SELECT count(*) INTO delta FROM changed_rows;
      IF delta > 0 THEN
        UPDATE row_counts
          SET row_count = row_count + CASE TG_OP WHEN 'INSERT' THEN delta WHEN 'DELETE' THEN -delta ELSE 0 END,
              changes = changes + 1
          WHERE table_name = TG_TABLE_NAME;
      END IF;
      RETURN NULL;
    END
    $$;

    ${['clients', 'suppliers']
      .map(
        (table) => `
    CREATE TRIGGER ${table}_count_update AFTER UPDATE ON ${table}
      REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
    DROP INDEX ${table}_name_trgm;
    DROP INDEX ${table}_trade_name_trgm;
    DROP INDEX ${table}_email_trgm;
    DROP INDEX ${table}_city_trgm;`,
      )
      .join('\n')}
  `,
    )
    .execute(db);
}
