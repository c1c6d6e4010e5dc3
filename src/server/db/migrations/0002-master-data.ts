import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Master data (DOMAIN §2, §3). Names sort the Brazilian way (ICU pt-BR collation: "Álvaro" before
 * "Bruno"); every searched column has a trigram index over its unaccented lowercase form, the
 * same expression the list's `q` uses, and every sortable column a b-tree index.
 */
const bookkeeping = `
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by integer REFERENCES users (id),
  updated_by integer REFERENCES users (id),
  version integer NOT NULL DEFAULT 1`;

const searchIndex = (table: string, expression: string, name: string) =>
  `CREATE INDEX ${table}_${name}_trgm ON ${table} USING gin (f_unaccent(lower(${expression})) gin_trgm_ops);`;

function lookupTable(table: string, columns: string, extraIndexes = '') {
  return `
    CREATE TABLE ${table} (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      ${columns},
      active boolean NOT NULL DEFAULT true,
      ${bookkeeping}
    );
    CREATE UNIQUE INDEX ${table}_name_key ON ${table} (lower(name));
    CREATE INDEX ${table}_name_idx ON ${table} (name, id);
    CREATE INDEX ${table}_active_idx ON ${table} (active);
    ${searchIndex(table, 'name', 'name')}
    ${extraIndexes}`;
}

function partyTable(table: string, extraColumns: string) {
  return `
    CREATE TABLE ${table} (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      person_type char(1) NOT NULL CHECK (person_type IN ('F', 'J')),
      name varchar(120) COLLATE pt_br NOT NULL,
      trade_name varchar(120) COLLATE pt_br,
      document varchar(14) NOT NULL,
      state_registration varchar(20),
      email varchar(254),
      phone varchar(11),
      mobile varchar(11),
      address jsonb NOT NULL DEFAULT '{}',
      notes text,
      ${extraColumns}
      active boolean NOT NULL DEFAULT true,
      ${bookkeeping}
    );
    CREATE UNIQUE INDEX ${table}_document_key ON ${table} (document);
    CREATE INDEX ${table}_name_idx ON ${table} (name, id);
    CREATE INDEX ${table}_trade_name_idx ON ${table} (trade_name, id);
    CREATE INDEX ${table}_person_type_idx ON ${table} (person_type, name, id);
    CREATE INDEX ${table}_city_idx ON ${table} ((address->>'city') COLLATE pt_br, id);
    CREATE INDEX ${table}_state_idx ON ${table} ((address->>'state'), name, id);
    CREATE INDEX ${table}_active_idx ON ${table} (active, name, id);
    ${searchIndex(table, 'name', 'name')}
    ${searchIndex(table, 'trade_name', 'trade_name')}
    ${searchIndex(table, 'document', 'document')}
    ${searchIndex(table, 'email', 'email')}
    ${searchIndex(table, "address->>'city'", 'city')}`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
    CREATE COLLATION IF NOT EXISTS pt_br (provider = icu, locale = 'pt-BR');
    ALTER TABLE roles ALTER COLUMN name TYPE varchar(60) COLLATE pt_br;
    ALTER TABLE users ALTER COLUMN name TYPE varchar(120) COLLATE pt_br;
    CREATE INDEX roles_name_idx ON roles (name, id);
    CREATE INDEX users_name_idx ON users (name, id);
    ${searchIndex('roles', 'name', 'name')}
    ${searchIndex('users', 'name', 'name')}
    ${searchIndex('users', 'email', 'email')}

    ${lookupTable('brands', 'name varchar(60) COLLATE pt_br NOT NULL')}
    ${lookupTable('categories', 'name varchar(60) COLLATE pt_br NOT NULL, description varchar(255)', searchIndex('categories', 'description', 'description'))}
    ${lookupTable('colors', 'name varchar(60) COLLATE pt_br NOT NULL, hex char(7)')}
    ${lookupTable('material_types', 'name varchar(60) COLLATE pt_br NOT NULL')}
    ${lookupTable('sizes', 'name varchar(20) COLLATE pt_br NOT NULL, sort_order integer NOT NULL DEFAULT 0', 'CREATE INDEX sizes_sort_order_idx ON sizes (sort_order, id);')}
    ${lookupTable('outlays', "name varchar(60) COLLATE pt_br NOT NULL, kind varchar(10) NOT NULL CHECK (kind IN ('PER_UNIT', 'PER_ORDER')), default_value numeric(15,2) NOT NULL DEFAULT 0")}
    ${lookupTable('stock_locations', 'name varchar(60) COLLATE pt_br NOT NULL, description varchar(255), is_default boolean NOT NULL DEFAULT false', 'CREATE UNIQUE INDEX stock_locations_one_default ON stock_locations (is_default) WHERE is_default;')}
    ${lookupTable('payment_methods', "name varchar(60) COLLATE pt_br NOT NULL, kind varchar(20) NOT NULL CHECK (kind IN ('CASH', 'PIX', 'BOLETO', 'CREDIT_CARD', 'DEBIT_CARD', 'BANK_TRANSFER', 'CHECK')), usage varchar(10) NOT NULL CHECK (usage IN ('PAY', 'RECEIVE', 'BOTH'))")}
    ${lookupTable('checking_accounts', 'name varchar(60) COLLATE pt_br NOT NULL, bank_code char(3) NOT NULL, bank_name varchar(60), agency varchar(10), account_number varchar(20), opening_balance numeric(15,2) NOT NULL DEFAULT 0, opening_date date NOT NULL')}

    CREATE TABLE units_of_measurement (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      code varchar(6) NOT NULL,
      description varchar(60),
      decimals smallint NOT NULL CHECK (decimals BETWEEN 0 AND 3),
      active boolean NOT NULL DEFAULT true,
      ${bookkeeping}
    );
    CREATE UNIQUE INDEX units_of_measurement_code_key ON units_of_measurement (code);
    ${searchIndex('units_of_measurement', 'code', 'code')}
    ${searchIndex('units_of_measurement', 'description', 'description')}

    ${partyTable('clients', 'credit_limit numeric(15,2),')}
    ${partyTable('suppliers', 'contact_name varchar(120),')}
  `,
    )
    .execute(db);
}
