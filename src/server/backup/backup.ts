import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { OperatorError } from '../operator-error.js';
import {
  copyLine,
  copyStatement,
  END_OF_DATA,
  END_PREFIX,
  FORMAT_LINE,
  HEADER_PREFIX,
  qualified,
  SEQUENCES_PREFIX,
  SESSION_SETTINGS,
  type BackupHeader,
  type BackupSequences,
  type BackupTable,
} from './backup-format.js';

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  bytes: number;
  ms: number;
}

/**
 * Writes a consistent copy of the database at `databaseUrl` to `file`, while the server goes on
 * serving: every table is read in one REPEATABLE READ transaction, so the file holds exactly the
 * transactions committed before its snapshot and none of those after (as pg_dump does), and
 * writers are never blocked. ACCESS SHARE locks keep a migration from changing a table meanwhile.
 *
 * The file appears only when complete (written beside it, then linked), and an existing file is
 * never replaced. `onSnapshot` (tests) gets the snapshot's id (pg_export_snapshot) before any row
 * is read, and the reading waits for it.
 */
export async function backupDatabase(
  databaseUrl: string,
  file: string,
  options: { onSnapshot?: (snapshot: string) => Promise<void> } = {},
): Promise<BackupSummary> {
  const started = performance.now();
  if (await exists(file)) {
    throw new OperatorError(`O arquivo ${file} já existe: informe outro nome para a cópia.`);
  }
  const partial = `${file}.${process.pid}.partial`;
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: 'fabril-backup',
  });
  await client.connect();
  const output = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  // The fastest level: the snapshot (which holds back vacuum) lasts as long as the copy, and
  // level 1 spends several times less CPU than the default, which the server's requests need,
  // for a file ~15 % larger (bench:backup).
  const gzip = zlib.createGzip({ level: zlib.constants.Z_BEST_SPEED });
  // Rejects when the file cannot be written (no such folder, no permission, disk full).
  const written = pipeline(gzip, output);
  written.catch(() => undefined);
  const write = async (data: string | Buffer) => {
    if (!gzip.write(data)) await Promise.race([once(gzip, 'drain'), written]);
  };
  try {
    await client.query(SESSION_SETTINGS);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const tables = await readTables(client);
    if (!tables.some((table) => table.name === 'schema_migrations')) {
      throw new OperatorError(
        'Este banco de dados não tem as tabelas do Fabril (nenhuma migração registrada): ' +
          'não há o que copiar.',
      );
    }
    await client.query(
      `LOCK TABLE ${tables.map((table) => qualified(table.name)).join(', ')} IN ACCESS SHARE MODE`,
    );
    if (options.onSnapshot) {
      const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
      await options.onSnapshot(rows[0]!.id);
    }
    const header: BackupHeader = {
      createdAt: new Date().toISOString(),
      postgres: (
        await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")
      ).rows[0]!.v.split(' ')[0]!,
      migrations: (
        await client.query<{ name: string }>(
          'SELECT name FROM schema_migrations ORDER BY name COLLATE "C"',
        )
      ).rows.map((row) => row.name),
      tables,
    };
    await write(`${FORMAT_LINE}\n${HEADER_PREFIX}${JSON.stringify(header)}\n`);

    const rows: Record<string, number> = {};
    for (const table of tables) {
      await write(`${copyLine(table)}\n`);
      const copy = client.query(copyTo(copyStatement(table, 'TO stdout')));
      for await (const chunk of copy) await write(chunk as Buffer);
      await write(`${END_OF_DATA}\n`);
      rows[table.name] = copy.rowCount;
    }
    await write(`${SEQUENCES_PREFIX}${JSON.stringify(await readSequences(client))}\n`);
    await write(`${END_PREFIX}${JSON.stringify({ rows })}\n`);
    await client.query('COMMIT');

    gzip.end();
    await written;
    const handle = await fsp.open(partial, 'r');
    await handle.sync().finally(() => handle.close());
    // link() refuses an existing name, where rename() would replace it.
    await fsp.link(partial, file).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EEXIST'
        ? new OperatorError(`O arquivo ${file} já existe: informe outro nome para a cópia.`)
        : error;
    });
    return {
      file,
      tables: tables.length,
      rows: Object.values(rows).reduce((sum, n) => sum + n, 0),
      bytes: (await fsp.stat(file)).size,
      ms: performance.now() - started,
    };
  } catch (error) {
    throw cannotWrite(error, file);
  } finally {
    gzip.destroy();
    output.destroy();
    await fsp.rm(partial, { force: true });
    await client.end().catch(() => undefined);
  }
}

/** The server's tables (those of extensions aside), each with its stored columns. */
async function readTables(client: pg.Client): Promise<BackupTable[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(`
    SELECT c.relname AS name,
           array_agg(a.attname::text ORDER BY a.attnum) AS columns
      FROM pg_class c
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                         AND a.attgenerated = ''
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d
                        WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                          AND d.deptype = 'e')
     GROUP BY c.relname
     ORDER BY c.relname COLLATE "C"`);
  return rows;
}

/**
 * Sequences are not transactional: their values are read now, at least as far as any row of the
 * snapshot, so a restored database never hands out an id twice (gaps are fine, as always).
 */
async function readSequences(client: pg.Client): Promise<BackupSequences> {
  const { rows: names } = await client.query<{ name: string }>(`
    SELECT relname AS name FROM pg_class
     WHERE relnamespace = 'public'::regnamespace AND relkind = 'S'
     ORDER BY relname COLLATE "C"`);
  const sequences: BackupSequences = {};
  for (const { name } of names) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${qualified(name)}`,
    );
    sequences[name] = [rows[0]!.last_value, rows[0]!.is_called];
  }
  return sequences;
}

/** A file system's refusal, said as the operator fixes it; anything else as it is. */
function cannotWrite(error: unknown, file: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code && ['ENOENT', 'EACCES', 'EPERM', 'ENOSPC', 'EROFS', 'EDQUOT'].includes(code)) {
    return new OperatorError(
      `Não foi possível gravar a cópia em ${file} (${code}): verifique se a pasta existe, ` +
        `se este usuário pode escrever nela e se há espaço livre.`,
    );
  }
  return error;
}

const exists = (file: string) =>
  fsp.access(file).then(
    () => true,
    () => false,
  );
