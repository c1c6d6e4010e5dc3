import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { prepareDatabase } from './bootstrap.js';
import { readConfig } from './config.js';
import { createDb } from './db/connection.js';
import { resolveDatabase } from './db/database-url.js';
import { migrate } from './db/migrate.js';

/** CLI entry: `start` (the default) serves the app; `migrate` only runs the migrations. */
const command = process.argv[2] ?? 'start';
const config = readConfig();
const log = (message: string) => console.log(`[fabril] ${message}`);
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

async function main() {
  if (command !== 'start' && command !== 'migrate') {
    console.error(`Comando desconhecido: ${command}. Use "start" ou "migrate".`);
    process.exit(2);
  }
  const database = await resolveDatabase({ ...config, log });
  const db = createDb(database.url);
  let stopping = false;
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    await app?.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    await database.embedded?.stop().catch(() => undefined);
    process.exit(code);
  };
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  // Stops things in order: HTTP, pool, then PostgreSQL (see embedded-postgres.ts).
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  try {
    if (command === 'migrate') {
      const ran = await migrate(db);
      log(ran.length ? `Migrações aplicadas: ${ran.join(', ')}` : 'Banco de dados já atualizado.');
      return stop();
    }
    const prepared = await prepareDatabase(db, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      jwtSecret: config.jwtSecret,
    });
    app = await buildApp({
      db,
      databaseUrl: database.url,
      jwtSecret: prepared.jwtSecret,
      logLevel: config.logLevel,
      webDir,
    });
    await app.listen({ port: config.port, host: config.host });
    if (prepared.admin) {
      log(
        'Banco de dados novo: administrador criado. Guarde estas credenciais, elas não serão mostradas de novo:',
      );
      log(`  E-mail: ${prepared.admin.email}`);
      log(`  Senha:  ${prepared.admin.password}`);
    }
    log(
      `Fabril pronto em http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
    );
  } catch (error) {
    console.error(error);
    await stop(1);
  }
}

void main();
