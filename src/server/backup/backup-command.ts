import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { OperatorError } from '../operator-error.js';
import { backupDatabase } from './backup.js';
import { readBackupHeader, restoreDatabase } from './restore.js';

/** Where `npm run backup` writes when no file is given (git-ignored, beside `data/`). */
const BACKUP_FOLDER = 'backups';

/**
 * `npm run backup [-- FILE]` and `npm run restore -- FILE [--force]` (README "Backup and
 * restore"). Arguments and files are checked here, before main.ts starts any PostgreSQL; `run`
 * then works on the database main.ts resolved (the running server's embedded PostgreSQL is
 * shared, not stopped).
 */
export async function prepareBackupCommand(
  command: 'backup' | 'restore',
  args: string[],
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log: (message: string) => void,
): Promise<{ run: (databaseUrl: string) => Promise<void> }> {
  const where = describeDatabase(config);
  if (command === 'backup') {
    const { file } = parseCommandArgs(args, 'backup');
    if (!config.databaseUrl && !(await exists(path.join(config.dataDir, 'pg', 'PG_VERSION')))) {
      throw new OperatorError(
        `Não há banco de dados em ${config.dataDir} para copiar. Confira FABRIL_DATA_DIR ` +
          `(ou DATABASE_URL, para um PostgreSQL próprio).`,
      );
    }
    let target: string;
    if (file) target = fromOperator(file);
    else {
      await fs.mkdir(path.resolve(BACKUP_FOLDER), { recursive: true });
      target = defaultBackupFile(new Date());
    }
    return {
      run: async (databaseUrl) => {
        log(`Copiando o ${where}…`);
        const done = await backupDatabase(databaseUrl, target);
        log(
          `Cópia gravada em ${done.file}: ${done.tables} tabelas, ${count(done.rows)} linhas, ` +
            `${megabytes(done.bytes)} em ${seconds(done.ms)}.`,
        );
        log(`Para restaurá-la: npm run restore -- ${done.file}`);
      },
    };
  }

  const { file, force } = parseCommandArgs(args, 'restore');
  if (!file) {
    throw new OperatorError(
      'Informe o arquivo da cópia: npm run restore -- <arquivo> [--force] (as cópias de ' +
        `npm run backup ficam em ${path.resolve(BACKUP_FOLDER)}).`,
    );
  }
  const source = fromOperator(file);
  if (!(await exists(source)))
    throw new OperatorError(`Arquivo de cópia não encontrado: ${source}`);
  // A file that is not a copy, or one of a newer Fabril, is refused before any PostgreSQL starts.
  await readBackupHeader(source);
  return {
    run: async (databaseUrl) => {
      log(`Restaurando ${source} no ${where}…`);
      const done = await restoreDatabase(databaseUrl, source, { force });
      log(
        `Cópia de ${new Date(done.createdAt).toLocaleString('pt-BR')} restaurada: ` +
          `${done.tables} tabelas, ${count(done.rows)} linhas, em ${seconds(done.ms)}. ` +
          `Inicie o Fabril com npm start.`,
      );
    },
  };
}

/** backups/fabril-2026-11-25-2140.sql.gz: the local date and time, sorting in time order. */
function defaultBackupFile(now: Date, folder = path.resolve(BACKUP_FOLDER)): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  return path.join(folder, `fabril-${date}-${two(now.getHours())}${two(now.getMinutes())}.sql.gz`);
}

function parseCommandArgs(args: string[], command: 'backup' | 'restore') {
  const usage =
    command === 'backup'
      ? 'npm run backup [-- <arquivo>]'
      : 'npm run restore -- <arquivo> [--force]';
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: command === 'restore' ? { force: { type: 'boolean' } } : {},
    });
  } catch (error) {
    const option = /'([^']+)'/.exec((error as Error).message)?.[1];
    throw new OperatorError(`Opção desconhecida${option ? `: ${option}` : ''}. Uso: ${usage}`);
  }
  if (parsed.positionals.length > 1) {
    throw new OperatorError(`Informe um arquivo só. Uso: ${usage}`);
  }
  return { file: parsed.positionals[0], force: parsed.values.force === true };
}

/** A path as the operator typed it: relative to the folder npm was run from. */
const fromOperator = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `banco embutido de ${config.dataDir}`;
  try {
    const url = new URL(config.databaseUrl);
    return `banco ${url.pathname.slice(1)} de ${url.host} (DATABASE_URL)`;
  } catch {
    return 'banco de DATABASE_URL';
  }
}

const count = (n: number) => n.toLocaleString('pt-BR');
const seconds = (ms: number) =>
  `${(ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s`;
const megabytes = (bytes: number) =>
  bytes < 1e6
    ? `${Math.ceil(bytes / 1e3)} kB`
    : `${(bytes / 1e6).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );
