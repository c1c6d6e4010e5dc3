import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resetPassword } from './admin-reset-password.js';
import { buildApp } from './app.js';
import { resolveCertificateKey } from './certificate-key.js';
import { prepareDatabase } from './bootstrap.js';
import { readConfig, readNfeCaFile } from './config.js';
import { frame } from './console-frame.js';
import { createDb, type Db } from './db/connection.js';
import { resolveDatabase } from './db/database-url.js';
import { migrate } from './db/migrate.js';
import { OperatorError } from './operator-error.js';
import { setListCountReuse } from './platform/list-counts.js';

/**
 * CLI entry: `start` (the default) serves the app, `start --demo` (or just `--demo`) after filling
 * a new database with the demo company; `demo` fills the database with it and exits; `migrate`
 * only runs the migrations; `reset-password <e-mail>` gives a user a new password; `backup [file]`
 * and `restore <file> [--force]` copy the database (README "Scripts").
 */
const COMMANDS = ['start', 'demo', 'migrate', 'reset-password', 'backup', 'restore'];
const argv = process.argv.slice(2);
// `npm start -- --demo` runs `node scripts/start.mjs --demo`: the flag comes first.
const serveDemo = argv.includes('--demo');
const [command = 'start', ...args] = argv.filter((arg) => arg !== '--demo');
const log = (message: string) => console.log(`[fabril] ${message}`);
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

async function main() {
  if (!COMMANDS.includes(command)) {
    console.error(`Comando desconhecido: ${command}. Use ${COMMANDS.join(', ')}.`);
    process.exit(2);
  }
  let database: Awaited<ReturnType<typeof resolveDatabase>> | undefined;
  let db: Db | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopping = false;
  // Stops things in order: HTTP, pool, then PostgreSQL (see embedded-postgres.ts). On Ctrl+C the
  // terminal signals the whole process group, the embedded PostgreSQL too, and npm forwards the
  // signal once more: every part tolerates PostgreSQL going first, and a second signal is ignored.
  const stop = async (code: number, farewell?: string) => {
    if (stopping) return;
    stopping = true;
    await app?.close().catch(() => undefined);
    await db?.destroy().catch(() => undefined);
    await database?.embedded?.stop().catch(() => undefined);
    if (farewell) log(farewell);
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0, 'Fabril parado.'));
  process.on('SIGTERM', () => void stop(0, 'Fabril parado.'));

  try {
    const config = readConfig();
    setListCountReuse(config.listCountReuse);
    // Loaded only for these commands: the server's start-up does not pay for them.
    const copying =
      command === 'backup' || command === 'restore'
        ? await (
            await import('./backup/backup-command.js')
          ).prepareBackupCommand(command, args, config, log)
        : null;
    database = await resolveDatabase({
      ...config,
      log,
      // The server may be running on the same data directory while a password is reset or the
      // database copied (a restore then refuses: the server's connections are open).
      shareRunning: command !== 'start' && command !== 'migrate' && command !== 'demo',
    });
    if (copying) {
      await copying.run(database.url);
      return await stop(0);
    }
    db = createDb(database.url);

    if (command === 'migrate') {
      const ran = await migrate(db);
      log(ran.length ? `Migrações aplicadas: ${ran.join(', ')}` : 'Banco de dados já atualizado.');
      return await stop(0);
    }
    if (command === 'reset-password') {
      await migrate(db);
      const reset = await resetPassword(db, { email: args[0], password: config.adminPassword });
      const lines = [
        `Senha de ${reset.email} redefinida.`,
        ...(config.adminPassword
          ? ['A nova senha é a de ADMIN_PASSWORD.']
          : [`Nova senha: ${reset.password}`, 'Guarde-a: ela não será mostrada de novo.']),
        ...(reset.active ? [] : ['Este usuário está inativo: reative-o para que possa entrar.']),
      ];
      console.log(frame(lines));
      return await stop(0);
    }

    const prepared = await prepareDatabase(db, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      jwtSecret: config.jwtSecret,
    });
    if (serveDemo && command !== 'start') {
      throw new OperatorError('--demo vale só para iniciar o servidor: npm start -- --demo.');
    }
    const sefaz = {
      serviceUrl: config.nfeSefazUrl,
      extraCaPem: readNfeCaFile(config.nfeCaFile),
      timeoutSeconds: config.nfeTimeoutSeconds,
    };
    app = await buildApp({
      db,
      databaseUrl: database.url,
      jwtSecret: prepared.jwtSecret,
      certificateKey: resolveCertificateKey({
        envValue: config.certificateKey,
        dataDir: config.dataDir,
      }),
      logLevel: config.logLevel,
      logFormat: config.logFormat,
      webDir,
      sessionHours: config.sessionHours,
      trustProxy: config.trustProxy,
      apiDocsPublic: config.apiDocsPublic,
      sefaz,
    });
    if (command === 'demo' || serveDemo) {
      // Loaded only here: the server's start-up does not pay for the demo.
      const { demoSignIns, runDemo } = await import('./demo/index.js');
      const made = await runDemo(app, db, {
        jwtSecret: prepared.jwtSecret,
        sefaz,
        log,
        ...(config.demoDays ? { days: config.demoDays } : {}),
      });
      console.log(frame(demoSignIns(made, prepared.admin?.password ?? config.adminPassword)));
      if (command === 'demo') return await stop(0);
    }
    await app.listen({
      port: config.port,
      host: config.host,
      listenTextResolver: (address) => `Ouvindo em ${address}`,
    });
    log(
      `Fabril pronto em http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
    );
    if (prepared.admin) {
      // Last, and framed, so that the first request lines do not push it out of sight.
      console.log(
        frame([
          'Banco de dados novo: administrador criado.',
          `E-mail: ${prepared.admin.email}`,
          `Senha:  ${prepared.admin.password}`,
          'Guarde estas credenciais: elas não serão mostradas de novo.',
          'Esqueceu a senha? npm run admin:reset-password -- <e-mail>',
        ]),
      );
    }
  } catch (error) {
    // Stopping already (a signal during start-up): the failure is only its consequence.
    if (stopping) return;
    if (error instanceof OperatorError) console.error(`[fabril] ${error.message}`);
    else console.error(error);
    await stop(1);
  }
}

void main();
