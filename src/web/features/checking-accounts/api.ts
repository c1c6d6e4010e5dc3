import type {
  AccountEntryRow,
  manualEntryInputSchema,
  Statement,
  transferInputSchema,
  transferOutputSchema,
} from '../../../shared/resources/account-entries.js';
import type { z } from '../../../shared/zod-messages.js';
import { http, type QueryValue } from '../../lib/http.js';
import {
  useInvalidatingMutation,
  type MutationCallbacks,
} from '../../lib/invalidating-mutation.js';
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
const keysChangedByEntries = [accountKeys.all, ['cash-flow'], ['income-statement']];

/** What the modals send, as the shared schemas take it. */
export type ManualEntryRequest = z.input<typeof manualEntryInputSchema>;
export type TransferRequest = z.input<typeof transferInputSchema>;
type Transfer = z.output<typeof transferOutputSchema>;

export const statementApi = {
  /** A 404 (an account that does not exist) is the page's own message, not a toast. */
  statement: (accountId: string, query: Record<string, QueryValue>, signal?: AbortSignal) =>
    http.get<Statement>(`${PATH}/${encodeURIComponent(accountId)}/statement`, {
      query,
      signal,
      silent: [404],
    }),
  /** The modals show 400 and 422 next to their fields. */
  manualEntry: (accountId: number, input: ManualEntryRequest) =>
    http.post<AccountEntryRow>(`${PATH}/${accountId}/entries`, input, { silent: [400, 422] }),
  transfer: (accountId: number, input: TransferRequest) =>
    http.post<Transfer>(`${PATH}/${accountId}/transfers`, input, { silent: [400, 422] }),
};

/** "Lançamento manual" on the account: balances, statements and reports are read again. */
export const useManualEntry = (
  accountId: number,
  callbacks: MutationCallbacks<AccountEntryRow, ManualEntryRequest>,
) =>
  useInvalidatingMutation({
    mutationFn: (input) => statementApi.manualEntry(accountId, input),
    invalidates: keysChangedByEntries,
    ...callbacks,
  });

/** "Transferência" from the account: both accounts' balances and statements change. */
export const useTransfer = (
  accountId: number,
  callbacks: MutationCallbacks<Transfer, TransferRequest>,
) =>
  useInvalidatingMutation({
    mutationFn: (input) => statementApi.transfer(accountId, input),
    invalidates: keysChangedByEntries,
    ...callbacks,
  });
