import { Decimal } from 'decimal.js';
import { allocate } from './allocation.js';

/**
 * An invoice's money (issue 18), the same on both sides: the form previews it, the server stores
 * it and the NF-e carries it. Every figure is a decimal string rounded half-up to the cent once,
 * per item; totals are sums of the items (SEFAZ refuses a total one cent off its items' sum).
 *
 * - vProd = quantity × unit price. The header's discount and freight are spread over the items by
 *   their vProd with the cents to the largest remainders (`allocate`): nothing lost or created.
 * - ICMS: under CRT 3 the CST's rate on vProd − vDesc + vFrete (CST 00; the other CSTs carry no
 *   value here). Under CRT 1, 2 and 4 the CSOSN; 101 gives the Simples credit (pCredSN = the
 *   operation's ICMS rate) on the same base.
 * - IPI, when the operation has its CST: the rate on vProd − vDesc + vFrete for the taxed CSTs
 *   (00, 49, 50, 99), nothing for the others.
 * - PIS/COFINS: under CRT 3 the operation's CST and rate on vProd − vDesc + vFrete − vICMS (the
 *   ICMS left out of the base, Lei 14.592/2023); CSTs 04–09 (monofásica, zero, isenta, suspensa)
 *   carry no value. Under CRT 1, 2 and 4 they are always CST 49 with zeros.
 * - IBS/CBS, when the operation switches them on: the rates on vProd − vDesc + vFrete. DOUBT: the
 *   2026 base (whether ICMS, PIS and COFINS leave it during the test year) is taken as the plain
 *   operation value; check it against LC 214/2025 art. 12 and the NT before relying on the figures.
 * - The item's total and the invoice's: vProd − vDesc + vFrete + vIPI.
 */
export type TaxRegime = 1 | 2 | 3 | 4;

/** What a nature of operation says about the taxes of its items. */
export interface InvoiceTaxRule {
  icmsCsosn: string;
  icmsCst: string;
  icmsRate: string;
  ipiCst: string | null;
  ipiRate: string;
  pisCst: string;
  pisRate: string;
  cofinsCst: string;
  cofinsRate: string;
  ibsCbsEnabled: boolean;
  cClassTrib: string | null;
  ibsStateRate: string;
  ibsCityRate: string;
  cbsRate: string;
}

export interface TaxFigures {
  /** The CST (CRT 3) or CSOSN (CRT 1, 2, 4) for ICMS; the CST for the others. */
  code: string;
  base: string;
  rate: string;
  value: string;
}

export interface IbsCbsFigures {
  /** The CST of IBS/CBS: the first three digits of cClassTrib. */
  cst: string;
  classCode: string;
  base: string;
  stateRate: string;
  stateValue: string;
  cityRate: string;
  cityValue: string;
  cbsRate: string;
  cbsValue: string;
}

export interface InvoiceLineFigures {
  grossTotal: string;
  discount: string;
  freight: string;
  total: string;
  icms: TaxFigures;
  ipi: TaxFigures | null;
  pis: TaxFigures;
  cofins: TaxFigures;
  ibsCbs: IbsCbsFigures | null;
}

/** A line's taxes as they are stored. */
export type InvoiceLineTaxes = Pick<
  InvoiceLineFigures,
  'icms' | 'ipi' | 'pis' | 'cofins' | 'ibsCbs'
>;

export interface InvoiceTotals {
  productsTotal: string;
  discount: string;
  freight: string;
  icmsBase: string;
  icmsTotal: string;
  ipiTotal: string;
  pisTotal: string;
  cofinsTotal: string;
  ibsTotal: string;
  cbsTotal: string;
  total: string;
}

export interface InvoiceFiguresInput {
  taxRegime: TaxRegime;
  rule: InvoiceTaxRule;
  discount: string;
  freight: string;
  /**
   * A line's own `discount` and `freight`, when given, are taken as they are instead of its share
   * of the header's (an invoice of a sales order carries each line's part of the order's).
   */
  lines: Array<{
    quantity: string;
    unitPrice: string;
    discount?: string;
    freight?: string;
    /** The line's own nature's rule (a sales order mixing natures); else the invoice's. */
    rule?: InvoiceTaxRule;
  }>;
}

const ZERO = '0.00';
const cents = (value: Decimal.Value) =>
  new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
const percentOf = (base: Decimal.Value, rate: string) =>
  cents(new Decimal(base).times(rate).dividedBy(100));
const rate2 = (rate: string) => new Decimal(rate).toFixed(2);
const nothing = (code: string): TaxFigures => ({ code, base: ZERO, rate: ZERO, value: ZERO });

/** vProd of a line: quantity × unit price, to the cent. */
export function lineGrossTotal(quantity: string, unitPrice: string): string {
  return cents(new Decimal(quantity).times(unitPrice));
}

const SIMPLES_PIS_COFINS_CST = '49';
const IPI_TAXED_CSTS = new Set(['00', '49', '50', '99']);
const PIS_COFINS_UNTAXED_CSTS = new Set(['04', '05', '06', '07', '08', '09']);

function icmsOf(regime: TaxRegime, rule: InvoiceTaxRule, base: Decimal): TaxFigures {
  if (regime === 3) {
    if (rule.icmsCst !== '00') return nothing(rule.icmsCst);
    return {
      code: '00',
      base: cents(base),
      rate: rate2(rule.icmsRate),
      value: percentOf(base, rule.icmsRate),
    };
  }
  if (rule.icmsCsosn !== '101') return nothing(rule.icmsCsosn);
  return {
    code: '101',
    base: cents(base),
    rate: rate2(rule.icmsRate),
    value: percentOf(base, rule.icmsRate),
  };
}

function ipiOf(rule: InvoiceTaxRule, base: Decimal): TaxFigures | null {
  if (!rule.ipiCst) return null;
  if (!IPI_TAXED_CSTS.has(rule.ipiCst)) return nothing(rule.ipiCst);
  return {
    code: rule.ipiCst,
    base: cents(base),
    rate: rate2(rule.ipiRate),
    value: percentOf(base, rule.ipiRate),
  };
}

function pisCofinsOf(regime: TaxRegime, cst: string, rate: string, base: Decimal): TaxFigures {
  if (regime !== 3) return nothing(SIMPLES_PIS_COFINS_CST);
  if (PIS_COFINS_UNTAXED_CSTS.has(cst)) return nothing(cst);
  return { code: cst, base: cents(base), rate: rate2(rate), value: percentOf(base, rate) };
}

function ibsCbsOf(rule: InvoiceTaxRule, base: Decimal): IbsCbsFigures | null {
  if (!rule.ibsCbsEnabled || !rule.cClassTrib) return null;
  return {
    cst: rule.cClassTrib.slice(0, 3),
    classCode: rule.cClassTrib,
    base: cents(base),
    stateRate: rate2(rule.ibsStateRate),
    stateValue: percentOf(base, rule.ibsStateRate),
    cityRate: rate2(rule.ibsCityRate),
    cityValue: percentOf(base, rule.ibsCityRate),
    cbsRate: rate2(rule.cbsRate),
    cbsValue: percentOf(base, rule.cbsRate),
  };
}

/** Each line's figures and the invoice's totals. */
export function invoiceFigures(input: InvoiceFiguresInput): {
  lines: InvoiceLineFigures[];
  totals: InvoiceTotals;
} {
  const { taxRegime } = input;
  const gross = input.lines.map((line) => lineGrossTotal(line.quantity, line.unitPrice));
  const spread = (amount: string) => (gross.length === 0 ? [] : allocate(cents(amount), gross));
  const discounts = spread(input.discount);
  const freights = spread(input.freight);

  const lines = gross.map((grossTotal, i): InvoiceLineFigures => {
    const discount = input.lines[i]!.discount ?? discounts[i]!;
    const freight = input.lines[i]!.freight ?? freights[i]!;
    const rule = input.lines[i]!.rule ?? input.rule;
    const operation = new Decimal(grossTotal).minus(discount).plus(freight);
    const icms = icmsOf(taxRegime, rule, operation);
    const ipi = ipiOf(rule, operation);
    // The ICMS the seller owes leaves the PIS/COFINS base; the Simples credit (CSOSN 101) is not
    // ICMS charged on the sale and never reaches here (PIS/COFINS are CST 49 under the Simples).
    const pisCofinsBase = operation.minus(taxRegime === 3 ? icms.value : 0);
    return {
      grossTotal,
      discount,
      freight,
      total: cents(operation.plus(ipi?.value ?? 0)),
      icms,
      ipi,
      pis: pisCofinsOf(taxRegime, rule.pisCst, rule.pisRate, pisCofinsBase),
      cofins: pisCofinsOf(taxRegime, rule.cofinsCst, rule.cofinsRate, pisCofinsBase),
      ibsCbs: ibsCbsOf(rule, operation),
    };
  });
  return { lines, totals: invoiceTotals(lines, taxRegime) };
}

/** The totals are sums of the items. */
export function invoiceTotals(lines: InvoiceLineFigures[], taxRegime: TaxRegime): InvoiceTotals {
  const sum = (pick: (line: InvoiceLineFigures) => string | undefined) =>
    cents(lines.reduce((total, line) => total.plus(pick(line) ?? 0), new Decimal(0)));
  // Under the Simples the ICMS of CSOSN 101 is a credit the buyer may take, not ICMS charged:
  // vBC and vICMS of the NF-e's totals stay zero.
  const charged = (line: InvoiceLineFigures) => (taxRegime === 3 ? line.icms : undefined);
  return {
    productsTotal: sum((line) => line.grossTotal),
    discount: sum((line) => line.discount),
    freight: sum((line) => line.freight),
    icmsBase: sum((line) => charged(line)?.base),
    icmsTotal: sum((line) => charged(line)?.value),
    ipiTotal: sum((line) => line.ipi?.value),
    pisTotal: sum((line) => line.pis.value),
    cofinsTotal: sum((line) => line.cofins.value),
    ibsTotal: sum((line) =>
      line.ibsCbs
        ? new Decimal(line.ibsCbs.stateValue).plus(line.ibsCbs.cityValue).toFixed(2)
        : undefined,
    ),
    cbsTotal: sum((line) => line.ibsCbs?.cbsValue),
    total: sum((line) => line.total),
  };
}
