import { cnpj, cpf } from '../br/documents.js';
import { ufs } from '../br/states.js';
import {
  address,
  optionalEmail,
  optionalPhone,
  optionalText,
  requiredEnum,
  requiredText,
} from '../fields.js';
import { booleanFilter } from '../list-query.js';
import { messages } from '../messages.js';
import type { ColumnSpec, FieldSpec, FilterSpec } from '../resource.js';
import { activeLabels } from '../resource.js';
import { z } from '../zod-messages.js';

/**
 * What clients and suppliers share (DOMAIN §3): a person (CPF) or a company (CNPJ), with
 * address and contacts. The document is validated by person type and stored without punctuation.
 */
const personTypes = { F: 'Pessoa Física', J: 'Pessoa Jurídica' } as const;
const personTypeEnum = requiredEnum(['F', 'J']);

export const partyFields = {
  personType: personTypeEnum,
  name: requiredText(120),
  tradeName: optionalText(120),
  document: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().min(1)),
  // Digits (typed with or without punctuation, stored without) or ISENTO; at most 20 stored.
  stateRegistration: z
    .preprocess(
      (v) => {
        if (typeof v !== 'string') return v;
        const bare = v.replace(/[\s.\-/]/g, '').toUpperCase();
        return bare === '' ? null : bare;
      },
      z
        .string()
        .max(20)
        .regex(/^(ISENTO|\d{2,})$/, messages.pattern)
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null),
  email: optionalEmail(),
  phone: optionalPhone(),
  mobile: optionalPhone(),
  address: address(),
  notes: optionalText(2000),
  active: z.boolean().default(true),
};

/** CPF for a person, CNPJ for a company; the message lands on `document`. */
export function withDocumentRule<T extends z.ZodObject<typeof partyFields>>(schema: T) {
  return schema
    .superRefine(
      (value, ctx) => {
        const { personType, document } = value as { personType: 'F' | 'J'; document: string };
        if (typeof document !== 'string' || document === '') return;
        const valid = personType === 'F' ? cpf.isValid(document) : cnpj.isValid(document);
        if (!valid) {
          ctx.addIssue({
            code: 'custom',
            path: ['document'],
            message: personType === 'F' ? messages.invalidCpf : messages.invalidCnpj,
          });
        }
      },
      {
        // Also when other fields are wrong, so that every message shows at once.
        when: (payload) => {
          const v = payload.value as { personType?: unknown } | undefined;
          return v?.personType === 'F' || v?.personType === 'J';
        },
      },
    )
    .transform((value) => {
      const v = value as { personType: 'F' | 'J'; document: string };
      return {
        ...value,
        document: v.personType === 'F' ? cpf.normalize(v.document) : cnpj.normalize(v.document),
      };
    });
}

export const partyFiltersSchema = z.object({
  active: booleanFilter(),
  personType: personTypeEnum.optional(),
  state: z.enum(ufs).optional(),
  city: z.string().trim().max(60).optional(),
});

export const partyFieldSpecs: FieldSpec[] = [
  {
    key: 'personType',
    label: 'Tipo de pessoa',
    kind: 'enum',
    options: personTypes,
    required: true,
    section: 'Identificação',
  },
  {
    key: 'document',
    label: 'CPF / CNPJ',
    kind: 'document',
    required: true,
    section: 'Identificação',
  },
  {
    key: 'name',
    label: 'Nome / Razão social',
    kind: 'text',
    required: true,
    maxLength: 120,
    section: 'Identificação',
  },
  {
    key: 'tradeName',
    label: 'Nome fantasia',
    kind: 'text',
    maxLength: 120,
    section: 'Identificação',
  },
  {
    key: 'stateRegistration',
    label: 'Inscrição estadual',
    kind: 'text',
    maxLength: 20,
    help: 'Somente números ou ISENTO',
    section: 'Identificação',
  },
  { key: 'email', label: 'E-mail', kind: 'email', section: 'Contato' },
  { key: 'phone', label: 'Telefone', kind: 'phone', section: 'Contato' },
  { key: 'mobile', label: 'Celular', kind: 'phone', section: 'Contato' },
  { key: 'address.zipCode', label: 'CEP', kind: 'cep', section: 'Endereço' },
  { key: 'address.street', label: 'Logradouro', kind: 'text', maxLength: 120, section: 'Endereço' },
  { key: 'address.number', label: 'Número', kind: 'text', maxLength: 20, section: 'Endereço' },
  {
    key: 'address.complement',
    label: 'Complemento',
    kind: 'text',
    maxLength: 60,
    section: 'Endereço',
  },
  { key: 'address.district', label: 'Bairro', kind: 'text', maxLength: 60, section: 'Endereço' },
  { key: 'address.city', label: 'Cidade', kind: 'text', maxLength: 60, section: 'Endereço' },
  { key: 'address.state', label: 'UF', kind: 'uf', section: 'Endereço' },
  {
    key: 'address.cityCode',
    label: 'Município (IBGE)',
    kind: 'municipality',
    maxLength: 7,
    help: 'Preenchido pela cidade e UF; escolha na lista quando não for',
    section: 'Endereço',
  },
];

export const partyTailFieldSpecs: FieldSpec[] = [
  { key: 'notes', label: 'Observações', kind: 'textarea', maxLength: 2000, section: 'Outros' },
  { key: 'active', label: 'Ativo', kind: 'boolean', section: 'Outros' },
];

export const partyColumns: ColumnSpec[] = [
  { key: 'name', label: 'Nome / Razão social', sortable: true },
  { key: 'document', label: 'CPF / CNPJ', kind: 'document', sortable: true, mobile: true },
  { key: 'personType', label: 'Tipo', kind: 'enum', options: personTypes, sortable: true },
  { key: 'address.city', label: 'Cidade', sortable: true },
  { key: 'address.state', label: 'UF', sortable: true },
  { key: 'phone', label: 'Telefone', kind: 'phone' },
  { key: 'active', label: 'Ativo', kind: 'boolean', sortable: true, mobile: true },
];

/** The columns', the city and UF read from the address. */
export const partyListFields = [
  'name',
  'document',
  'personType',
  'address.city',
  'address.state',
  'phone',
  'active',
];

export const partyFilters: FilterSpec[] = [
  { key: 'active', label: 'Situação', kind: 'boolean', ...activeLabels },
  { key: 'personType', label: 'Tipo de pessoa', kind: 'enum', options: personTypes },
  {
    key: 'state',
    label: 'UF',
    kind: 'enum',
    options: Object.fromEntries(ufs.map((uf) => [uf, uf])),
  },
];

export const partySearchFields = ['name', 'tradeName', 'document', 'email', 'address.city'];
