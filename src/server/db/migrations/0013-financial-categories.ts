import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Plano de Contas (DOMAIN §9): a tree of income and expense categories, each feeding one line of
 * the management income statement. A name is unique among its siblings (the roots are siblings
 * too); deleting a category that still has children is refused by the parent_id foreign key.
 * Every database gets the standard chart of a small manufacturer once, here: the children take
 * their parent's kind and DRE group.
 */
const roots: [name: string, kind: string, dreGroup: string][] = [
  ['Receitas de vendas', 'INCOME', 'GROSS_REVENUE'],
  ['Deduções da receita', 'EXPENSE', 'DEDUCTIONS'],
  ['Custos de produção', 'EXPENSE', 'COSTS'],
  ['Despesas operacionais', 'EXPENSE', 'OPERATING_EXPENSES'],
  ['Receitas financeiras', 'INCOME', 'FINANCIAL_RESULT'],
  ['Despesas financeiras', 'EXPENSE', 'FINANCIAL_RESULT'],
  ['Outras receitas', 'INCOME', 'OTHER'],
  ['Outras despesas', 'EXPENSE', 'OTHER'],
];

const children: [parent: string, name: string][] = [
  ['Receitas de vendas', 'Venda de produtos'],
  ['Receitas de vendas', 'Prestação de serviços'],
  ['Deduções da receita', 'Devoluções de vendas'],
  ['Deduções da receita', 'Impostos sobre vendas'],
  ['Custos de produção', 'Matéria-prima'],
  ['Custos de produção', 'Mão de obra direta'],
  ['Custos de produção', 'Energia elétrica'],
  ['Custos de produção', 'Manutenção de máquinas'],
  ['Despesas operacionais', 'Aluguel'],
  ['Despesas operacionais', 'Salários administrativos'],
  ['Despesas operacionais', 'Comissões sobre vendas'],
  ['Despesas operacionais', 'Fretes sobre vendas'],
  ['Despesas operacionais', 'Telefone e internet'],
  ['Despesas operacionais', 'Material de escritório'],
  ['Despesas operacionais', 'Serviços contábeis'],
  ['Receitas financeiras', 'Juros recebidos'],
  ['Receitas financeiras', 'Rendimentos de aplicações'],
  ['Despesas financeiras', 'Juros pagos'],
  ['Despesas financeiras', 'Tarifas bancárias'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE financial_categories (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      parent_id integer REFERENCES financial_categories (id),
      name varchar(60) COLLATE pt_br NOT NULL,
      kind varchar(10) NOT NULL CHECK (kind IN ('INCOME', 'EXPENSE')),
      dre_group varchar(20) NOT NULL CHECK (dre_group IN ('GROSS_REVENUE', 'DEDUCTIONS', 'COSTS', 'OPERATING_EXPENSES', 'FINANCIAL_RESULT', 'OTHER')),
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer REFERENCES users (id),
      updated_by integer REFERENCES users (id),
      version integer NOT NULL DEFAULT 1
    );
    CREATE UNIQUE INDEX financial_categories_name_key
      ON financial_categories (coalesce(parent_id, 0), lower(name));
    CREATE INDEX financial_categories_parent_id_idx ON financial_categories (parent_id);
    CREATE INDEX financial_categories_name_idx ON financial_categories (name, id);
    CREATE INDEX financial_categories_kind_idx ON financial_categories (kind, name, id);
    CREATE INDEX financial_categories_dre_group_idx ON financial_categories (dre_group, name, id);
    CREATE INDEX financial_categories_active_idx ON financial_categories (active, name, id);
    CREATE INDEX financial_categories_name_trgm
      ON financial_categories USING gin (f_unaccent(lower(name)) gin_trgm_ops);`,
    )
    .execute(db);

  await db
    .insertInto('financial_categories')
    .values(roots.map(([name, kind, dreGroup]) => ({ name, kind, dre_group: dreGroup })))
    .execute();
  await sql`
    INSERT INTO financial_categories (parent_id, name, kind, dre_group)
    SELECT parent.id, child.name, parent.kind, parent.dre_group
    FROM (VALUES ${sql.join(children.map(([parent, name]) => sql`(${parent}, ${name})`))})
      AS child (parent, name)
    JOIN financial_categories parent ON parent.name = child.parent AND parent.parent_id IS NULL`.execute(
    db,
  );
}
