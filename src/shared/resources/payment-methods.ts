import { requiredEnum, requiredText } from '../fields.js';
import { booleanFilter } from '../list-query.js';
import { activeLabels, defineResource } from '../resource.js';
import { z } from '../zod-messages.js';

const paymentKinds = {
  CASH: 'Dinheiro',
  PIX: 'PIX',
  BOLETO: 'Boleto',
  CREDIT_CARD: 'Cartão de crédito',
  DEBIT_CARD: 'Cartão de débito',
  BANK_TRANSFER: 'Transferência bancária',
  CHECK: 'Cheque',
} as const;
const paymentUsages = { PAY: 'Pagamento', RECEIVE: 'Recebimento', BOTH: 'Ambos' } as const;

const kindEnum = requiredEnum(Object.keys(paymentKinds) as [keyof typeof paymentKinds]);
const usageEnum = requiredEnum(Object.keys(paymentUsages) as [keyof typeof paymentUsages]);

export const paymentMethods = defineResource({
  path: 'payment-methods',
  area: 'paymentMethods',
  label: 'Formas Pagamento/Recebimento',
  singular: 'Forma de pagamento/recebimento',
  gender: 'f',
  uniqueFields: { name: 'este nome' },
  schema: z.object({
    name: requiredText(60),
    kind: kindEnum,
    usage: usageEnum.default('BOTH'),
    active: z.boolean().default(true),
  }),
  filtersSchema: z.object({
    active: booleanFilter(),
    kind: kindEnum.optional(),
    usage: usageEnum.optional(),
  }),
  fields: [
    { key: 'name', label: 'Nome', kind: 'text', required: true, maxLength: 60 },
    { key: 'kind', label: 'Tipo', kind: 'enum', options: paymentKinds, required: true },
    { key: 'usage', label: 'Uso', kind: 'enum', options: paymentUsages, required: true },
    { key: 'active', label: 'Ativo', kind: 'boolean' },
  ],
  columns: [
    { key: 'name', label: 'Nome', sortable: true },
    {
      key: 'kind',
      label: 'Tipo',
      kind: 'enum',
      options: paymentKinds,
      sortable: true,
      mobile: true,
    },
    { key: 'usage', label: 'Uso', kind: 'enum', options: paymentUsages, sortable: true },
    { key: 'active', label: 'Ativo', kind: 'boolean', sortable: true, mobile: true },
  ],
  listFields: ['name', 'kind', 'usage', 'active'],
  filters: [
    { key: 'active', label: 'Situação', kind: 'boolean', ...activeLabels },
    { key: 'kind', label: 'Tipo', kind: 'enum', options: paymentKinds },
    { key: 'usage', label: 'Uso', kind: 'enum', options: paymentUsages },
  ],
  searchFields: ['name'],
  defaultSort: 'name',
  titleField: 'name',
});
