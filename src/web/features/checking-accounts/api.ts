import type {
  AccountEntryRow,
  ManualEntryInput,
  Statement,
  TransferInput,
} from '../../../shared/resources/account-entries.js';
import { http, type QueryValue } from '../../lib/http.js';
import { resourceKeys } from '../../lib/query-keys.js';

/** The checking accounts' ledger: an account's statement, its manual entries and transfers. */
const PATH = '/checking-accounts';

const accountKeys = resourceKeys('checking-accounts');

/** The statement lives under `checking-accounts`, so invalidating the accounts reads it again. */
export const statementKeys = {
  all: [...accountKeys.all, 'statement'] as const,
  one: (accountId: string, query: Record<string, QueryValue>) =>
    [...accountKeys.all, 'statement', accountId, query] as const,
};

/**
 * What an entry changes: every account's balance and statement, the accounts' list and form,
 * and the two reports that read the ledger.
 */
export const keysChangedByEntries = [accountKeys.all, ['cash-flow'], ['income-statement']];

export const statementApi = {
  /** A 404 (an account that does not exist) is the page's own message, not a toast. */
  statement: (accountId: string, query: Record<string, QueryValue>, signal?: AbortSignal) =>
    http.get<Statement>(`${PATH}/${encodeURIComponent(accountId)}/statement`, {
      query,
      signal,
      silent: [404],
    }),
  /** The modals show 400 and 422 next to their fields. */
  manualEntry: (accountId: number, input: ManualEntryInput) =>
    http.post<AccountEntryRow>(`${PATH}/${accountId}/entries`, input, { silent: [400, 422] }),
  transfer: (accountId: number, input: TransferInput) =>
    http.post<{ from: AccountEntryRow; to: AccountEntryRow }>(
      `${PATH}/${accountId}/transfers`,
      input,
      { silent: [400, 422] },
    ),
};
