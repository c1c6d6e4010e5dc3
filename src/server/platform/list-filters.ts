import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';

// A list query of any table: the repository is generic over tables (see repository.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySelect = SelectQueryBuilder<any, any, any>;

/**
 * How a list's filter parameters become SQL. Each rule names the SQL expression it filters (from
 * code, never from the request), and each such expression needs an index the query can use:
 * - `equals`: `?supplierId=3`;
 * - `anyOf`: several values at once, `?status=OPEN,PARTIALLY_PAID` (`= ANY($1)`);
 * - `from` / `to`: inclusive bounds of a range, `?dueDateFrom=…&dueDateTo=…`;
 * - `where`: a computed filter ("Vencida": open and past due), SQL built from the value.
 */
export type FilterRule =
  | { equals: string }
  | { anyOf: string }
  | { from: string }
  | { to: string }
  | { where: (value: unknown) => RawBuilder<boolean> };

export type Filter = (qb: AnySelect) => AnySelect;

function condition(rule: FilterRule, value: unknown): RawBuilder<boolean> {
  if ('where' in rule) return rule.where(value);
  if ('anyOf' in rule) return sql<boolean>`${sql.raw(rule.anyOf)} = ANY(${value as unknown[]})`;
  if ('from' in rule) return sql<boolean>`${sql.raw(rule.from)} >= ${value}`;
  if ('to' in rule) return sql<boolean>`${sql.raw(rule.to)} <= ${value}`;
  return sql<boolean>`${sql.raw(rule.equals)} = ${value}`;
}

/**
 * The filter of the parameters given (undefined ones are left out); none given, none applied, so
 * the repository knows the list is unfiltered. A parameter without a rule is a programming error:
 * the route's schema lists exactly the filters that have rules.
 */
export function filterOf(
  rules: Record<string, FilterRule>,
  values: Record<string, unknown>,
): Filter | undefined {
  const given = Object.entries(values).filter(([, value]) => value !== undefined);
  if (given.length === 0) return undefined;
  return (qb) =>
    given.reduce((filtered, [key, value]) => {
      const rule = rules[key];
      if (!rule) throw new Error(`Filtro sem regra: ${key}`);
      return filtered.where(condition(rule, value));
    }, qb);
}
