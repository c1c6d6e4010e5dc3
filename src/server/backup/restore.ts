import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { PostgresPool } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { dbOverPool } from '../db/connection.js';
import { createMigrationsTable } from '../db/migrate.js';
import { migrations as knownMigrations } from '../db/migrations/index.js';
import { OperatorError } from '../operator-error.js';
import {
  copyLine,
  copyStatement,
  END_PREFIX,
  FORMAT_LINE,
  FORMAT_PREFIX,
  HEADER_PREFIX,
  qualified,
  SEQUENCES_PREFIX,
  SESSION_SETTINGS,
  type BackupEnd,
  type BackupHeader,
  type BackupSequences,
} from './backup-format.js';

export interface RestoreSummary {
  tables: number;
  rows: number;
  migrations: number;
  createdAt: string;
  ms: number;
}

/**
 * Loads a file of `npm run backup` into the database at `databaseUrl`, which must be empty (no
 * tables) unless `force`, in which case what it holds is replaced. One transaction does it all:
 * the schema as the file's migrations build it, the rows (COPY … FREEZE), the foreign keys
 * checked once at the end, the sequences; a failure leaves the database as it was. Triggers are
 * off while loading, as in a pg_dump restore, so the row counters are the ones copied. Refused
 * while another session uses the database (a running server would keep its old caches).
 */
export async function restoreDatabase(
  databaseUrl: string,
  file: string,
  options: { force?: boolean } = {},
): Promise<RestoreSummary> {
  const started = performance.now();
  const reader = await BackupReader.open(file);
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: 'fabril-restore',
  });
  try {
    const header = await reader.header();

    await client.connect();
    await client.query(SESSION_SETTINGS);
    await client.query('BEGIN');
    await ensureRestorable(client, options.force ?? false);

    // The schema as it was when the copy was taken: the copy's migrations, in the server's order.
    // Those after them run at the next start, on the restored rows, as after any upgrade.
    const pool: PostgresPool = {
      connect: async () => Object.assign(client, { release: () => undefined }),
      end: async () => undefined,
    };
    const db = dbOverPool(pool);
    await createMigrationsTable(db);
    const wanted = new Set(header.migrations);
    for (const migration of knownMigrations) {
      if (wanted.has(migration.name)) await migration.up(db);
    }

    const foreignKeys = await dropForeignKeys(client);
    const indexes = await dropIndexes(client);
    const tables = (
      await client.query<{ name: string }>(`
        SELECT relname AS name FROM pg_class
         WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'`)
    ).rows.map((row) => qualified(row.name));
    for (const table of tables) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    // What the migrations seeded goes: the copy has those rows as they were.
    await client.query(`TRUNCATE ${tables.join(', ')}`);

    const loaded: Record<string, number> = {};
    for (const table of header.tables) {
      const line = await reader.line();
      if (line !== copyLine(table)) throw reader.damaged(`esperava os dados de ${table.name}`);
      const copy = copyFrom(`${copyStatement(table, 'FROM stdin')} WITH (FREEZE)`);
      await pipeline(reader.block(), client.query(copy)).catch((error: Error) => {
        throw (
          reader.failure ??
          new OperatorError(
            `A cópia não pôde ser carregada (tabela ${table.name}: ${error.message}); ` +
              `nada foi alterado.`,
          )
        );
      });
      loaded[table.name] = copy.rowCount;
    }
    const sequences = reader.json<BackupSequences>(await reader.line(), SEQUENCES_PREFIX);
    const end = reader.json<BackupEnd>(await reader.line(), END_PREFIX);
    for (const table of header.tables) {
      if (end.rows[table.name] !== loaded[table.name]) {
        throw reader.damaged(
          `${table.name}: ${loaded[table.name]} linhas lidas, ${end.rows[table.name]} gravadas`,
        );
      }
    }

    // Built once over all the rows, as pg_restore does, instead of entry by entry while loading.
    await client.query(`SET maintenance_work_mem = '256MB'`);
    for (const index of indexes) await client.query(index);
    for (const key of foreignKeys) {
      await client.query(`ALTER TABLE ${key.table} ADD CONSTRAINT ${key.name} ${key.definition}`);
    }
    for (const table of tables) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    for (const [name, [value, called]] of Object.entries(sequences)) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
        qualified(name),
        value,
        called,
      ]);
    }
    await client.query('COMMIT');
    // Statistics for the planner now rather than when autovacuum gets to them.
    await client.query('ANALYZE');
    return {
      tables: header.tables.length,
      rows: Object.values(loaded).reduce((sum, n) => sum + n, 0),
      migrations: header.migrations.length,
      createdAt: header.createdAt,
      ms: performance.now() - started,
    };
  } finally {
    reader.close();
    await client.end().catch(() => undefined);
  }
}

/** The header of a backup file, which this Fabril can restore; refuses anything else. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const reader = await BackupReader.open(file);
  try {
    return await reader.header();
  } finally {
    reader.close();
  }
}

/**
 * Refuses a database that another session uses or, without `force`, one that has tables; empties
 * the schema of anything left in it (with `force`, the data it replaces).
 */
async function ensureRestorable(client: pg.Client, force: boolean) {
  const {
    rows: [usage],
  } = await client.query<{ sessions: number; tables: number; objects: number }>(`
    SELECT (SELECT count(*)::int FROM pg_stat_activity
             WHERE datname = current_database() AND pid <> pg_backend_pid()
               AND backend_type = 'client backend') AS sessions,
           (SELECT count(*)::int FROM pg_class c
             WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')) AS tables,
           (SELECT count(*)::int FROM pg_class c
             WHERE c.relnamespace = 'public'::regnamespace
               AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                                 AND d.objid = c.oid AND d.deptype = 'e'))
         + (SELECT count(*)::int FROM pg_proc p
             WHERE p.pronamespace = 'public'::regnamespace
               AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass
                                 AND d.objid = p.oid AND d.deptype = 'e')) AS objects`);
  if (usage!.sessions > 0) {
    throw new OperatorError(
      `Há ${usage!.sessions} outra(s) conexão(ões) abertas ao banco de dados de destino (o ` +
        `Fabril está em execução?). Pare o servidor antes de restaurar.`,
    );
  }
  if (usage!.tables > 0 && !force) {
    throw new OperatorError(
      `O banco de dados de destino já tem dados (${usage!.tables} tabelas). A restauração não ` +
        `os substitui sem --force: use um banco vazio (ou outra FABRIL_DATA_DIR), ou repita ` +
        `com --force para apagá-los e pôr a cópia no lugar.`,
    );
  }
  if (usage!.objects > 0) {
    await client.query(`
      DROP SCHEMA public CASCADE;
      CREATE SCHEMA public AUTHORIZATION pg_database_owner;
      GRANT USAGE ON SCHEMA public TO PUBLIC;`);
  }
}

/** The foreign keys, dropped to load the tables in any order; added back (and so checked) after. */
async function dropForeignKeys(client: pg.Client) {
  const { rows } = await client.query<{ table: string; name: string; definition: string }>(`
    SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
     WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace
     ORDER BY c.relname, k.conname`);
  const keys = rows.map((row) => ({
    table: qualified(row.table),
    name: client.escapeIdentifier(row.name),
    definition: row.definition,
  }));
  for (const key of keys)
    await client.query(`ALTER TABLE ${key.table} DROP CONSTRAINT ${key.name}`);
  return keys;
}

/**
 * The indexes that no constraint owns (primary keys and unique constraints stay: they check the
 * rows as they come), dropped for the load; their definitions, to build them again, are returned.
 */
async function dropIndexes(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(`
    SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
     WHERE i.relnamespace = 'public'::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.oid)
     ORDER BY i.relname`);
  for (const row of rows) await client.query(`DROP INDEX ${qualified(row.name)}`);
  return rows.map((row) => row.definition);
}

const TERMINATOR = Buffer.from('\n\\.\n');
const EMPTY_BLOCK = Buffer.from('\\.\n');

/** Reads a backup file: its control lines, and each table's block as a stream for COPY. */
class BackupReader {
  private buffer: Buffer = Buffer.alloc(0);
  private ended = false;
  private started = false;
  /** Why the file could not be read, when a COPY that was reading it failed because of it. */
  failure: OperatorError | null = null;

  private constructor(
    private readonly file: string,
    private readonly stream: zlib.Gunzip,
    private readonly chunks: AsyncIterator<Buffer>,
  ) {}

  static async open(file: string): Promise<BackupReader> {
    await fsp.access(file, fs.constants.R_OK).catch(() => {
      throw new OperatorError(
        `Arquivo de cópia não encontrado ou sem permissão de leitura: ${file}`,
      );
    });
    const source = fs.createReadStream(file);
    const gunzip = zlib.createGunzip();
    source.on('error', (error) => gunzip.destroy(error));
    source.pipe(gunzip);
    return new BackupReader(file, gunzip, gunzip[Symbol.asyncIterator]());
  }

  async header(): Promise<BackupHeader> {
    const first = await this.line();
    if (first !== FORMAT_LINE) {
      throw new OperatorError(
        first?.startsWith(FORMAT_PREFIX)
          ? `${this.file} é uma cópia de outra versão do formato (${first.slice(3)}): ` +
              `restaure-a com a versão do Fabril que a fez.`
          : `${this.file} não é uma cópia do Fabril (feita com npm run backup).`,
      );
    }
    const header = this.json<BackupHeader>(await this.line(), HEADER_PREFIX);
    const known = new Set(knownMigrations.map((migration) => migration.name));
    const unknown = header.migrations.filter((name) => !known.has(name));
    if (unknown.length) {
      throw new OperatorError(
        `A cópia ${this.file} foi feita por uma versão mais nova do Fabril (migração ` +
          `${unknown.join(', ')} desconhecida): atualize o Fabril antes de restaurá-la.`,
      );
    }
    return header;
  }

  json<T>(line: string | null, prefix: string): T {
    if (!line?.startsWith(prefix)) throw this.damaged(`esperava "${prefix.trim()}"`);
    return JSON.parse(line.slice(prefix.length)) as T;
  }

  async line(): Promise<string | null> {
    for (;;) {
      const end = this.buffer.indexOf(10);
      if (end >= 0) {
        const line = this.buffer.toString('utf8', 0, end);
        this.buffer = this.buffer.subarray(end + 1);
        return line;
      }
      if (!(await this.more())) return null;
    }
  }

  /** One table's rows, up to (not including) the line `\.`, which is consumed. */
  async *block(): AsyncGenerator<Buffer> {
    while (this.buffer.length < EMPTY_BLOCK.length) {
      if (!(await this.more())) throw this.damaged('terminou no meio dos dados');
    }
    if (this.buffer.subarray(0, EMPTY_BLOCK.length).equals(EMPTY_BLOCK)) {
      this.buffer = this.buffer.subarray(EMPTY_BLOCK.length);
      return;
    }
    for (;;) {
      const end = this.buffer.indexOf(TERMINATOR);
      if (end >= 0) {
        const rows = this.buffer.subarray(0, end + 1);
        this.buffer = this.buffer.subarray(end + TERMINATOR.length);
        yield rows;
        return;
      }
      // The end mark may have begun in the last bytes: keep them for the next search.
      const keep = TERMINATOR.length - 1;
      if (this.buffer.length > keep) {
        const rows = this.buffer.subarray(0, this.buffer.length - keep);
        this.buffer = this.buffer.subarray(this.buffer.length - keep);
        yield rows;
      }
      if (!(await this.more())) throw this.damaged('terminou no meio dos dados');
    }
  }

  damaged(detail: string): OperatorError {
    this.failure ??= new OperatorError(
      `A cópia ${this.file} está incompleta ou danificada (${detail}); nada foi alterado. ` +
        `Use outra cópia.`,
    );
    return this.failure;
  }

  close() {
    this.stream.destroy();
  }

  private async more(): Promise<boolean> {
    if (this.ended) return false;
    let next: IteratorResult<Buffer>;
    try {
      next = await this.chunks.next();
    } catch (error) {
      throw this.started
        ? this.damaged((error as Error).message)
        : new OperatorError(`${this.file} não é uma cópia do Fabril (feita com npm run backup).`);
    }
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.started = true;
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, next.value]) : next.value;
    return true;
  }
}
