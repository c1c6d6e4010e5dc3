import { randomBytes } from 'node:crypto';
import { email as emailField, password as passwordField } from '../shared/fields.js';
import type { Db } from './db/connection.js';
import { recordAudit } from './platform/audit.js';
import { hashPassword } from './platform/passwords.js';
import { OperatorError } from './operator-error.js';

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

  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'active'])
      .where('email', '=', email.data)
      .forUpdate()
      .executeTakeFirst();
    if (!user) {
      const admins = await trx
        .selectFrom('users')
        .innerJoin('roles', 'roles.id', 'users.roleId')
        .select('users.email')
        .where('roles.isSystem', '=', true)
        .where('users.active', '=', true)
        .orderBy('users.email')
        .execute();
      throw new OperatorError(
        `Nenhum usuário com o e-mail ${email.data}. ` +
          `Administradores: ${admins.map((admin) => admin.email).join(', ') || 'nenhum'}.`,
      );
    }
    await trx
      .updateTable('users')
      .set((eb) => ({
        passwordHash,
        updatedBy: null,
        updatedAt: new Date(),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', user.id)
      .execute();
    await recordAudit(
      trx,
      { userId: null },
      { entity: 'users', entityId: user.id, action: 'password-reset' },
    );
    return { email: email.data, password, active: user.active };
  });
}
