import { randomBytes } from 'node:crypto';
import { email as emailField, password as passwordField } from '../shared/fields.js';
import type { Db } from './db/connection.js';
import {
  activeAdministratorEmails,
  findCredentialsByEmail,
  setPassword,
} from './modules/users/index.js';
import { OperatorError } from './operator-error.js';
import { SYSTEM_ACTOR } from './platform/audit.js';
import { hashPassword } from './platform/passwords.js';
import { inTransaction } from './platform/transaction.js';

/**
 * `npm run admin:reset-password -- <e-mail>`: the way back from a lost password, for whoever runs
 * the server (no other administrator needed). The new password is the given one (ADMIN_PASSWORD)
 * or a random one, returned to be shown once. The history records that the password was reset,
 * by nobody signed in, never what it is.
 */
export async function resetPassword(
  db: Db,
  input: { email: string | undefined; password: string | undefined },
): Promise<{ email: string; password: string; active: boolean }> {
  const email = emailField().safeParse(input.email ?? '');
  if (!email.success) {
    throw new OperatorError(
      `Informe o e-mail do usuário: npm run admin:reset-password -- <e-mail>` +
        (input.email ? ` ("${input.email}" não é um e-mail).` : '.'),
    );
  }
  const password = input.password ?? randomBytes(9).toString('base64url');
  const valid = passwordField().safeParse(password);
  if (!valid.success) {
    throw new OperatorError(`ADMIN_PASSWORD: ${valid.error.issues[0]!.message}.`);
  }
  const passwordHash = await hashPassword(password);

  return inTransaction(db, async (trx) => {
    const user = await findCredentialsByEmail(trx, email.data, { forUpdate: true });
    if (!user) {
      const admins = await activeAdministratorEmails(trx);
      throw new OperatorError(
        `Nenhum usuário com o e-mail ${email.data}. ` +
          `Administradores: ${admins.join(', ') || 'nenhum'}.`,
      );
    }
    await setPassword(trx, SYSTEM_ACTOR, user.id, passwordHash, 'password-reset');
    return { email: email.data, password, active: user.active };
  });
}
