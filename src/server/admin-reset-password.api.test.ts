import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resetPassword } from './admin-reset-password.js';
import { OperatorError } from './operator-error.js';
import { useTestApi } from './testing/api-app.js';
import { TEST_ADMIN } from './testing/test-database.js';

const api = useTestApi();
const ROOT = path.resolve(import.meta.dirname, '../..');

/** `npm run admin:reset-password -- <args>` as the README tells it, on the test database. */
function runCommand(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    ['src/server/main.ts', 'reset-password', ...args],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: api.url, ADMIN_PASSWORD: '', ...env },
      timeout: 60_000,
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function signsIn(email: string, password: string) {
  return api.login(email, password).then(
    () => true,
    () => false,
  );
}

describe('resetting a password from the command line', () => {
  it('gives the user a new random password, shown once, and records it in the history', async () => {
    const before = await api.db
      .selectFrom('users')
      .select(['id', 'version'])
      .where('email', '=', TEST_ADMIN.email)
      .executeTakeFirstOrThrow();

    const reset = await resetPassword(api.db, {
      email: ` ${TEST_ADMIN.email.toUpperCase()} `,
      password: undefined,
    });

    expect(reset.email).toBe(TEST_ADMIN.email);
    expect(reset.password).toMatch(/^[\w-]{12}$/);
    expect(await signsIn(TEST_ADMIN.email, reset.password)).toBe(true);
    expect(await signsIn(TEST_ADMIN.email, TEST_ADMIN.password)).toBe(false);
    const after = await api.db
      .selectFrom('users')
      .select('version')
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    expect(after.version).toBe(before.version + 1);
    const audit = await api.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entity', '=', 'users')
      .where('entityId', '=', String(before.id))
      .where('action', '=', 'password-reset')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: null });
    expect(JSON.stringify(audit[0]!.changes)).not.toContain(reset.password);
  });

  it('names the administrators when the e-mail is unknown, and changes nothing', async () => {
    const attempt = resetPassword(api.db, { email: 'ninguem@fabril.test', password: undefined });
    await expect(attempt).rejects.toThrow(OperatorError);
    await expect(attempt).rejects.toThrow(
      `Nenhum usuário com o e-mail ninguem@fabril.test. Administradores: ${TEST_ADMIN.email}.`,
    );
  });

  it('refuses a short ADMIN_PASSWORD', async () => {
    await expect(
      resetPassword(api.db, { email: TEST_ADMIN.email, password: 'curta' }),
    ).rejects.toThrow('ADMIN_PASSWORD: A senha deve ter pelo menos 8 caracteres.');
  });

  it('works as a command: framed output, ADMIN_PASSWORD taken, clear message without a stack', async () => {
    const chosen = { ADMIN_PASSWORD: 'escolhida-pelo-dono' };
    const done = runCommand([TEST_ADMIN.email], chosen);
    expect(done.output).toMatch(/┌─+┐\n│ Senha de admin@fabril\.test redefinida\. +│/);
    expect(done.output).toContain('A nova senha é a de ADMIN_PASSWORD.');
    expect(done.output).not.toContain(chosen.ADMIN_PASSWORD);
    expect(done.status).toBe(0);
    expect(await signsIn(TEST_ADMIN.email, chosen.ADMIN_PASSWORD)).toBe(true);

    const random = runCommand([TEST_ADMIN.email]);
    expect(random.status).toBe(0);
    const shown = /│ Nova senha: (\S+) +│/.exec(random.output)?.[1];
    expect(shown).toBeDefined();
    expect(await signsIn(TEST_ADMIN.email, shown!)).toBe(true);

    const missing = runCommand([]);
    expect(missing.status).toBe(1);
    expect(missing.output.trim()).toBe(
      '[fabril] Informe o e-mail do usuário: npm run admin:reset-password -- <e-mail>.',
    );
  });
});
