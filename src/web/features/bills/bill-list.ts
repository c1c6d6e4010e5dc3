import {
  billKindInfo,
  billListQuerySchema,
  billOriginLabels,
  billOriginTypes,
  billStatusFilterLabels,
  billStatusFilterValues,
  type BillKind,
} from '../../../shared/resources/bills.js';
import { countSetFilters, type ListDefinition } from '../../components/list-params.js';

/**
 * The list's state in the URL (list-params.ts): by due date, oldest first (what falls due next
 * on top), filtered by status (Vencida too), due and competence periods, partner, category and
 * origin, searched by description, document or partner.
 */

const shared = {
  status: true,
  dueDateFrom: true,
  dueDateTo: true,
  competenceDateFrom: true,
  competenceDateTo: true,
  categoryId: true,
  originType: true,
} as const;

function definitionOf(kind: BillKind): ListDefinition {
  const partner = billKindInfo[kind].partnerKey;
  return {
    defaultSort: 'dueDate',
    columns: [
      { key: 'dueDate', label: 'Vencimento', sortable: true },
      { key: 'amount', label: 'Valor', sortable: true },
    ],
    filters: [
      { key: 'status', label: 'Situação' },
      { key: 'dueDateFrom', label: 'Vencimento de' },
      { key: 'dueDateTo', label: 'Vencimento até' },
      { key: 'competenceDateFrom', label: 'Competência de' },
      { key: 'competenceDateTo', label: 'Competência até' },
      { key: partner, label: billKindInfo[kind].partnerLabel },
      { key: 'categoryId', label: 'Categoria' },
      { key: 'originType', label: 'Origem' },
    ],
    filtersSchema:
      kind === 'PAY'
        ? billListQuerySchema.pick({ ...shared, supplierId: true })
        : billListQuerySchema.pick({ ...shared, clientId: true }),
  };
}

const definitions: Record<BillKind, ListDefinition> = {
  PAY: definitionOf('PAY'),
  RECEIVE: definitionOf('RECEIVE'),
};

export const billList = (kind: BillKind): ListDefinition => definitions[kind];

export const statusOptions = billStatusFilterValues.map((value) => ({
  value,
  label: billStatusFilterLabels[value],
}));

export const originOptions = billOriginTypes.map((value) => ({
  value,
  label: billOriginLabels[value],
}));

export { idValue, joinValues, splitValues } from '../../components/list-params.js';

/** How many filters are set, a period counting once: "Filtros (2)" on a small screen. */
export function activeFilterCount(kind: BillKind, filters: Record<string, string>): number {
  return countSetFilters(
    filters,
    ['status', billKindInfo[kind].partnerKey, 'categoryId', 'originType'],
    ['dueDate', 'competenceDate'],
  );
}
