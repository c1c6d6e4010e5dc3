import { Decimal } from 'decimal.js';
import { states, type Uf } from '../../../shared/br/states.js';
import { composeAccessKey, isValidAccessKey } from '../../../shared/nfe/access-key.js';
import type {
  NfeAddress,
  NfeDocument,
  NfeIcms,
  NfeIpi,
  NfeItem,
  NfePisCofins,
  NfeRecipient,
} from './nfe-document.js';
import { itemTotal, nfeTotals, type NfeTotals } from './nfe-totals.js';
import { el, group, money, optionalMoney, quantity, rate, text, unitPrice } from './xml-text.js';

export interface BuiltNfe {
  /** The unsigned `<NFe>`, no XML declaration, no whitespace between tags: sign-nfe.ts signs it. */
  xml: string;
  accessKey: string;
  totals: NfeTotals;
}

const NFE_NS = 'http://www.portalfiscal.inf.br/nfe';
/** Rejection 598: in homologation the recipient's name must be exactly this. */
export const HOMOLOGATION_RECIPIENT_NAME =
  'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

/**
 * Legal time of each UF's capital (Brazil has kept no daylight saving time since 2019). DOUBT:
 * western Amazonas is at −05:00 while Manaus is at −04:00; the capital's offset is used for the
 * whole state.
 */
const utcOffsetMinutes: Partial<Record<Uf, number>> = {
  AC: -300,
  AM: -240,
  RO: -240,
  RR: -240,
  MT: -240,
  MS: -240,
};

/**
 * The NF-e of a document, in the element order of leiauteNFe_v4.00.xsd (PL_010d), for what this
 * product issues: domestic sales and returns of goods, CRT 1 (ICMSSN101/102, PIS/COFINS CST 49)
 * and CRT 3 (ICMS00, PISAliq/COFINSAliq, IBSCBS with IBSCBSTot, det/vItem and vNFTot).
 */
export function buildNfeXml(doc: NfeDocument): BuiltNfe {
  const local = localTime(doc.issuedAt, doc.emitter.address.uf);
  const accessKey = composeAccessKey({
    ufCode: states[doc.emitter.address.uf].ibge,
    yearMonth: local.yearMonth,
    issuerDocument: doc.emitter.document,
    model: '55',
    series: doc.series,
    number: doc.number,
    emissionType: doc.emissionType,
    randomCode: doc.randomCode,
  });
  const totals = nfeTotals(doc.items, local.year);
  const withIbsCbs = doc.items.some((item) => item.ibsCbs);

  const infNFe =
    `<infNFe versao="4.00" Id="NFe${accessKey}">` +
    ide(doc, accessKey, local.dateTime) +
    emit(doc) +
    dest(doc) +
    doc.items.map((item, index) => det(item, index + 1, withIbsCbs, local.year)).join('') +
    total(totals, withIbsCbs) +
    transp(doc) +
    cobr(doc, totals) +
    pag(doc, totals) +
    infAdic(doc) +
    '</infNFe>';
  return { xml: `<NFe xmlns="${NFE_NS}">${infNFe}</NFe>`, accessKey, totals };
}

/** dhEmi in the issuer's legal time ("2026-11-26T09:30:00-03:00") and the key's AAMM. */
export function localTime(instant: Date, uf: Uf) {
  const offset = utcOffsetMinutes[uf] ?? -180;
  const shifted = new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return {
    dateTime: `${shifted}${offset < 0 ? '-' : '+'}${hours}:${minutes}`,
    yearMonth: shifted.slice(2, 4) + shifted.slice(5, 7),
    year: Number(shifted.slice(0, 4)),
    date: shifted.slice(0, 10),
  };
}

function ide(doc: NfeDocument, accessKey: string, issuedAt: string): string {
  for (const key of doc.referencedKeys) {
    if (!isValidAccessKey(key)) throw new Error(`NF-e: referenced key ${key} is not valid.`);
  }
  // Rejections 556/557: dhCont and xJust go with tpEmis other than 1, and only with it.
  if ((doc.emissionType === 1) !== !doc.contingency) {
    throw new Error(
      `NF-e: tpEmis ${doc.emissionType} ${doc.contingency ? 'with' : 'without'} dhCont/xJust.`,
    );
  }
  const contingency = doc.contingency
    ? el('dhCont', localTime(doc.contingency.since, doc.emitter.address.uf).dateTime) +
      el('xJust', text(doc.contingency.reason))
    : '';
  const interstate = doc.recipient.address.uf !== doc.emitter.address.uf;
  // indIntermed is required of remote sales (indPres 2, 3, 9); 0 = the issuer's own channel.
  const remote = doc.presence === 2 || doc.presence === 3 || doc.presence === 9;
  return group(
    'ide',
    el('cUF', accessKey.slice(0, 2)),
    el('cNF', doc.randomCode),
    el('natOp', text(doc.operationName)),
    el('mod', '55'),
    el('serie', String(doc.series)),
    el('nNF', String(doc.number)),
    el('dhEmi', issuedAt),
    el('tpNF', doc.direction === 'OUT' ? '1' : '0'),
    el('idDest', interstate ? '2' : '1'),
    el('cMunFG', doc.emitter.address.cityCode),
    el('tpImp', '1'),
    el('tpEmis', String(doc.emissionType)),
    el('cDV', accessKey.slice(43)),
    el('tpAmb', doc.environment === 'PRODUCTION' ? '1' : '2'),
    el('finNFe', doc.purpose === 'RETURN' ? '4' : '1'),
    el('indFinal', doc.finalConsumer ? '1' : '0'),
    el('indPres', String(doc.presence)),
    remote ? el('indIntermed', '0') : '',
    el('procEmi', '0'),
    el('verProc', text(doc.softwareVersion)),
    contingency,
    doc.referencedKeys.map((key) => group('NFref', el('refNFe', key))).join(''),
  );
}

/** CNPJ (14 characters, letters allowed) or CPF (11 digits). */
function documentElement(document: string): string {
  return document.length === 11 ? el('CPF', document) : el('CNPJ', document);
}

const digitsOnly = (value: string) => value.replace(/\D/g, '');
const registration = (value: string) => value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

function address(tag: 'enderEmit' | 'enderDest', value: NfeAddress): string {
  const phone = value.phone ? digitsOnly(value.phone) : '';
  return group(
    tag,
    el('xLgr', text(value.street)),
    el('nro', text(value.number)),
    value.complement?.trim() ? el('xCpl', text(value.complement)) : '',
    el('xBairro', text(value.district)),
    el('cMun', value.cityCode),
    el('xMun', text(value.cityName)),
    el('UF', value.uf),
    el('CEP', digitsOnly(value.zipCode)),
    el('cPais', '1058'),
    el('xPais', 'BRASIL'),
    phone ? el('fone', phone) : '',
  );
}

function emit(doc: NfeDocument): string {
  const emitter = doc.emitter;
  return group(
    'emit',
    documentElement(emitter.document),
    el('xNome', text(emitter.name)),
    emitter.tradeName?.trim() ? el('xFant', text(emitter.tradeName)) : '',
    address('enderEmit', emitter.address),
    el('IE', registration(emitter.stateRegistration)),
    el('CRT', String(emitter.taxRegime)),
  );
}

function dest(doc: NfeDocument): string {
  const recipient: NfeRecipient = doc.recipient;
  const name =
    doc.environment === 'HOMOLOGATION' ? HOMOLOGATION_RECIPIENT_NAME : text(recipient.name);
  return group(
    'dest',
    documentElement(recipient.document),
    el('xNome', name),
    address('enderDest', recipient.address),
    el('indIEDest', String(recipient.stateTaxpayer)),
    recipient.stateTaxpayer === 1 ? el('IE', registration(recipient.stateRegistration ?? '')) : '',
    recipient.email?.trim() ? el('email', text(recipient.email)) : '',
  );
}

function det(item: NfeItem, index: number, withIbsCbs: boolean, issueYear: number): string {
  const gtin = item.gtin?.trim() ? item.gtin : 'SEM GTIN';
  const prod = group(
    'prod',
    el('cProd', text(item.code)),
    el('cEAN', gtin),
    el('xProd', text(item.description)),
    el('NCM', item.ncm),
    item.cest ? el('CEST', item.cest) : '',
    el('CFOP', item.cfop),
    el('uCom', text(item.unit)),
    el('qCom', quantity(item.quantity)),
    el('vUnCom', unitPrice(item.unitPrice)),
    el('vProd', money(item.grossTotal)),
    el('cEANTrib', gtin),
    el('uTrib', text(item.unit)),
    el('qTrib', quantity(item.quantity)),
    el('vUnTrib', unitPrice(item.unitPrice)),
    el('vFrete', optionalMoney(item.freight)),
    el('vDesc', optionalMoney(item.discount)),
    el('indTot', '1'),
  );
  const imposto = group(
    'imposto',
    icms(item.icms),
    item.ipi ? ipi(item.ipi) : '',
    pisCofins('PIS', item.pis),
    pisCofins('COFINS', item.cofins),
    item.ibsCbs ? ibsCbs(item) : '',
  );
  const vItem = withIbsCbs ? el('vItem', money(itemTotal(item, issueYear))) : '';
  return `<det nItem="${index}">${prod}${imposto}${vItem}</det>`;
}

function icms(value: NfeIcms): string {
  const origin = el('orig', String(value.origin));
  switch (value.group) {
    case 'ICMS00':
      return group(
        'ICMS',
        group(
          'ICMS00',
          origin,
          el('CST', '00'),
          // modBC 3: the base is the operation's value.
          el('modBC', '3'),
          el('vBC', money(value.base)),
          el('pICMS', rate(value.rate)),
          el('vICMS', money(value.value)),
        ),
      );
    case 'ICMSSN101':
      return group(
        'ICMS',
        group(
          'ICMSSN101',
          origin,
          el('CSOSN', '101'),
          el('pCredSN', rate(value.creditRate)),
          el('vCredICMSSN', money(value.creditValue)),
        ),
      );
    case 'ICMSSN102':
      return group('ICMS', group('ICMSSN102', origin, el('CSOSN', value.csosn)));
  }
}

function ipi(value: NfeIpi): string {
  const taxed = ['00', '49', '50', '99'].includes(value.cst);
  return group(
    'IPI',
    el('cEnq', value.frameworkCode),
    taxed
      ? group(
          'IPITrib',
          el('CST', value.cst),
          el('vBC', money(value.base)),
          el('pIPI', rate(value.rate)),
          el('vIPI', money(value.value)),
        )
      : group('IPINT', el('CST', value.cst)),
  );
}

/** PISAliq (CST 01/02), PISNT (04–09, no values), PISOutr (49–99, percentage form); COFINS alike. */
function pisCofins(tax: 'PIS' | 'COFINS', value: NfePisCofins): string {
  const cst = Number(value.cst);
  if (cst >= 4 && cst <= 9) return group(tax, group(`${tax}NT`, el('CST', value.cst)));
  const values = [
    el('CST', value.cst),
    el('vBC', money(value.base)),
    el(`p${tax}`, rate(value.rate)),
    el(`v${tax}`, money(value.value)),
  ];
  return group(tax, group(cst <= 2 ? `${tax}Aliq` : `${tax}Outr`, ...values));
}

function ibsCbs(item: NfeItem): string {
  const value = item.ibsCbs!;
  const ibs = new Decimal(value.stateValue).plus(value.cityValue);
  return group(
    'IBSCBS',
    el('CST', value.cst),
    el('cClassTrib', value.classCode),
    group(
      'gIBSCBS',
      el('vBC', money(value.base)),
      group('gIBSUF', el('pIBSUF', rate(value.stateRate)), el('vIBSUF', money(value.stateValue))),
      group('gIBSMun', el('pIBSMun', rate(value.cityRate)), el('vIBSMun', money(value.cityValue))),
      el('vIBS', money(ibs)),
      group('gCBS', el('pCBS', rate(value.cbsRate)), el('vCBS', money(value.cbsValue))),
    ),
  );
}

function total(totals: NfeTotals, withIbsCbs: boolean): string {
  const zero = '0.00';
  const icmsTot = group(
    'ICMSTot',
    el('vBC', money(totals.icmsBase)),
    el('vICMS', money(totals.icmsValue)),
    el('vICMSDeson', zero),
    el('vFCP', zero),
    el('vBCST', zero),
    el('vST', zero),
    el('vFCPST', zero),
    el('vFCPSTRet', zero),
    el('vProd', money(totals.products)),
    el('vFrete', money(totals.freight)),
    el('vSeg', zero),
    el('vDesc', money(totals.discount)),
    el('vII', zero),
    el('vIPI', money(totals.ipi)),
    el('vIPIDevol', zero),
    el('vPIS', money(totals.pis)),
    el('vCOFINS', money(totals.cofins)),
    el('vOutro', zero),
    el('vNF', money(totals.invoice)),
  );
  if (!withIbsCbs) return group('total', icmsTot);
  const ibs = totals.ibsState.plus(totals.ibsCity);
  const ibsCbsTot = group(
    'IBSCBSTot',
    el('vBCIBSCBS', money(totals.ibsCbsBase)),
    group(
      'gIBS',
      group('gIBSUF', el('vDif', zero), el('vDevTrib', zero), el('vIBSUF', money(totals.ibsState))),
      group(
        'gIBSMun',
        el('vDif', zero),
        el('vDevTrib', zero),
        el('vIBSMun', money(totals.ibsCity)),
      ),
      el('vIBS', money(ibs)),
      el('vCredPres', zero),
      el('vCredPresCondSus', zero),
    ),
    group(
      'gCBS',
      el('vDif', zero),
      el('vDevTrib', zero),
      el('vCBS', money(totals.cbs)),
      el('vCredPres', zero),
      el('vCredPresCondSus', zero),
    ),
  );
  // Rejection 1004: vNFTot is required whenever IBSCBSTot is present.
  return group('total', icmsTot, ibsCbsTot, el('vNFTot', money(totals.invoiceWithIbsCbs)));
}

function transp(doc: NfeDocument): string {
  const carrier = doc.carrier;
  const transporta = carrier
    ? group(
        'transporta',
        carrier.document ? documentElement(carrier.document) : '',
        carrier.name?.trim() ? el('xNome', text(carrier.name)) : '',
        carrier.stateRegistration?.trim() ? el('IE', registration(carrier.stateRegistration)) : '',
        carrier.address?.trim() ? el('xEnder', text(carrier.address)) : '',
        carrier.cityName?.trim() ? el('xMun', text(carrier.cityName)) : '',
        carrier.uf ? el('UF', carrier.uf) : '',
      )
    : '';
  return group('transp', el('modFrete', String(doc.freightMode)), transporta);
}

/**
 * A return (finNFe 4) carries no payment: tPag 90 with vPag 0 (rejection 871 for anything else,
 * as remembered from NT 2016.002; the manual was not at hand) and no bills.
 */
const paysNothing = (doc: NfeDocument) => doc.purpose === 'RETURN' || doc.payment.method === '90';

/** The bills (fat + dup), numbered 001, 002, … ; their sum is the invoice's total. */
function cobr(doc: NfeDocument, totals: NfeTotals): string {
  const installments = doc.payment.installments;
  if (paysNothing(doc) || installments.length === 0) return '';
  const sum = installments.reduce((acc, dup) => acc.plus(dup.amount), new Decimal(0));
  if (!sum.equals(totals.invoice)) {
    throw new Error(`NF-e: the installments add up to ${sum}, the invoice to ${totals.invoice}.`);
  }
  return group(
    'cobr',
    group(
      'fat',
      el('nFat', String(doc.number)),
      el('vOrig', money(totals.invoice)),
      el('vDesc', '0.00'),
      el('vLiq', money(totals.invoice)),
    ),
    installments
      .map((dup, index) =>
        group(
          'dup',
          el('nDup', String(index + 1).padStart(3, '0')),
          el('dVenc', dup.dueDate),
          el('vDup', money(dup.amount)),
        ),
      )
      .join(''),
  );
}

function pag(doc: NfeDocument, totals: NfeTotals): string {
  if (paysNothing(doc)) return group('pag', group('detPag', el('tPag', '90'), el('vPag', '0.00')));
  const { method, description } = doc.payment;
  return group(
    'pag',
    group(
      'detPag',
      el('tPag', method),
      method === '99' ? el('xPag', text(description ?? 'Outros')) : '',
      el('vPag', money(totals.invoice)),
    ),
  );
}

/**
 * infCpl: for the Simples Nacional (CRT 1, 2, 4) the sentences its rules require of every
 * document (Resolução CGSN 140/2018, art. 59, as remembered: DOUBT, check the wording), then the
 * credit sentence of CSOSN 101 (LC 123, art. 23), then the invoice's own text.
 */
function infAdic(doc: NfeDocument): string {
  const parts: string[] = [];
  if (doc.emitter.taxRegime !== 3) {
    parts.push(
      'DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL.',
      'NAO GERA DIREITO A CREDITO FISCAL DE IPI.',
    );
    const credit = doc.items.flatMap((item) =>
      item.icms.group === 'ICMSSN101' ? [item.icms] : [],
    );
    if (credit.length > 0) {
      const value = credit.reduce((sum, icms) => sum.plus(icms.creditValue), new Decimal(0));
      const rates = [...new Set(credit.map((icms) => new Decimal(icms.creditRate).toFixed(2)))];
      parts.push(
        `PERMITE O APROVEITAMENTO DO CREDITO DE ICMS NO VALOR DE R$ ${value.toFixed(2).replace('.', ',')}, ` +
          `CORRESPONDENTE A ALIQUOTA DE ${rates.map((r) => r.replace('.', ',')).join('%, ')}%, ` +
          'NOS TERMOS DO ART. 23 DA LEI COMPLEMENTAR N. 123, DE 2006.',
      );
    }
  }
  if (doc.additionalInfo?.trim()) parts.push(doc.additionalInfo);
  if (parts.length === 0) return '';
  return group('infAdic', el('infCpl', text(parts.join(' '))));
}
