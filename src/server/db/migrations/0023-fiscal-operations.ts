import { sql, type Kysely } from 'kysely';
import { seed as seedStarterRows } from './0020-starter-records.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Issue 18's fiscal set-up: the products' origin (orig) and CEST, and the Naturezas de Operação.
 *
 * Every database, new or already at work, starts with the four operations a small manufacturer
 * issues every month; the table is new, so there is nothing of the company's to keep. Each gets
 * its "create" history entry from the system, as the starter records of 0020. PIS and COFINS are
 * the regime normal's usual 0,65 % and 3 % (CST 01); the Simples ignores them. A return moves
 * stock but creates no bill: the money of a return is settled against the original bill.
 */
const operations: [
  name: string,
  direction: 'OUT' | 'IN',
  purpose: 'NORMAL' | 'RETURN',
  inState: string,
  outOfState: string,
  createsBills: boolean,
][] = [
  ['Venda de produção do estabelecimento', 'OUT', 'NORMAL', '5101', '6101', true],
  ['Venda de mercadoria adquirida', 'OUT', 'NORMAL', '5102', '6102', true],
  ['Devolução de compra', 'OUT', 'RETURN', '5202', '6202', false],
  ['Devolução de venda', 'IN', 'RETURN', '1202', '2202', false],
];

const percent = (column: string) =>
  `${column} numeric(5,2) NOT NULL DEFAULT 0 CHECK (${column} BETWEEN 0 AND 100)`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
    ALTER TABLE items
      ADD COLUMN tax_origin char(1) NOT NULL DEFAULT '0' CHECK (tax_origin BETWEEN '0' AND '8'),
      ADD COLUMN cest char(7) CHECK (cest ~ '^[0-9]{7}$');

    CREATE TABLE fiscal_operations (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name varchar(60) COLLATE pt_br NOT NULL,
      direction varchar(3) NOT NULL CHECK (direction IN ('OUT', 'IN')),
      purpose varchar(6) NOT NULL CHECK (purpose IN ('NORMAL', 'RETURN')),
      cfop_in_state char(4) NOT NULL CHECK (cfop_in_state ~ '^[0-9]{4}$'),
      cfop_out_of_state char(4) NOT NULL CHECK (cfop_out_of_state ~ '^[0-9]{4}$'),
      icms_csosn char(3) NOT NULL,
      icms_cst char(2) NOT NULL,
      ${percent('icms_rate')},
      ipi_cst char(2),
      ${percent('ipi_rate')},
      pis_cst char(2) NOT NULL,
      ${percent('pis_rate')},
      cofins_cst char(2) NOT NULL,
      ${percent('cofins_rate')},
      ibs_cbs_enabled boolean NOT NULL DEFAULT false,
      c_class_trib char(6) CHECK (c_class_trib ~ '^[0-9]{6}$'),
      ${percent('ibs_state_rate')},
      ${percent('ibs_city_rate')},
      ${percent('cbs_rate')},
      moves_stock boolean NOT NULL DEFAULT true,
      creates_bills boolean NOT NULL DEFAULT true,
      additional_info varchar(5000),
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer REFERENCES users (id),
      updated_by integer REFERENCES users (id),
      version integer NOT NULL DEFAULT 1
    );
    CREATE UNIQUE INDEX fiscal_operations_name_key ON fiscal_operations (lower(name));
    CREATE INDEX fiscal_operations_name_idx ON fiscal_operations (name, id);
    CREATE INDEX fiscal_operations_active_idx ON fiscal_operations (active, name, id);
    CREATE INDEX fiscal_operations_name_trgm
      ON fiscal_operations USING gin (f_unaccent(lower(name)) gin_trgm_ops);`,
    )
    .execute(db);

  await seedStarterRows(
    db,
    'fiscal-operations',
    sql`
      INSERT INTO fiscal_operations (name, direction, purpose, cfop_in_state, cfop_out_of_state,
        icms_csosn, icms_cst, pis_cst, pis_rate, cofins_cst, cofins_rate, creates_bills)
      SELECT name, direction, purpose, cfop_in_state, cfop_out_of_state,
        '102', '00', '01', 0.65, '01', 3, creates_bills
      FROM (VALUES ${sql.join(
        operations.map(
          ([name, direction, purpose, inState, outOfState, createsBills]) =>
            sql`(${name}, ${direction}, ${purpose}, ${inState}, ${outOfState}, ${createsBills}::boolean)`,
        ),
      )}) AS seed (name, direction, purpose, cfop_in_state, cfop_out_of_state, creates_bills)
      RETURNING id, name, direction, purpose, cfop_in_state, cfop_out_of_state, icms_csosn,
        icms_cst, icms_rate, ipi_cst, ipi_rate, pis_cst, pis_rate, cofins_cst, cofins_rate,
        ibs_cbs_enabled, c_class_trib, ibs_state_rate, ibs_city_rate, cbs_rate, moves_stock,
        creates_bills, additional_info, active`,
  );
}
