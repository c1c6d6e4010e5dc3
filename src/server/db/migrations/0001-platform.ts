import { sql, type Kysely } from 'kysely';

// Migrations see the database as it is at their point in history, not as types.ts has it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** Platform tables: settings, access (roles, users), company, audit log, login throttling. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS unaccent;
    CREATE EXTENSION IF NOT EXISTS pg_trgm;

    -- unaccent() is only STABLE; indexes need an IMMUTABLE wrapper with the dictionary pinned.
    CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

    CREATE TABLE settings (
      key text PRIMARY KEY,
      value text NOT NULL
    );

    CREATE TABLE roles (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name varchar(60) NOT NULL,
      description varchar(255),
      permissions text[] NOT NULL DEFAULT '{}',
      is_system boolean NOT NULL DEFAULT false,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1
    );
    CREATE UNIQUE INDEX roles_name_key ON roles (lower(name));

    CREATE TABLE users (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name varchar(120) NOT NULL,
      email varchar(254) NOT NULL,
      password_hash text NOT NULL,
      role_id integer NOT NULL REFERENCES roles (id),
      active boolean NOT NULL DEFAULT true,
      last_login_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer REFERENCES users (id),
      updated_by integer REFERENCES users (id),
      version integer NOT NULL DEFAULT 1
    );
    CREATE UNIQUE INDEX users_email_key ON users (email);
    CREATE INDEX users_role_id_idx ON users (role_id);
    ALTER TABLE roles
      ADD FOREIGN KEY (created_by) REFERENCES users (id),
      ADD FOREIGN KEY (updated_by) REFERENCES users (id);

    CREATE TABLE company (
      id integer PRIMARY KEY CHECK (id = 1),
      legal_name varchar(120) NOT NULL,
      trade_name varchar(120),
      cnpj varchar(14),
      state_registration varchar(20),
      address jsonb NOT NULL,
      phones jsonb NOT NULL,
      email varchar(254),
      opening_hours varchar(200),
      state_code varchar(2),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer REFERENCES users (id),
      updated_by integer REFERENCES users (id),
      version integer NOT NULL DEFAULT 1
    );

    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      user_id integer REFERENCES users (id),
      entity varchar(60) NOT NULL,
      entity_id varchar(60) NOT NULL,
      action varchar(30) NOT NULL,
      changes jsonb NOT NULL,
      request_id varchar(60)
    );
    CREATE INDEX audit_log_record_idx ON audit_log (entity, entity_id, id DESC);

    -- Failed sign-ins, counted per e-mail and per address over the last minute; in the database
    -- so that every server process sees the same counts.
    CREATE TABLE login_failures (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      key varchar(300) NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_failures_key_at_idx ON login_failures (key, at);
  `.execute(db);
}
