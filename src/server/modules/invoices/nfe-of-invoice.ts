import type { Installment } from '../../../shared/installments.js';
import type { InvoiceLineDbRow } from './invoices.repo.js';
import type { NfeIcms, NfeItem, NfePayment } from '../nfe/index.js';

/** An invoice's stored pieces as the NF-e engine's document says them (nfe/nfe-document.ts). */

/** An item of the NF-e from the stored line: its snapshots and its computed taxes. */
export function nfeItemOf(line: InvoiceLineDbRow, taxRegime: number): NfeItem {
  const { icms, ipi, pis, cofins, ibsCbs } = line.taxes;
  const origin = Number(line.taxOrigin);
  let nfeIcms: NfeIcms;
  if (taxRegime === 3) {
    nfeIcms = { group: 'ICMS00', origin, base: icms.base, rate: icms.rate, value: icms.value };
  } else if (icms.code === '101') {
    nfeIcms = { group: 'ICMSSN101', origin, creditRate: icms.rate, creditValue: icms.value };
  } else {
    nfeIcms = { group: 'ICMSSN102', origin, csosn: icms.code as '102' | '103' | '300' | '400' };
  }
  return {
    code: line.itemCode,
    description: line.description,
    ncm: line.ncm ?? '',
    cest: line.cest ?? undefined,
    cfop: line.cfop,
    unit: line.unitCode,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    grossTotal: line.grossTotal,
    discount: line.discount,
    freight: line.freight,
    icms: nfeIcms,
    // cEnq 999: "tributação normal IPI; outros", the framework when no specific one applies.
    ipi: ipi ? { cst: ipi.code, frameworkCode: '999', ...ipi } : undefined,
    pis: { cst: pis.code, base: pis.base, rate: pis.rate, value: pis.value },
    cofins: { cst: cofins.code, base: cofins.base, rate: cofins.rate, value: cofins.value },
    ibsCbs: ibsCbs ?? undefined,
  };
}

/**
 * tPag of the payment method's kind. Cards need the card group (integration, acquirer), which
 * is not recorded here: DOUBT, they go as 99 with the kind's name until it is.
 */
export function paymentMethodCode(kind: string | null): Pick<NfePayment, 'method' | 'description'> {
  switch (kind) {
    case 'CASH':
      return { method: '01' };
    case 'CHECK':
      return { method: '02' };
    case 'BOLETO':
      return { method: '15' };
    case 'BANK_TRANSFER':
      return { method: '18' };
    case 'PIX':
      return { method: '20' };
    case 'CREDIT_CARD':
      return { method: '99', description: 'Cartão de crédito' };
    case 'DEBIT_CARD':
      return { method: '99', description: 'Cartão de débito' };
    default:
      return { method: '99', description: 'A prazo' };
  }
}

/** A bill of the invoice as the NF-e's dup. */
export const invoiceFolio = (installment: Installment) => ({
  dueDate: installment.dueDate,
  amount: installment.amount,
});
