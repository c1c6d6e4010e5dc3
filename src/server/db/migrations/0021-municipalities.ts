import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { projectRoot } from '../../project-root.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * The IBGE municipalities (issue 18, "Fiscal set-up"): the NF-e's `cMun` of every address. The
 * table is loaded from the shipped src/server/data/ibge/ files (their PROVENANCE.txt) in one
 * INSERT over unnest() of three arrays, not 5,570 statements.
 *
 * A city is matched by `f_city_key`: unaccented, lower case, every run of anything but letters
 * and digits one space, trimmed ("Mogi-Mirim " and "mogi mirim" meet; "São Paulo" and "SAO
 * PAULO" too). The web's `cityNameKey` (src/shared/br/municipalities.ts) is the same rule, and an
 * API test keeps the two equal on every municipality's name.
 *
 * Existing addresses (clients, suppliers, the company) get their `cityCode` where exactly one
 * municipality of the address's UF has the city's key. It is derived data, so the rows keep
 * their version and no history entry is written; an address without a match stays without.
 */
function readCsv(file: string): Record<string, string>[] {
  const text = readFileSync(join(projectRoot, 'src/server/data/ibge', file), 'utf8');
  // estados-ibge.csv starts with a byte-order mark; the files hold no quoted fields.
  const [header, ...lines] = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const columns = header!.split(',');
  return lines.map((line) => {
    const values = line.split(',');
    return Object.fromEntries(columns.map((column, i) => [column, values[i]!]));
  });
}

function municipalityRows() {
  const ufByCode = new Map(readCsv('estados-ibge.csv').map((s) => [s.codigo_uf!, s.uf!]));
  return readCsv('municipios-ibge.csv').map((m) => {
    const uf = ufByCode.get(m.codigo_uf!);
    if (!uf) throw new Error(`Município ${m.codigo_ibge} sem UF conhecida (${m.codigo_uf})`);
    return { code: m.codigo_ibge!, name: m.nome!, uf };
  });
}

/** Fills `address.cityCode` of a table's rows whose city and UF meet exactly one municipality. */
const fillCityCodes = (table: string) => `
  UPDATE ${table} t SET address = t.address || jsonb_build_object('cityCode', m.code)
  FROM municipalities m
  WHERE m.uf = t.address->>'state'
    AND m.name_key = f_city_key(t.address->>'city')
    AND coalesce(t.address->>'cityCode', '') = ''
    AND (SELECT count(*) FROM municipalities o
         WHERE o.uf = m.uf AND o.name_key = m.name_key) = 1;`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
    CREATE FUNCTION f_city_key(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT btrim(regexp_replace(f_unaccent(lower($1)), '[^a-z0-9]+', ' ', 'g')) $$;

    CREATE TABLE municipalities (
      code char(7) PRIMARY KEY CHECK (code ~ '^[0-9]{7}$'),
      name varchar(60) COLLATE pt_br NOT NULL,
      uf char(2) NOT NULL,
      name_key text GENERATED ALWAYS AS (f_city_key(name)) STORED
    );
    CREATE INDEX municipalities_uf_name_key_idx ON municipalities (uf, name_key);
    CREATE INDEX municipalities_uf_name_idx ON municipalities (uf, name);`,
    )
    .execute(db);

  const rows = municipalityRows();
  await sql`
    INSERT INTO municipalities (code, name, uf)
    SELECT * FROM unnest(
      ${rows.map((r) => r.code)}::text[],
      ${rows.map((r) => r.name)}::text[],
      ${rows.map((r) => r.uf)}::text[])`.execute(db);

  await sql.raw(['clients', 'suppliers', 'company'].map(fillCityCodes).join('\n')).execute(db);
}
