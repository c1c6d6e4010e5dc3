import {
  invoiceListQuerySchema,
  invoiceMachine,
  invoiceStatuses,
  sefazStatuses,
  sefazStatusLabels,
} from '../../../shared/resources/invoices.js';
import { fiscalDirections } from '../../../shared/resources/fiscal-operations.js';
import { countSetFilters, type ListDefinition } from '../../components/list-params.js';

/**
 * The list's state in the URL (list-params.ts): newest issue date first, filtered by status and
 * direction (any of), issue date period and recipient (client or supplier), searched by number,
 * access key or recipient.
 */
export const invoiceList: ListDefinition = {
  defaultSort: '-issueDate',
  columns: [
    { key: 'number', label: 'Número', sortable: true },
    { key: 'issueDate', label: 'Emissão', sortable: true },
    { key: 'total', label: 'Total', sortable: true },
  ],
  filters: [
    { key: 'status', label: 'Situação' },
    { key: 'direction', label: 'Direção' },
    { key: 'sefazStatus', label: 'SEFAZ' },
    { key: 'issueDateFrom', label: 'De' },
    { key: 'issueDateTo', label: 'Até' },
    { key: 'clientId', label: 'Cliente' },
    { key: 'supplierId', label: 'Fornecedor' },
  ],
  filtersSchema: invoiceListQuerySchema.pick({
    status: true,
    direction: true,
    sefazStatus: true,
    issueDateFrom: true,
    issueDateTo: true,
    clientId: true,
    supplierId: true,
  }),
};

export const statusOptions = invoiceStatuses.map((value) => ({
  value,
  label: invoiceMachine.label(value),
}));

export const sefazStatusOptions = sefazStatuses.map((value) => ({
  value,
  label: sefazStatusLabels[value],
}));

export const directionOptions = Object.entries(fiscalDirections).map(([value, label]) => ({
  value,
  label,
}));

export { idValue } from '../../components/list-params.js';

/** How many filters are set, a period counting once: "Filtros (2)" on a small screen. */
export function activeFilterCount(filters: Record<string, string>): number {
  return countSetFilters(
    filters,
    ['status', 'direction', 'sefazStatus', 'clientId', 'supplierId'],
    ['issueDate'],
  );
}

/** The month before `today`'s (`YYYY-MM-DD`): the XML archive's default period. */
export function previousMonth(today: string): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const y = month === 1 ? year - 1 : year;
  const m = month === 1 ? 12 : month - 1;
  // Day 0 of the next month is the last day of this one.
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { from: `${y}-${mm}-01`, to: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}
