import { brands } from '../../../shared/resources/brands.js';
import { categories } from '../../../shared/resources/categories.js';
import { checkingAccounts } from '../../../shared/resources/checking-accounts.js';
import { colors } from '../../../shared/resources/colors.js';
import { fiscalOperations } from '../../../shared/resources/fiscal-operations.js';
import { materialTypes } from '../../../shared/resources/material-types.js';
import { outlays } from '../../../shared/resources/outlays.js';
import { paymentMethods } from '../../../shared/resources/payment-methods.js';
import { sizes } from '../../../shared/resources/sizes.js';
import { unitsOfMeasurement } from '../../../shared/resources/units-of-measurement.js';
import type { CrudConfig } from '../../platform/crud.js';

/** An account's balance: its opening balance plus every entry (the list's and the dashboard's). */
export const accountBalance = `(checking_accounts.opening_balance + coalesce((SELECT sum(e.amount)
  FROM account_entries e WHERE e.checking_account_id = checking_accounts.id), 0))`;

/** The pré-cadastros whose rules are all in their schema. */
export const lookupConfigs: CrudConfig[] = [
  { definition: brands, table: 'brands' },
  { definition: categories, table: 'categories' },
  { definition: colors, table: 'colors' },
  { definition: materialTypes, table: 'materialTypes' },
  { definition: sizes, table: 'sizes' },
  { definition: unitsOfMeasurement, table: 'unitsOfMeasurement' },
  { definition: outlays, table: 'outlays' },
  { definition: paymentMethods, table: 'paymentMethods' },
  { definition: fiscalOperations, table: 'fiscalOperations' },
  {
    definition: checkingAccounts,
    table: 'checkingAccounts',
    // The balance is computed, never stored (migration 0014): the opening balance plus every
    // entry, summed over the account's index (account_entries_account_date_idx).
    expressions: { balance: accountBalance },
    computed: { balance: accountBalance },
  },
];
