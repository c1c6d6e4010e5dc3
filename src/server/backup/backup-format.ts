/**
 * The file of `npm run backup`, gzip-compressed text in the shape of a data-only pg_dump script:
 *
 *   -- Fabril backup 1
 *   -- header {"createdAt":…,"postgres":…,"migrations":[…],"tables":[{"name":…,"columns":[…]}]}
 *   COPY public."clients" ("id", "name", …) FROM stdin;
 *   <the table's rows, COPY text format>
 *   \.
 *   … one COPY block per table, in the header's order …
 *   -- sequences {"clients_id_seq":["42",true],…}
 *   -- end {"rows":{"clients":42,…}}
 *
 * The schema is not in the file: it is the migrations the header lists, which the restore runs
 * before loading the rows (README "Backup and restore" says why). A COPY block ends at a line that
 * is exactly `\.`, which no row can be (COPY writes a backslash in a value as `\\`). The last line
 * says how many rows each block holds, so a file cut short is refused instead of half restored.
 */
export const FORMAT_LINE = '-- Fabril backup 1';
export const FORMAT_PREFIX = '-- Fabril backup ';
export const HEADER_PREFIX = '-- header ';
export const SEQUENCES_PREFIX = '-- sequences ';
export const END_PREFIX = '-- end ';
export const END_OF_DATA = '\\.';

export interface BackupTable {
  name: string;
  /** The stored columns (generated ones are computed again on restore), in table order. */
  columns: string[];
}

export interface BackupHeader {
  createdAt: string;
  /** The server's `server_version`, for whoever reads the file. */
  postgres: string;
  /** Recorded in schema_migrations when the snapshot was taken, in the order they ran. */
  migrations: string[];
  tables: BackupTable[];
}

/** Each sequence's `last_value` (a bigint, as text) and `is_called`. */
export type BackupSequences = Record<string, [string, boolean]>;

export interface BackupEnd {
  rows: Record<string, number>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export const qualified = (table: string) => `public.${quote(table)}`;

/** The line that opens a table's block; the restore runs it, so both sides build it here. */
export function copyStatement(table: BackupTable, direction: 'FROM stdin' | 'TO stdout') {
  return `COPY ${qualified(table.name)} (${table.columns.map(quote).join(', ')}) ${direction}`;
}

export const copyLine = (table: BackupTable) => `${copyStatement(table, 'FROM stdin')};`;

/**
 * Settings of both sides' sessions, as pg_dump sets them: text that reads back the same whatever
 * the server's or the role's defaults (dates in ISO with their offset, floats exact).
 */
export const SESSION_SETTINGS = `
  SET client_encoding = 'UTF8';
  SET DateStyle = 'ISO';
  SET IntervalStyle = 'postgres';
  SET extra_float_digits = 3;
  SET statement_timeout = 0;
  SET idle_in_transaction_session_timeout = 0;
  SET search_path = public;
`;
