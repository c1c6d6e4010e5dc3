import type { Db } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { ensureCompany } from './modules/company/index.js';
import { ensureFirstAdministrator } from './modules/users/index.js';
import { resolveJwtSecret } from './platform/tokens.js';
import { inTransaction } from './platform/transaction.js';

/**
 * Everything a database needs before the server answers: migrations, the administrator of a new
 * database, the company placeholders and the token secret.
 */
export async function prepareDatabase(
  db: Db,
  options: { adminEmail?: string; adminPassword?: string; jwtSecret?: string },
) {
  const migrations = await migrate(db);
  const admin = await inTransaction(db, (trx) =>
    ensureFirstAdministrator(trx, { email: options.adminEmail, password: options.adminPassword }),
  );
  await ensureCompany(db);
  const jwtSecret = await resolveJwtSecret(db, options.jwtSecret);
  return { migrations, admin, jwtSecret };
}
