import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Every committed change to what a signed-in user is (name, e-mail, role, active; a role's name
 * or permissions; a user or role removed) sends `NOTIFY access_changed`. Each server process
 * listens and drops the users it keeps in memory (platform/signed-in-users.ts), so a request can
 * be authorised without reading the user again while nothing changed. NOTIFY is transactional:
 * it is delivered on commit, never for a rolled-back change. Only the columns a signed-in user
 * carries fire it: recording a login (`last_login_at`) does not empty every process's cache.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
    CREATE FUNCTION notify_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('access_changed', TG_TABLE_NAME);
      RETURN NULL;
    END
    $$;

    CREATE TRIGGER users_access_changed
      AFTER UPDATE OF name, email, role_id, active OR DELETE OR TRUNCATE ON users
      FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
    CREATE TRIGGER roles_access_changed
      AFTER UPDATE OF name, permissions OR DELETE OR TRUNCATE ON roles
      FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
    `,
    )
    .execute(db);
}
