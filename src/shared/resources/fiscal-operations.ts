import {
  cfopFirstDigit,
  CFOP_PATTERN,
  icmsCsosns,
  icmsCsts,
  ipiCstFitsDirection,
  ipiCsts,
  pisCofinsCsts,
  type Direction,
} from '../br/fiscal-codes.js';
import { optionalText, percent, requiredEnum, requiredText } from '../fields.js';
import { booleanFilter } from '../list-query.js';
import { messages } from '../messages.js';
import { activeLabels, defineResource } from '../resource.js';
import { z } from '../zod-messages.js';

/**
 * Naturezas de Operação (DOMAIN §8): what an invoice does and how its items are taxed. The ICMS
 * has both forms, the CSOSN used under CRT 1, 2 and 4 and the CST and rate under CRT 3; PIS and
 * COFINS are used only under CRT 3 (the Simples writes CST 49 with zero values). The invoice
 * picks the CFOP by the recipient's UF against the company's.
 */
export const fiscalDirections = { OUT: 'Saída', IN: 'Entrada' } as const;
export const fiscalPurposes = { NORMAL: 'Normal', RETURN: 'Devolução' } as const;

const codeEnum = <T extends Record<string, string>>(codes: T) =>
  requiredEnum(Object.keys(codes) as [Extract<keyof T, string>, ...Extract<keyof T, string>[]]);
const directionEnum = codeEnum(fiscalDirections);
const purposeEnum = codeEnum(fiscalPurposes);

/** Typed with or without punctuation ("5.101"), stored as 4 digits. */
const cfop = () =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? v.replace(/[\s.]/g, '') : v),
      z.string().min(1).regex(CFOP_PATTERN, messages.fiscal.cfopDigits),
    )
    .pipe(z.string());

/** cClassTrib of IBS/CBS: 6 digits, the first three its CST; empty → null. */
const classTrib = () =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z
        .string()
        .trim()
        .regex(/^\d{6}$/, messages.fiscal.classTribDigits)
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null);

const optionalCode = <T extends Record<string, string>>(codes: T) =>
  z
    .preprocess((v) => (v === '' ? null : v), codeEnum(codes).nullable().optional())
    .transform((v) => v ?? null);

interface RuleValue {
  direction?: unknown;
  cfopInState?: unknown;
  cfopOutOfState?: unknown;
  ipiCst?: unknown;
  ibsCbsEnabled?: unknown;
  cClassTrib?: unknown;
}

/**
 * The CFOPs and the IPI CST follow the direction, and IBS/CBS switched on needs its cClassTrib.
 * Runs even when other fields are wrong, so that every message shows at once.
 */
export function fiscalOperationRule(value: RuleValue, ctx: z.core.$RefinementCtx) {
  const direction = value.direction as Direction;
  for (const [key, interstate] of [
    ['cfopInState', false],
    ['cfopOutOfState', true],
  ] as const) {
    const code = value[key];
    const first = cfopFirstDigit(direction, interstate);
    if (typeof code === 'string' && CFOP_PATTERN.test(code) && code[0] !== first) {
      ctx.addIssue({ code: 'custom', path: [key], message: messages.fiscal.cfopStart(first) });
    }
  }
  const ipiCst = value.ipiCst;
  if (typeof ipiCst === 'string' && ipiCst in ipiCsts && !ipiCstFitsDirection(ipiCst, direction)) {
    ctx.addIssue({
      code: 'custom',
      path: ['ipiCst'],
      message: messages.fiscal.ipiCstDirection(direction === 'IN'),
    });
  }
  if (value.ibsCbsEnabled === true && value.cClassTrib == null) {
    ctx.addIssue({ code: 'custom', path: ['cClassTrib'], message: messages.required });
  }
}

export const fiscalOperationSchema = z
  .object({
    name: requiredText(60),
    direction: directionEnum,
    purpose: purposeEnum.default('NORMAL'),
    cfopInState: cfop(),
    cfopOutOfState: cfop(),
    icmsCsosn: codeEnum(icmsCsosns).default('102'),
    icmsCst: codeEnum(icmsCsts).default('00'),
    icmsRate: percent().default('0.00'),
    ipiCst: optionalCode(ipiCsts),
    ipiRate: percent().default('0.00'),
    pisCst: codeEnum(pisCofinsCsts).default('01'),
    pisRate: percent().default('0.65'),
    cofinsCst: codeEnum(pisCofinsCsts).default('01'),
    cofinsRate: percent().default('3.00'),
    ibsCbsEnabled: z.boolean().default(false),
    cClassTrib: classTrib(),
    ibsStateRate: percent().default('0.00'),
    ibsCityRate: percent().default('0.00'),
    cbsRate: percent().default('0.00'),
    movesStock: z.boolean().default(true),
    createsBills: z.boolean().default(true),
    /** infCpl accepts 5,000 characters. */
    additionalInfo: optionalText(5000),
    active: z.boolean().default(true),
  })
  .superRefine(fiscalOperationRule, {
    when: (payload) => {
      const direction = (payload.value as { direction?: unknown } | undefined)?.direction;
      return direction === 'OUT' || direction === 'IN';
    },
  });

export const fiscalOperations = defineResource({
  path: 'fiscal-operations',
  area: 'fiscalOperations',
  label: 'Naturezas de Operação',
  singular: 'Natureza de operação',
  gender: 'f',
  uniqueFields: { name: 'este nome' },
  schema: fiscalOperationSchema,
  filtersSchema: z.object({
    active: booleanFilter(),
    direction: directionEnum.optional(),
    purpose: purposeEnum.optional(),
  }),
  fields: [
    {
      key: 'name',
      label: 'Nome',
      kind: 'text',
      required: true,
      maxLength: 60,
      section: 'Operação',
    },
    {
      key: 'direction',
      label: 'Tipo',
      kind: 'enum',
      options: fiscalDirections,
      required: true,
      section: 'Operação',
    },
    {
      key: 'purpose',
      label: 'Finalidade',
      kind: 'enum',
      options: fiscalPurposes,
      required: true,
      section: 'Operação',
    },
    {
      key: 'cfopInState',
      label: 'CFOP dentro do estado',
      kind: 'text',
      required: true,
      maxLength: 5,
      help: 'Saída: 5xxx; entrada: 1xxx',
      section: 'Operação',
    },
    {
      key: 'cfopOutOfState',
      label: 'CFOP para outro estado',
      kind: 'text',
      required: true,
      maxLength: 5,
      help: 'Saída: 6xxx; entrada: 2xxx',
      section: 'Operação',
    },
    {
      key: 'movesStock',
      label: 'Movimenta estoque',
      kind: 'boolean',
      section: 'Operação',
    },
    {
      key: 'createsBills',
      label: 'Gera contas a receber/pagar',
      kind: 'boolean',
      section: 'Operação',
    },
    { key: 'active', label: 'Ativo', kind: 'boolean', section: 'Operação' },
    {
      key: 'icmsCsosn',
      label: 'CSOSN (Simples Nacional)',
      kind: 'enum',
      options: icmsCsosns,
      required: true,
      help: 'Usado quando a empresa é do Simples Nacional ou MEI (CRT 1, 2 ou 4)',
      section: 'ICMS',
    },
    {
      key: 'icmsCst',
      label: 'CST do ICMS (regime normal)',
      kind: 'enum',
      options: icmsCsts,
      required: true,
      help: 'Usado quando a empresa é do regime normal (CRT 3)',
      section: 'ICMS',
    },
    { key: 'icmsRate', label: 'Alíquota do ICMS', kind: 'percent', section: 'ICMS' },
    {
      key: 'ipiCst',
      label: 'CST do IPI',
      kind: 'enum',
      options: ipiCsts,
      help: 'Vazio: a nota não traz IPI',
      section: 'IPI',
    },
    { key: 'ipiRate', label: 'Alíquota do IPI', kind: 'percent', section: 'IPI' },
    {
      key: 'pisCst',
      label: 'CST do PIS',
      kind: 'enum',
      options: pisCofinsCsts,
      required: true,
      help: 'Só no regime normal; no Simples a nota leva CST 49 com valores zerados',
      section: 'PIS e COFINS',
    },
    { key: 'pisRate', label: 'Alíquota do PIS', kind: 'percent', section: 'PIS e COFINS' },
    {
      key: 'cofinsCst',
      label: 'CST da COFINS',
      kind: 'enum',
      options: pisCofinsCsts,
      required: true,
      section: 'PIS e COFINS',
    },
    { key: 'cofinsRate', label: 'Alíquota da COFINS', kind: 'percent', section: 'PIS e COFINS' },
    { key: 'ibsCbsEnabled', label: 'Destacar IBS/CBS', kind: 'boolean', section: 'IBS e CBS' },
    {
      key: 'cClassTrib',
      label: 'Classificação tributária (cClassTrib)',
      kind: 'text',
      maxLength: 6,
      help: '6 dígitos; os 3 primeiros são o CST do IBS/CBS',
      section: 'IBS e CBS',
    },
    {
      key: 'ibsStateRate',
      label: 'Alíquota do IBS estadual',
      kind: 'percent',
      section: 'IBS e CBS',
    },
    {
      key: 'ibsCityRate',
      label: 'Alíquota do IBS municipal',
      kind: 'percent',
      section: 'IBS e CBS',
    },
    { key: 'cbsRate', label: 'Alíquota da CBS', kind: 'percent', section: 'IBS e CBS' },
    {
      key: 'additionalInfo',
      label: 'Informações complementares',
      kind: 'textarea',
      maxLength: 5000,
      help: 'Texto que a nota traz por padrão; pode ser alterado em cada nota',
      section: 'Informações complementares',
    },
  ],
  columns: [
    { key: 'name', label: 'Nome', sortable: true },
    {
      key: 'direction',
      label: 'Tipo',
      kind: 'enum',
      options: fiscalDirections,
      sortable: true,
      mobile: true,
    },
    { key: 'purpose', label: 'Finalidade', kind: 'enum', options: fiscalPurposes, sortable: true },
    { key: 'cfopInState', label: 'CFOP no estado', sortable: true },
    { key: 'cfopOutOfState', label: 'CFOP outro estado', sortable: true },
    { key: 'active', label: 'Ativo', kind: 'boolean', sortable: true, mobile: true },
  ],
  listFields: ['name', 'direction', 'purpose', 'cfopInState', 'cfopOutOfState', 'active'],
  filters: [
    { key: 'active', label: 'Situação', kind: 'boolean', ...activeLabels },
    { key: 'direction', label: 'Tipo', kind: 'enum', options: fiscalDirections },
    { key: 'purpose', label: 'Finalidade', kind: 'enum', options: fiscalPurposes },
  ],
  searchFields: ['name', 'cfopInState', 'cfopOutOfState'],
  defaultSort: 'name',
  titleField: 'name',
  importable: true,
});
