import { Decimal } from 'decimal.js';
import type { NfeItem } from './nfe-document.js';

/**
 * The NF-e's totals are the sums of its items (SEFAZ checks each sum against the items and
 * rejects a difference of one cent), so the builder derives them rather than trusting figures
 * computed elsewhere; the invoice service stores the same numbers by calling this.
 */
export interface NfeTotals {
  icmsBase: Decimal;
  icmsValue: Decimal;
  products: Decimal;
  freight: Decimal;
  discount: Decimal;
  ipi: Decimal;
  pis: Decimal;
  cofins: Decimal;
  /** vNF = vProd − vDesc + vFrete + vIPI (+ ST, insurance, other charges: not issued here). */
  invoice: Decimal;
  ibsCbsBase: Decimal;
  ibsState: Decimal;
  ibsCity: Decimal;
  cbs: Decimal;
  /** vNFTot: the sum of the items' vItem. */
  invoiceWithIbsCbs: Decimal;
}

/**
 * IBS and CBS are charged "por fora" (on top of the price), but in 2026, their test year, they
 * are only shown, not added to what the buyer pays: vItem and vNFTot leave them out then (as
 * NT 2025.001 v1.13 says of vTotDFe for CT-e/NF3e/NFCom). From 2027 they are added. DOUBT: the
 * 2026 exception for the NF-e's vItem/vNFTot is taken from secondary sources (the NT 2025.002 rule
 * VB01-10 itself was not at hand); check it against the NT before 2027.
 */
export function ibsCbsAddedToTotal(issueYear: number): boolean {
  return issueYear >= 2027;
}

/** vItem: the item's share of the invoice total. */
export function itemTotal(item: NfeItem, issueYear: number): Decimal {
  const ipi = item.ipi ? new Decimal(item.ipi.value) : new Decimal(0);
  const base = new Decimal(item.grossTotal).minus(item.discount).plus(item.freight).plus(ipi);
  if (!item.ibsCbs || !ibsCbsAddedToTotal(issueYear)) return base;
  return base.plus(item.ibsCbs.stateValue).plus(item.ibsCbs.cityValue).plus(item.ibsCbs.cbsValue);
}

/** issueYear: the year of dhEmi in the issuer's local time. */
export function nfeTotals(items: NfeItem[], issueYear: number): NfeTotals {
  const sum = (pick: (item: NfeItem) => Decimal.Value | undefined) =>
    items.reduce((total, item) => total.plus(pick(item) ?? 0), new Decimal(0));
  const products = sum((item) => item.grossTotal);
  const discount = sum((item) => item.discount);
  const freight = sum((item) => item.freight);
  const ipi = sum((item) => item.ipi?.value);
  return {
    icmsBase: sum((item) => (item.icms.group === 'ICMS00' ? item.icms.base : 0)),
    icmsValue: sum((item) => (item.icms.group === 'ICMS00' ? item.icms.value : 0)),
    products,
    freight,
    discount,
    ipi,
    pis: sum((item) => item.pis.value),
    cofins: sum((item) => item.cofins.value),
    invoice: products.minus(discount).plus(freight).plus(ipi),
    ibsCbsBase: sum((item) => item.ibsCbs?.base),
    ibsState: sum((item) => item.ibsCbs?.stateValue),
    ibsCity: sum((item) => item.ibsCbs?.cityValue),
    cbs: sum((item) => item.ibsCbs?.cbsValue),
    invoiceWithIbsCbs: sum((item) => itemTotal(item, issueYear)),
  };
}
