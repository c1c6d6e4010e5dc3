import { DOMParser } from '@xmldom/xmldom';

/**
 * What the DANFE prints, read from the NF-e's XML (a signed `<NFe>` or an `<nfeProc>` around
 * it) into plain data: the DANFE represents the XML, so nothing here comes from anywhere else.
 * Values stay as the XML writes them (decimals "1234.50", dates "2026-11-26T09:30:00-03:00");
 * the drawing formats them. An optional element that is absent reads as ''.
 */
export interface DanfeData {
  accessKey: string;
  /** tpAmb. */
  environment: 'PRODUCTION' | 'HOMOLOGATION';
  /** tpNF: '0' entrada, '1' saída. */
  direction: '0' | '1';
  operationName: string;
  number: number;
  series: number;
  /** dhEmi, and dhSaiEnt ('' when absent). */
  issuedAt: string;
  exitAt: string;
  emitter: DanfeParty & { tradeName: string; stStateRegistration: string };
  recipient: DanfeParty;
  /** cobr: the bill (fat) and its installments (dup); empty when the XML has no cobr. */
  bill: { number: string; original: string; discount: string; net: string } | null;
  installments: Array<{ number: string; dueDate: string; amount: string }>;
  totals: DanfeTotals;
  /** IBSCBSTot and vNFTot, when the XML has them. */
  ibsCbsTotals: DanfeIbsCbsTotals | null;
  transport: DanfeTransport;
  items: DanfeItem[];
  /** infAdic/infCpl and infAdic/infAdFisco. */
  additionalInfo: string;
  fiscalInfo: string;
  /** tpEmis 6/7: issued in contingency (SVC-AN, SVC-RS) since dhCont, for xJust; else null. */
  contingency: { mode: 'SVC-AN' | 'SVC-RS'; since: string; reason: string } | null;
  /** protNFe/infProt of an nfeProc. */
  protocol: { number: string; receivedAt: string; status: string } | null;
}

export interface DanfeParty {
  name: string;
  /** CNPJ (14 characters) or CPF (11 digits), unformatted. */
  document: string;
  stateRegistration: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  uf: string;
  zipCode: string;
  phone: string;
}

export interface DanfeTotals {
  icmsBase: string;
  icmsValue: string;
  stBase: string;
  stValue: string;
  products: string;
  freight: string;
  insurance: string;
  discount: string;
  other: string;
  ipi: string;
  pis: string;
  cofins: string;
  invoice: string;
}

export interface DanfeIbsCbsTotals {
  base: string;
  ibsState: string;
  ibsCity: string;
  ibs: string;
  cbs: string;
  /** vNFTot ('' when absent). */
  invoiceTotal: string;
}

export interface DanfeTransport {
  /** modFrete, 0–4 or 9. */
  mode: string;
  carrierName: string;
  carrierDocument: string;
  carrierStateRegistration: string;
  carrierAddress: string;
  carrierCity: string;
  carrierUf: string;
  vehiclePlate: string;
  vehicleUf: string;
  vehicleRntc: string;
  volumes: Array<{
    quantity: string;
    species: string;
    brand: string;
    numbering: string;
    grossWeight: string;
    netWeight: string;
  }>;
}

export interface DanfeItem {
  code: string;
  description: string;
  ncm: string;
  /** orig + CST ("000") or orig + CSOSN ("0102"). */
  cst: string;
  cfop: string;
  unit: string;
  quantity: string;
  unitPrice: string;
  total: string;
  icmsBase: string;
  icmsValue: string;
  icmsRate: string;
  ipiValue: string;
  ipiRate: string;
  /** infAdProd, printed under the description. */
  additionalInfo: string;
}

/** The first child element of that local name, or the first descendant with `deep`. */
function child(parent: Element | null | undefined, name: string): Element | null {
  if (!parent) return null;
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).localName === name) return node as Element;
  }
  return null;
}

function children(parent: Element | null | undefined, name: string): Element[] {
  const found: Element[] = [];
  if (!parent) return found;
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).localName === name) found.push(node as Element);
  }
  return found;
}

/** The text of the element at that path of local names, trimmed; '' when any step is absent. */
function text(parent: Element | null | undefined, ...path: string[]): string {
  let node = parent ?? null;
  for (const name of path) node = child(node, name);
  return node?.textContent?.trim() ?? '';
}

/** The only element child of a choice group (ICMS → ICMS00, IPI → IPITrib/IPINT …). */
function firstElement(parent: Element | null): Element | null {
  for (let node = parent?.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1) return node as Element;
  }
  return null;
}

export class DanfeXmlError extends Error {}

/** The DANFE's data from the NF-e's XML; throws DanfeXmlError when it is not an NF-e. */
export function readDanfeData(xml: string): DanfeData {
  let root: Element | null;
  try {
    root = new DOMParser({ errorHandler: () => undefined }).parseFromString(
      xml,
      'text/xml',
    ).documentElement;
  } catch {
    root = null;
  }
  const nfe = root?.localName === 'nfeProc' ? child(root, 'NFe') : root;
  const inf = nfe?.localName === 'NFe' ? child(nfe, 'infNFe') : null;
  const id = inf?.getAttribute('Id') ?? '';
  if (!inf || !/^NFe[0-9A-Z]{44}$/.test(id)) {
    throw new DanfeXmlError('O XML não é uma NF-e (falta infNFe com a chave de acesso).');
  }
  const ide = child(inf, 'ide');
  const emit = child(inf, 'emit');
  const cobr = child(inf, 'cobr');
  const fat = child(cobr, 'fat');
  const total = child(inf, 'total');
  const infProt = child(child(root?.localName === 'nfeProc' ? root : null, 'protNFe'), 'infProt');
  return {
    accessKey: id.slice(3),
    environment: text(ide, 'tpAmb') === '1' ? 'PRODUCTION' : 'HOMOLOGATION',
    direction: text(ide, 'tpNF') === '0' ? '0' : '1',
    operationName: text(ide, 'natOp'),
    number: Number(text(ide, 'nNF')),
    series: Number(text(ide, 'serie')),
    issuedAt: text(ide, 'dhEmi'),
    exitAt: text(ide, 'dhSaiEnt'),
    emitter: {
      ...party(emit, 'enderEmit'),
      tradeName: text(emit, 'xFant'),
      stStateRegistration: text(emit, 'IEST'),
    },
    recipient: party(child(inf, 'dest'), 'enderDest'),
    bill: fat
      ? {
          number: text(fat, 'nFat'),
          original: text(fat, 'vOrig'),
          discount: text(fat, 'vDesc'),
          net: text(fat, 'vLiq'),
        }
      : null,
    installments: children(cobr, 'dup').map((dup) => ({
      number: text(dup, 'nDup'),
      dueDate: text(dup, 'dVenc'),
      amount: text(dup, 'vDup'),
    })),
    totals: totals(child(total, 'ICMSTot')),
    ibsCbsTotals: ibsCbsTotals(total),
    transport: transport(child(inf, 'transp')),
    items: children(inf, 'det').map(item),
    additionalInfo: text(inf, 'infAdic', 'infCpl'),
    fiscalInfo: text(inf, 'infAdic', 'infAdFisco'),
    contingency:
      text(ide, 'tpEmis') === '6' || text(ide, 'tpEmis') === '7'
        ? {
            mode: text(ide, 'tpEmis') === '6' ? 'SVC-AN' : 'SVC-RS',
            since: text(ide, 'dhCont'),
            reason: text(ide, 'xJust'),
          }
        : null,
    protocol: infProt
      ? {
          number: text(infProt, 'nProt'),
          receivedAt: text(infProt, 'dhRecbto'),
          status: text(infProt, 'cStat'),
        }
      : null,
  };
}

function party(node: Element | null, addressTag: string): DanfeParty {
  const address = child(node, addressTag);
  return {
    name: text(node, 'xNome'),
    document: text(node, 'CNPJ') || text(node, 'CPF') || text(node, 'idEstrangeiro'),
    stateRegistration: text(node, 'IE'),
    street: text(address, 'xLgr'),
    number: text(address, 'nro'),
    complement: text(address, 'xCpl'),
    district: text(address, 'xBairro'),
    city: text(address, 'xMun'),
    uf: text(address, 'UF'),
    zipCode: text(address, 'CEP'),
    phone: text(address, 'fone'),
  };
}

function totals(icmsTot: Element | null): DanfeTotals {
  return {
    icmsBase: text(icmsTot, 'vBC'),
    icmsValue: text(icmsTot, 'vICMS'),
    stBase: text(icmsTot, 'vBCST'),
    stValue: text(icmsTot, 'vST'),
    products: text(icmsTot, 'vProd'),
    freight: text(icmsTot, 'vFrete'),
    insurance: text(icmsTot, 'vSeg'),
    discount: text(icmsTot, 'vDesc'),
    other: text(icmsTot, 'vOutro'),
    ipi: text(icmsTot, 'vIPI'),
    pis: text(icmsTot, 'vPIS'),
    cofins: text(icmsTot, 'vCOFINS'),
    invoice: text(icmsTot, 'vNF'),
  };
}

function ibsCbsTotals(total: Element | null): DanfeIbsCbsTotals | null {
  const tot = child(total, 'IBSCBSTot');
  if (!tot) return null;
  return {
    base: text(tot, 'vBCIBSCBS'),
    ibsState: text(tot, 'gIBS', 'gIBSUF', 'vIBSUF'),
    ibsCity: text(tot, 'gIBS', 'gIBSMun', 'vIBSMun'),
    ibs: text(tot, 'gIBS', 'vIBS'),
    cbs: text(tot, 'gCBS', 'vCBS'),
    invoiceTotal: text(total, 'vNFTot'),
  };
}

function transport(transp: Element | null): DanfeTransport {
  const carrier = child(transp, 'transporta');
  const vehicle = child(transp, 'veicTransp');
  return {
    mode: text(transp, 'modFrete'),
    carrierName: text(carrier, 'xNome'),
    carrierDocument: text(carrier, 'CNPJ') || text(carrier, 'CPF'),
    carrierStateRegistration: text(carrier, 'IE'),
    carrierAddress: text(carrier, 'xEnder'),
    carrierCity: text(carrier, 'xMun'),
    carrierUf: text(carrier, 'UF'),
    vehiclePlate: text(vehicle, 'placa'),
    vehicleUf: text(vehicle, 'UF'),
    vehicleRntc: text(vehicle, 'RNTC'),
    volumes: children(transp, 'vol').map((vol) => ({
      quantity: text(vol, 'qVol'),
      species: text(vol, 'esp'),
      brand: text(vol, 'marca'),
      numbering: text(vol, 'nVol'),
      grossWeight: text(vol, 'pesoB'),
      netWeight: text(vol, 'pesoL'),
    })),
  };
}

function item(det: Element): DanfeItem {
  const prod = child(det, 'prod');
  const imposto = child(det, 'imposto');
  const icms = firstElement(child(imposto, 'ICMS'));
  const ipi = child(imposto, 'IPI');
  const ipiTrib = child(ipi, 'IPITrib');
  return {
    code: text(prod, 'cProd'),
    description: text(prod, 'xProd'),
    ncm: text(prod, 'NCM'),
    cst: text(icms, 'orig') + (text(icms, 'CST') || text(icms, 'CSOSN')),
    cfop: text(prod, 'CFOP'),
    unit: text(prod, 'uCom'),
    quantity: text(prod, 'qCom'),
    unitPrice: text(prod, 'vUnCom'),
    total: text(prod, 'vProd'),
    icmsBase: text(icms, 'vBC'),
    icmsValue: text(icms, 'vICMS'),
    icmsRate: text(icms, 'pICMS'),
    ipiValue: text(ipiTrib, 'vIPI'),
    ipiRate: text(ipiTrib, 'pIPI'),
    additionalInfo: text(det, 'infAdProd'),
  };
}
