import { messages } from '../../../shared/messages.js';
import type { DbOrTrx } from '../../db/connection.js';
import { ValidationError } from '../../platform/errors.js';

/**
 * The master-data records a document names (a bill, a payment, an account entry, a purchase or
 * production order), checked by one function so that every document answers the same message for
 * the same case and the person sees every wrong field at once: each must exist and be active; a
 * category must be of the kind the money goes (income for what comes in, expense for what goes
 * out); a payment method must be used for that direction (PAY or BOTH; RECEIVE or BOTH). A field
 * path can be renamed (`fieldNames`) for a form whose field has another name (`toAccountId`,
 * `sourceLocationId`).
 */
export interface References {
  categoryId?: number | null;
  paymentMethodId?: number | null;
  checkingAccountId?: number | null;
  supplierId?: number | null;
  clientId?: number | null;
  /** A stock location. */
  locationId?: number | null;
}

export type MoneyDirection = 'IN' | 'OUT';

/** 400 with every wrong reference on its field; nothing when all are right. */
export async function checkReferences(
  db: DbOrTrx,
  refs: References,
  direction: MoneyDirection,
  fieldNames: Partial<Record<keyof References, string>> = {},
): Promise<void> {
  const errors = await referenceErrors(db, refs, direction, fieldNames);
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/**
 * The wrong references by field, for a document that checks its lines too and answers every wrong
 * field in one 400.
 */
export async function referenceErrors(
  db: DbOrTrx,
  refs: References,
  direction: MoneyDirection,
  fieldNames: Partial<Record<keyof References, string>> = {},
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const fail = (key: keyof References, message: string) => {
    errors[fieldNames[key] ?? key] = message;
  };

  if (refs.categoryId != null) {
    const category = await db
      .selectFrom('financialCategories')
      .select(['kind', 'active'])
      .where('id', '=', refs.categoryId)
      .executeTakeFirst();
    const kind = direction === 'IN' ? 'INCOME' : 'EXPENSE';
    if (!category) fail('categoryId', messages.finance.notFound);
    else if (!category.active) fail('categoryId', messages.finance.inactive);
    else if (category.kind !== kind) {
      fail(
        'categoryId',
        messages.finance.categoryOfOtherKind(kind === 'INCOME' ? 'receita' : 'despesa'),
      );
    }
  }
  if (refs.paymentMethodId != null) {
    const method = await db
      .selectFrom('paymentMethods')
      .select(['usage', 'active'])
      .where('id', '=', refs.paymentMethodId)
      .executeTakeFirst();
    const usage = direction === 'IN' ? 'RECEIVE' : 'PAY';
    if (!method) fail('paymentMethodId', messages.finance.notFound);
    else if (!method.active) fail('paymentMethodId', messages.finance.inactive);
    else if (method.usage !== usage && method.usage !== 'BOTH') {
      fail(
        'paymentMethodId',
        messages.finance.methodOfOtherUsage(usage === 'RECEIVE' ? 'recebimento' : 'pagamento'),
      );
    }
  }
  for (const [key, table] of [
    ['checkingAccountId', 'checkingAccounts'],
    ['supplierId', 'suppliers'],
    ['clientId', 'clients'],
    ['locationId', 'stockLocations'],
  ] as const) {
    const refId = refs[key];
    if (refId == null) continue;
    const row = await db
      .selectFrom(table)
      .select('active')
      .where('id', '=', refId)
      .executeTakeFirst();
    if (!row) fail(key, messages.finance.notFound);
    else if (!row.active) fail(key, messages.finance.inactive);
  }
  return errors;
}
