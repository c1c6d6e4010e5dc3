import { isDeepStrictEqual } from 'node:util';
import { ErrorCode } from '../../../shared/error-codes.js';
import { messages } from '../../../shared/messages.js';
import type {
  InvoiceCreate,
  InvoiceDetail,
  InvoiceMissingPiece,
} from '../../../shared/resources/invoices.js';
import type { Company } from '../../../shared/resources/company.js';
import { formatPlainDate, todayInSaoPaulo } from '../../../shared/plain-date.js';
import type { Uf } from '../../../shared/br/states.js';
import type { Db, Trx } from '../../db/connection.js';
import type { AddressJson } from '../../db/types.js';
import type { AuditContext } from '../../platform/audit.js';
import {
  documentAction,
  moveDocument,
  saveDocument,
  type DocumentStep,
} from '../../platform/document-action.js';
import { BusinessRuleError } from '../../platform/errors.js';
import {
  companyContingency,
  companySigningCertificate,
  getCompany,
  type CompanyContingency,
} from '../company/index.js';
import {
  buildNfeXml,
  drawRandomCode,
  signNfe,
  validateNfe,
  type A1Certificate,
  type NfeAddress,
  type NfeDocument,
  type NfeItem,
  type NfePayment,
} from '../nfe/index.js';
import { invoiceDocument } from './invoice.document.js';
import { takeInvoiceNumber } from './take-invoice-number.js';
import type { InvoiceIssuing } from './invoice-issuing.js';
import { checkStockWouldPost, installmentsOf } from './post-invoice.js';
import { sendToSefaz } from './send-to-sefaz.js';
import {
  findFiscalOperations,
  findInvoiceLines,
  findRecipient,
  invoiceLines,
  lockInvoice,
  municipalityNames,
  type FiscalOperationRow,
  type InvoiceLineDbRow,
  type LockedInvoice,
  type RecipientRow,
} from './invoices.repo.js';
import { invoiceFolio, nfeItemOf, paymentMethodCode } from './nfe-of-invoice.js';
import { insertPricedInvoice, priceInvoice, type InvoiceInput } from './save-invoice.js';
import { now } from '../../../shared/clock.js';
import { emissionTypeOfMode } from '../../../shared/resources/nfe-contingency.js';

/**
 * "Emitir" = sign + transmit (issues 18 and 20), in three phases, so that the call to SEFAZ (up
 * to NFE_TIMEOUT_S, 30 s) never runs inside the transaction that holds the series' number lock
 * (it would make every other issue of the series wait):
 *
 * Phase 1, one transaction (`signForSefaz`, here):
 * 1. refresh — the draft priced again from the items, the nature of operation, the recipient and
 *    the company as they are now, and saved (audited as an edit) when that changes it;
 * 2. gather — the company (and its contingency mode: tpEmis 6/7 with dhCont and xJust while it
 *    issues through an SVC), its A1 certificate, the nature of operation, the recipient, the lines;
 * 3. checkComplete — everything the NF-e needs, or 422 INVOICE_INCOMPLETE listing each piece;
 *    and that its stock would post (post-invoice.ts: 422 INSUFFICIENT_STOCK, STOCK_RESERVED);
 * 4. takeNumber — the next nNF of the series (gapless: a refusal up to here gives it back); an
 *    invoice sent again after a rejection keeps its own;
 * 5. buildSignValidate — cNF and key, the XML in the schema's order, signed, checked against
 *    nfe_v4.00.xsd (422 INVALID_XML with the schema's messages, nothing kept);
 * 6. store — number, key, XML and the issue date (today): ISSUED, sefazStatus SENDING. From here
 *    the number is spent: whatever SEFAZ says, it is never given to another invoice.
 * Phase 2, no transaction (send-to-sefaz.ts): NFeAutorizacao4, a synchronous batch of one.
 * Phase 3, one transaction (record-sefaz-answer.ts), the invoice locked and its sefazStatus
 * checked again: the exchanges kept, the verdict recorded; only AUTHORIZED posts the stock and
 * the bills (post-invoice.ts). REJECTED leaves it editable, to be sent again with its number;
 * DENIED spends the number and posts nothing; no answer is PENDING, settled by "Consultar".
 * A crash between the phases leaves SENDING, read as PENDING after a while (invoices.repo.ts).
 */

/** verProc: what the NF-e says issued it. */
const SOFTWARE_VERSION = 'Fabril 1.0';

interface Gathered {
  company: Company;
  /** The mode the NF-e is keyed by: tpEmis 1, or 6/7 with dhCont and xJust. */
  contingency: CompanyContingency;
  certificate: A1Certificate | null;
  operation: FiscalOperationRow;
  /** The natures of its lines (the invoice's own among them). */
  lineOperations: FiscalOperationRow[];
  recipient: RecipientRow;
  lines: InvoiceLineDbRow[];
  cityNames: Map<string, string>;
}

async function gather(trx: Trx, invoice: LockedInvoice, certificateKey: Buffer): Promise<Gathered> {
  const [company, contingency, certificate, recipient, lines] = await Promise.all([
    getCompany(trx),
    companyContingency(trx),
    companySigningCertificate(trx, certificateKey),
    findRecipient(trx, invoice),
    findInvoiceLines(trx, invoice.id),
  ]);
  const operations = await findFiscalOperations(trx, [
    invoice.fiscalOperationId,
    ...lines.map((line) => line.fiscalOperationId),
  ]);
  const operation = operations.get(invoice.fiscalOperationId);
  const codes = [company.address.cityCode, recipient?.address.cityCode].filter(
    (code): code is string => !!code,
  );
  const cityNames = await municipalityNames(trx, codes);
  // The foreign keys keep both: a missing one is a broken database, not a person's mistake.
  if (!operation || !recipient) throw new Error(`invoice ${invoice.id} lost its references`);
  const lineOperations = [...new Set(lines.map((line) => line.fiscalOperationId))].map((id) =>
    operations.get(id)!,
  );
  return {
    company,
    contingency,
    certificate,
    operation,
    lineOperations,
    recipient,
    lines,
    cityNames,
  };
}

type Address = Pick<
  AddressJson,
  'street' | 'number' | 'district' | 'zipCode' | 'state' | 'cityCode'
>;
const addressComplete = (address: Address) =>
  !!(address.street && address.number && address.district && address.zipCode && address.state);

/** What the NF-e needs and the invoice, its company or its recipient lack. */
export function missingPieces(
  invoice: LockedInvoice,
  data: Gathered,
  today: Date,
): InvoiceMissingPiece[] {
  const { company, certificate, operation, recipient, lines } = data;
  const missing: InvoiceMissingPiece[] = [];
  const need = (field: string, message: string) => missing.push({ field, message });
  const m = messages.invoices.missing;
  if (!company.cnpj) need('company.cnpj', m.companyCnpj);
  if (!company.stateRegistration) need('company.stateRegistration', m.companyStateRegistration);
  if (!addressComplete(company.address)) need('company.address', m.companyAddress);
  if (!company.address.cityCode) need('company.address.cityCode', m.companyCityCode);
  if (!certificate) need('company.certificate', m.certificate);
  else if (certificate.validTo < today) {
    need(
      'company.certificate',
      m.certificateExpired(formatPlainDate(certificate.validTo.toISOString().slice(0, 10))),
    );
  }
  if (!recipient.document) need('recipient.document', m.recipientDocument);
  if (!addressComplete(recipient.address)) need('recipient.address', m.recipientAddress);
  if (!recipient.address.cityCode) need('recipient.address.cityCode', m.recipientCityCode);
  if (lines.length === 0) need('items', m.noItems);
  lines.forEach((line, index) => {
    if (!line.ncm) need(`items.${index}.ncm`, m.itemNcm(index + 1, line.description));
  });
  const issued = company.taxRegime === 3 ? ['00'] : ['101', '102', '103', '300', '400'];
  const icmsCodes = new Set(
    [operation, ...data.lineOperations].map((nature) =>
      company.taxRegime === 3 ? nature.icmsCst : nature.icmsCsosn,
    ),
  );
  for (const icmsCode of icmsCodes) {
    if (!issued.includes(icmsCode)) need('fiscalOperation.icms', m.unsupportedIcms(icmsCode));
  }
  if (operation.purpose === 'RETURN' && invoice.referencedKeys.length === 0) {
    need('referencedKeys', m.referencedKeys);
  }
  if (operation.movesStock && invoice.locationId === null) need('locationId', m.location);
  if (operation.createsBills && invoice.categoryId === null) need('categoryId', m.category);
  return missing;
}

function checkComplete(invoice: LockedInvoice, data: Gathered): void {
  const missing = missingPieces(invoice, data, new Date());
  if (missing.length === 0) return;
  throw new BusinessRuleError({
    code: ErrorCode.INVOICE_INCOMPLETE,
    message: messages.invoices.incomplete,
    details: missing,
  });
}

function nfeAddress(
  address: AddressJson,
  cityNames: Map<string, string>,
  phone?: string | null,
): NfeAddress {
  return {
    street: address.street ?? '',
    number: address.number ?? '',
    complement: address.complement ?? undefined,
    district: address.district ?? '',
    cityCode: address.cityCode ?? '',
    cityName: cityNames.get(address.cityCode ?? '') ?? address.city ?? '',
    uf: address.state as Uf,
    zipCode: address.zipCode ?? '',
    phone: phone ?? undefined,
  };
}

function nfeOf(
  invoice: LockedInvoice,
  data: Gathered,
  issued: {
    number: number;
    randomCode: string;
    issuedAt: Date;
    issueDate: string;
    paymentKind: string | null;
  },
): NfeDocument {
  const { company, contingency, operation, recipient, lines, cityNames } = data;
  const registration = recipient.stateRegistration?.trim() ?? '';
  const exempt = /^isent[oa]$/i.test(registration);
  const stateTaxpayer = registration === '' ? 9 : exempt ? 2 : 1;
  const installments = installmentsOf(invoice, issued.issueDate, operation);
  const payment: NfePayment = operation.createsBills
    ? { ...paymentMethodCode(issued.paymentKind), installments: installments.map(invoiceFolio) }
    : { method: '90', installments: [] };
  return {
    environment: company.nfeEnvironment,
    emissionType: emissionTypeOfMode[contingency.mode],
    ...(contingency.mode === 'NORMAL'
      ? {}
      : { contingency: { since: contingency.since!, reason: contingency.reason! } }),
    series: invoice.series,
    number: issued.number,
    randomCode: issued.randomCode,
    issuedAt: issued.issuedAt,
    operationName: operation.name,
    direction: operation.direction,
    purpose: operation.purpose,
    finalConsumer: recipient.personType === 'F' || stateTaxpayer === 9,
    // DOUBT: indPres 9 ("não presencial, outros") for every invoice typed here; a counter sale
    // would be 1. The invoice does not record how the sale was made.
    presence: 9,
    referencedKeys: invoice.referencedKeys,
    softwareVersion: SOFTWARE_VERSION,
    emitter: {
      document: company.cnpj ?? '',
      name: company.legalName,
      tradeName: company.tradeName ?? undefined,
      address: nfeAddress(company.address, cityNames, company.phones?.[0]),
      stateRegistration: company.stateRegistration ?? '',
      taxRegime: company.taxRegime as 1 | 2 | 3 | 4,
    },
    recipient: {
      document: recipient.document,
      name: recipient.name,
      address: nfeAddress(recipient.address, cityNames, recipient.phone),
      stateTaxpayer,
      stateRegistration: stateTaxpayer === 1 ? registration : undefined,
      email: recipient.email ?? undefined,
    },
    items: lines.map((line): NfeItem => nfeItemOf(line, company.taxRegime)),
    freightMode: Number(invoice.freightMode) as NfeDocument['freightMode'],
    payment,
    additionalInfo: invoice.additionalInfo ?? undefined,
  };
}

/** 422 INVALID_XML: the schema's messages, and nothing kept (the number goes back). */
function refuseInvalid(errors: string[]): never {
  throw new BusinessRuleError({
    code: ErrorCode.INVALID_XML,
    message: messages.invoices.invalidXml,
    details: errors.map((message) => ({ message })),
  });
}

/**
 * A new invoice written and signed in the caller's transaction (a sales order's "Faturar"): the
 * same pricing as a draft saved by hand, then phase 1 of "Emitir". Answers its id: the caller
 * sends it (`sendToSefaz`) once its transaction has committed, never inside it.
 */
export async function createAndSignInvoice(
  trx: Trx,
  ctx: AuditContext,
  input: InvoiceInput,
  certificateKey: Buffer,
): Promise<number> {
  const id = await insertPricedInvoice(trx, ctx, input);
  await documentAction(trx, ctx, invoiceDocument, { id, action: 'issue' }, (step) =>
    signForSefaz(step, certificateKey, 'issue'),
  );
  return id;
}

/** "Emitir": phase 1 (number, sign, store: SENDING), then phases 2 and 3 (send-to-sefaz.ts). */
export async function issueInvoice(
  db: Db,
  ctx: AuditContext,
  id: number,
  issuing: InvoiceIssuing,
): Promise<InvoiceDetail> {
  await documentAction(db, ctx, invoiceDocument, { id, action: 'issue' }, (step) =>
    signForSefaz(step, issuing.certificateKey, 'issue'),
  );
  return sendToSefaz(db, ctx, id, issuing);
}

/**
 * Phase 1, in the caller's transaction on the locked invoice: refresh, gather, checkComplete, the
 * number (taken for a draft; its own for one sent again), build, sign, validate and store with
 * sefazStatus SENDING. From here the number is spent.
 */
export async function signForSefaz(
  step: DocumentStep<LockedInvoice>,
  certificateKey: Buffer,
  action: 'issue' | 'transmit',
): Promise<void> {
  const invoice = await refresh(step);
  const data = await gather(step.trx, invoice, certificateKey);
  checkComplete(invoice, data);
  // The business clock (clock.ts): dhEmi and the issue date of the demo's past year.
  const issuedAt = now();
  const issueDate = todayInSaoPaulo(issuedAt);
  // Dated as it will post: the issue date becomes today's.
  if (data.operation.movesStock) {
    await checkStockWouldPost(step.trx, step.ctx, { ...invoice, issueDate });
  }

  const number = await numberOf(step, invoice);
  const paymentKind = await paymentKindOf(step.trx, invoice.paymentMethodId);
  // Sent again, it keeps its cNF: the key changes only if the month of dhEmi or the mode
  // (tpEmis: normal or contingency, read from the company now) did.
  const randomCode = invoice.randomCode ?? drawRandomCode(number);
  const nfe = nfeOf(invoice, data, { number, randomCode, issuedAt, issueDate, paymentKind });
  const built = buildNfeXml(nfe);
  const xml = signNfe(built.xml, data.certificate!);
  const validation = validateNfe(xml);
  if (!validation.valid) refuseInvalid(validation.errors);

  await store(step, action, {
    number,
    accessKey: built.accessKey,
    randomCode,
    xml,
    issuedAt,
    issueDate,
  });
}

/** The invoice's nNF: its own when it is sent again (a rejection keeps it), else the next. */
async function numberOf(step: DocumentStep<LockedInvoice>, invoice: LockedInvoice) {
  if (invoice.number !== null) return invoice.number;
  return takeInvoiceNumber(step.trx, invoice.series);
}

/** The fields of a line the NF-e takes from the item and the nature of operation. */
const PRICED = [
  'itemId',
  'description',
  'ncm',
  'cest',
  'cfop',
  'taxOrigin',
  'quantity',
  'unitPrice',
  'grossTotal',
  'discount',
  'freight',
  'total',
] as const;

async function refresh(step: DocumentStep<LockedInvoice>): Promise<LockedInvoice> {
  const stored = step.document;
  const lines = await findInvoiceLines(step.trx, stored.id);
  const priced = await priceInvoice(step.trx, {
    ...stored,
    series: stored.series,
    freightMode: stored.freightMode as InvoiceCreate['freightMode'],
    additionalInfo: stored.additionalInfo,
    items: lines.map((line) => ({
      id: line.id,
      itemId: line.itemId,
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      // A sales order's invoice keeps each line's part of the order's discount and freight.
      ...(stored.requestedOrderId === null
        ? {}
        : { discount: line.discount, freight: line.freight }),
      requestedOrderItemId: line.requestedOrderItemId,
      fiscalOperationId: line.fiscalOperationId,
    })),
  });
  const same =
    priced.header.total === stored.total &&
    priced.header.direction === stored.direction &&
    priced.header.purpose === stored.purpose &&
    priced.lines.every((line, i) => {
      const was = lines[i]!;
      return (
        PRICED.every((key) => String(line[key] ?? '') === String(was[key] ?? '')) &&
        isDeepStrictEqual(JSON.parse(line.taxes), was.taxes)
      );
    });
  if (same) return stored;
  await saveDocument(step, invoiceDocument, priced.header, [
    { lines: invoiceLines, inputs: priced.lines },
  ]);
  return (await lockInvoice(step.trx, stored.id))!;
}

async function paymentKindOf(trx: Trx, paymentMethodId: number | null): Promise<string | null> {
  if (paymentMethodId === null) return null;
  const row = await trx
    .selectFrom('paymentMethods')
    .select('kind')
    .where('id', '=', paymentMethodId)
    .executeTakeFirst();
  return row?.kind ?? null;
}

async function store(
  step: DocumentStep<LockedInvoice>,
  action: 'issue' | 'transmit',
  issued: {
    number: number;
    accessKey: string;
    randomCode: string;
    xml: string;
    issuedAt: Date;
    issueDate: string;
  },
) {
  await moveDocument(step, invoiceDocument, action, {
    set: {
      number: issued.number,
      accessKey: issued.accessKey,
      randomCode: issued.randomCode,
      xml: issued.xml,
      issuedAt: issued.issuedAt,
      issueDate: issued.issueDate,
      sefazStatus: 'SENDING',
      sefazSentAt: new Date(),
      sefazCode: null,
      sefazMessage: null,
    },
    after: {
      number: issued.number,
      accessKey: issued.accessKey,
      issueDate: issued.issueDate,
      sefazStatus: 'SENDING',
    },
  });
}
