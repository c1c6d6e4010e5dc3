import { dateWithinAYear, money, optionalText, requiredText } from '../fields.js';
import { booleanFilter } from '../list-query.js';
import { messages } from '../messages.js';
import { activeLabels, defineResource } from '../resource.js';
import { z } from '../zod-messages.js';

/** Contas-Correntes. `balance` is read-only: the opening balance plus every entry of the account's ledger. */
export const checkingAccounts = defineResource({
  path: 'checking-accounts',
  area: 'checkingAccounts',
  label: 'Contas-Correntes',
  singular: 'Conta-corrente',
  gender: 'f',
  uniqueFields: { name: 'este nome' },
  schema: z.object({
    name: requiredText(60),
    bankCode: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z
        .string()
        .min(1)
        .regex(/^\d{3}$/, messages.bankCode),
    ),
    bankName: optionalText(60),
    agency: optionalText(10),
    accountNumber: optionalText(20),
    openingBalance: money().default('0.00'),
    /** At most a year ahead of today: further it cannot be true yet. */
    openingDate: dateWithinAYear(),
    active: z.boolean().default(true),
  }),
  filtersSchema: z.object({ active: booleanFilter() }),
  fields: [
    { key: 'name', label: 'Nome', kind: 'text', required: true, maxLength: 60 },
    {
      key: 'bankCode',
      label: 'Código do banco',
      kind: 'text',
      required: true,
      maxLength: 3,
      help: '3 dígitos (001, 237, 341…)',
    },
    { key: 'bankName', label: 'Banco', kind: 'text', maxLength: 60 },
    { key: 'agency', label: 'Agência', kind: 'text', maxLength: 10 },
    { key: 'accountNumber', label: 'Conta', kind: 'text', maxLength: 20 },
    { key: 'openingBalance', label: 'Saldo inicial', kind: 'money', required: true },
    { key: 'openingDate', label: 'Data do saldo inicial', kind: 'date', required: true },
    { key: 'balance', label: 'Saldo atual', kind: 'money', readOnly: true },
    { key: 'active', label: 'Ativo', kind: 'boolean' },
  ],
  columns: [
    { key: 'name', label: 'Nome', sortable: true },
    { key: 'bankCode', label: 'Banco', sortable: true },
    { key: 'agency', label: 'Agência', sortable: true },
    { key: 'accountNumber', label: 'Conta', sortable: true },
    { key: 'balance', label: 'Saldo', kind: 'money', sortable: true, mobile: true },
    { key: 'active', label: 'Ativo', kind: 'boolean', sortable: true, mobile: true },
  ],
  listFields: ['name', 'bankCode', 'agency', 'accountNumber', 'balance', 'active'],
  filters: [{ key: 'active', label: 'Situação', kind: 'boolean', ...activeLabels }],
  searchFields: ['name', 'bankName', 'accountNumber'],
  defaultSort: 'name',
  titleField: 'name',
});
