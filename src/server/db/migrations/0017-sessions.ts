import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Sessions that can end before their token expires (platform/auth.ts, account module).
 *
 * - `sessions`: one row per sign-in; the access token names it (`sid`). A session is valid while
 *   `ended_at` is null, `expires_at` is ahead and its user is active. Signing out ends the
 *   current one; a new password (changed by the user or set by an administrator) ends the user's
 *   others. Ending a session fires `access_changed` like a change to users or roles (migration
 *   0006), so every server process drops what it keeps of the signed-in users at once.
 * - `login_failures` becomes `login_attempts`: an attempt is written *before* its password is
 *   checked and counted with the others of its key; it is deleted again when the password was
 *   right or the attempt refused. Counting after reserving makes the throttle atomic: of 40
 *   parallel guesses on one e-mail, at most the limit are ever evaluated.
 * - `audit_log`: an entry written by an API request (it carries the request id) must name its
 *   user. Setup and console entries (the first administrator, `admin:reset-password`) have no
 *   request and no user. NOT VALID: rows written before this migration are not re-checked.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      ended_at timestamptz,
      ended_reason varchar(30)
    );
    CREATE INDEX sessions_user_open_idx ON sessions (user_id) WHERE ended_at IS NULL;
    CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);
    CREATE TRIGGER sessions_access_changed
      AFTER UPDATE OF ended_at OR TRUNCATE ON sessions
      FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();

    ALTER TABLE login_failures RENAME TO login_attempts;
    ALTER INDEX login_failures_key_at_idx RENAME TO login_attempts_key_at_idx;

    ALTER TABLE audit_log ADD CONSTRAINT audit_log_request_has_user
      CHECK (request_id IS NULL OR user_id IS NOT NULL) NOT VALID;
    `,
    )
    .execute(db);
}
