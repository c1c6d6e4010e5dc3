import type { Uf } from '../../../shared/br/states.js';

/**
 * What an NF-e says, as plain data: the invoice service fills it from the invoice, the company,
 * the recipient and the nature of operation; build-nfe-xml.ts writes it out in the schema's order.
 * Money and rates are decimal strings ("1234.50", "12.0000"), already computed and rounded by the
 * invoice's rules: the builder formats, sums and checks, it never rounds.
 */
export interface NfeDocument {
  environment: 'PRODUCTION' | 'HOMOLOGATION';
  /**
   * tpEmis: 1 normal; 6 SVC-AN, 7 SVC-RS in contingency (part of the key: a switch is a new key
   * and a new signature), which need `contingency`.
   */
  emissionType: 1 | 6 | 7;
  /** dhCont and xJust of ide: when contingency was entered and why (15–256 characters). */
  contingency?: { since: Date; reason: string };
  series: number;
  number: number;
  /** cNF, 8 digits, drawn at issue (access-key.ts drawRandomCode). */
  randomCode: string;
  issuedAt: Date;
  /** natOp: the nature of operation's name. */
  operationName: string;
  direction: 'OUT' | 'IN';
  purpose: 'NORMAL' | 'RETURN';
  /** indFinal: the recipient is the final consumer (1) or not (0). */
  finalConsumer: boolean;
  /** indPres: 0 not applicable, 1 in person, 2 internet, 3 phone, 9 other remote sale. */
  presence: 0 | 1 | 2 | 3 | 5 | 9;
  /** The keys a devolução refers to (NFref/refNFe). */
  referencedKeys: string[];
  /** verProc: the issuing software and its version, up to 20 characters. */
  softwareVersion: string;
  emitter: NfeEmitter;
  recipient: NfeRecipient;
  items: NfeItem[];
  /** modFrete: 0 CIF (issuer), 1 FOB (recipient), 2 third party, 3/4 own transport, 9 none. */
  freightMode: 0 | 1 | 2 | 3 | 4 | 9;
  carrier?: NfeCarrier;
  payment: NfePayment;
  additionalInfo?: string;
}

export interface NfeAddress {
  street: string;
  number: string;
  complement?: string;
  district: string;
  /** IBGE 7-digit municipality code. */
  cityCode: string;
  cityName: string;
  uf: Uf;
  /** 8 digits. */
  zipCode: string;
  phone?: string;
}

export interface NfeEmitter {
  /** CNPJ (alphanumeric allowed, 14 characters) or CPF (11 digits). */
  document: string;
  name: string;
  tradeName?: string;
  address: NfeAddress;
  stateRegistration: string;
  /** CRT: 1 Simples Nacional, 2 Simples excess of sublimit, 3 normal regime, 4 MEI. */
  taxRegime: 1 | 2 | 3 | 4;
}

export interface NfeRecipient {
  document: string;
  name: string;
  address: NfeAddress;
  /** indIEDest: 1 ICMS taxpayer (stateRegistration required), 2 exempt, 9 not a taxpayer. */
  stateTaxpayer: 1 | 2 | 9;
  stateRegistration?: string;
  email?: string;
}

export interface NfeItem {
  code: string;
  /** GTIN, or undefined for "SEM GTIN". */
  gtin?: string;
  description: string;
  ncm: string;
  cest?: string;
  cfop: string;
  unit: string;
  quantity: string;
  unitPrice: string;
  /** vProd: quantity × unit price, to the cent. */
  grossTotal: string;
  discount: string;
  freight: string;
  icms: NfeIcms;
  ipi?: NfeIpi;
  pis: NfePisCofins;
  cofins: NfePisCofins;
  ibsCbs?: NfeIbsCbs;
}

/** taxOrigin (orig 0–8) is the product's; the rest comes from the nature of operation. */
export type NfeIcms =
  | { group: 'ICMS00'; origin: number; base: string; rate: string; value: string }
  | { group: 'ICMSSN101'; origin: number; creditRate: string; creditValue: string }
  | { group: 'ICMSSN102'; origin: number; csosn: '102' | '103' | '300' | '400' };

/** IPITrib for CST 00/49/50/99 (with base, rate, value), IPINT for the others. */
export interface NfeIpi {
  cst: string;
  /** cEnq, the legal framework code; "999" when none applies. */
  frameworkCode: string;
  base: string;
  rate: string;
  value: string;
}

/** PISAliq/COFINSAliq for CST 01/02; PISOutr/COFINSOutr (percentage form) for CST 49–99. */
export interface NfePisCofins {
  cst: string;
  base: string;
  rate: string;
  value: string;
}

export interface NfeIbsCbs {
  /** CST of IBS/CBS (3 digits) and cClassTrib (6 digits). */
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

export interface NfeCarrier {
  document?: string;
  name?: string;
  stateRegistration?: string;
  address?: string;
  cityName?: string;
  uf?: Uf;
}

/**
 * tPag: 01 cash, 02 cheque, 05 store credit, 15 boleto, 16 deposit, 18 transfer, 20 static PIX,
 * 90 no payment, 99 other (with its description). Card and dynamic PIX payments need the card
 * group (integration type, acquirer), which this product does not record: they are not offered.
 */
export interface NfePayment {
  method: '01' | '02' | '05' | '15' | '16' | '18' | '20' | '90' | '99';
  description?: string;
  /** The bills (cobr/dup), in order; none for a payment in cash. */
  installments: Array<{ dueDate: string; amount: string }>;
}
