import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { InvoiceLineTaxes, InvoiceTotals } from '../../shared/invoice-taxes.js';
import type { InvoiceStatus, SefazStatus } from '../../shared/resources/invoices.js';
import type { RequestedOrderStatus } from '../../shared/resources/requested-orders.js';

/** Tables as Kysely sees them, camelCase (CamelCasePlugin maps to snake_case in SQL). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface Bookkeeping {
  createdAt: Timestamp;
  updatedAt: Timestamp;
  createdBy: number | null;
  updatedBy: number | null;
  version: Generated<number>;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface RolesTable extends Bookkeeping {
  id: Generated<number>;
  name: string;
  description: string | null;
  permissions: string[];
  isSystem: Generated<boolean>;
  active: Generated<boolean>;
}

export interface UsersTable extends Bookkeeping {
  id: Generated<number>;
  name: string;
  email: string;
  passwordHash: string;
  roleId: number;
  active: Generated<boolean>;
  lastLoginAt: Date | null;
}

export interface AddressJson {
  zipCode: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  /** IBGE municipality code (migration 0021); absent in addresses saved before it. */
  cityCode?: string | null;
}

/** The IBGE municipalities (migration 0021): read-only reference data. */
export interface MunicipalitiesTable {
  code: string;
  name: string;
  uf: string;
  /** f_city_key(name), generated. */
  nameKey: ColumnType<string, never, never>;
}

export interface CompanyTable extends Bookkeeping {
  id: number;
  legalName: string;
  tradeName: string | null;
  cnpj: string | null;
  stateRegistration: string | null;
  address: ColumnType<AddressJson, string, string>;
  phones: ColumnType<(string | null)[], string, string>;
  email: string | null;
  openingHours: string | null;
  stateCode: string | null;
  /** Stock movements dated on or before it are refused (DOMAIN §4, §12); 'YYYY-MM-DD'. */
  stockClosedThrough: string | null;
  /** As the DICT stores it (src/shared/pix.ts). */
  pixKey: string | null;
  /** How far above its planned quantity a production order may complete, 0–100 (migration 0018). */
  productionTolerancePercent: ColumnType<string, string | undefined, string>;
  /** The NF-e's CRT, 1–4 (migration 0022). */
  taxRegime: ColumnType<number, number | undefined, number>;
  nfeEnvironment: ColumnType<'HOMOLOGATION' | 'PRODUCTION', string | undefined, string>;
  invoiceSeries: ColumnType<number, number | undefined, number>;
  /** NF-e contingency (migration 0035): null or NORMAL issues through the UF's authoriser. */
  nfeContingencyMode: 'NORMAL' | 'SVC_AN' | 'SVC_RS' | null;
  /** dhCont: when contingency was entered. */
  nfeContingencySince: Date | null;
  /** xJust: why, 15–256 characters. */
  nfeContingencyReason: string | null;
}

/** The company's A1 certificate (migration 0022): `sealed` is platform/secret-box.ts's output. */
export interface CompanyCertificateTable {
  companyId: number;
  subject: string;
  cnpj: string;
  validFrom: Date;
  validTo: Date;
  sealed: Buffer;
  uploadedBy: number | null;
  uploadedAt: Generated<Date>;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  userId: number | null;
  entity: string;
  entityId: string;
  action: string;
  changes: ColumnType<Record<string, { from: unknown; to: unknown }>, string, string>;
  requestId: string | null;
}

/** The last number given per document type and series (migration 0007, platform/numbering.ts). */
export interface DocumentSequencesTable {
  documentType: string;
  series: string;
  lastNumber: number;
}

/** Sign-in attempts being checked or failed, per key (migration 0017, account/login-throttle.ts). */
export interface LoginAttemptsTable {
  id: Generated<string>;
  key: string;
  at: Generated<Date>;
}

/** One row per sign-in; the access token names it (migration 0017, platform/auth.ts). */
export interface SessionsTable {
  id: Generated<string>;
  userId: number;
  createdAt: Generated<Date>;
  expiresAt: Date;
  endedAt: Date | null;
  endedReason: string | null;
}

/** The answer of a keyed POST, kept 24 hours (migration 0019, platform/idempotency.ts). */
export interface IdempotencyKeysTable {
  userId: number;
  key: string;
  /** SHA-256 (hex) of the method, matched route, parameters and body. */
  fingerprint: string;
  /** The request that claimed the key (its log lines). */
  requestId: string;
  claimedAt: Generated<Date>;
  /** Null while the request runs. */
  status: number | null;
  contentType: string | null;
  body: string | null;
}

interface MasterData extends Bookkeeping {
  id: Generated<number>;
  active: Generated<boolean>;
}

type Numeric = ColumnType<string, string | number, string | number>;

export interface BrandsTable extends MasterData {
  name: string;
}
export interface CategoriesTable extends MasterData {
  name: string;
  description: string | null;
}
export interface ColorsTable extends MasterData {
  name: string;
  hex: string | null;
}
export interface MaterialTypesTable extends MasterData {
  name: string;
}
export interface SizesTable extends MasterData {
  name: string;
  sortOrder: number;
}
export interface UnitsOfMeasurementTable extends MasterData {
  code: string;
  description: string | null;
  decimals: number;
}
export interface OutlaysTable extends MasterData {
  name: string;
  kind: 'PER_UNIT' | 'PER_ORDER';
  defaultValue: Numeric;
}
export interface StockLocationsTable extends MasterData {
  name: string;
  description: string | null;
  isDefault: Generated<boolean>;
}
export interface PaymentMethodsTable extends MasterData {
  name: string;
  kind: string;
  usage: string;
}
/** Naturezas de Operação (migration 0023): codes as strings, rates numeric(5,2). */
export interface FiscalOperationsTable extends MasterData {
  name: string;
  direction: 'OUT' | 'IN';
  purpose: 'NORMAL' | 'RETURN';
  cfopInState: string;
  cfopOutOfState: string;
  icmsCsosn: string;
  icmsCst: string;
  icmsRate: Numeric;
  ipiCst: string | null;
  ipiRate: Numeric;
  pisCst: string;
  pisRate: Numeric;
  cofinsCst: string;
  cofinsRate: Numeric;
  ibsCbsEnabled: boolean;
  cClassTrib: string | null;
  ibsStateRate: Numeric;
  ibsCityRate: Numeric;
  cbsRate: Numeric;
  movesStock: boolean;
  createsBills: boolean;
  additionalInfo: string | null;
}
export interface CheckingAccountsTable extends MasterData {
  name: string;
  bankCode: string;
  bankName: string | null;
  agency: string | null;
  accountNumber: string | null;
  openingBalance: Numeric;
  openingDate: string;
}
export interface FinancialCategoriesTable extends MasterData {
  parentId: number | null;
  name: string;
  kind: 'INCOME' | 'EXPENSE';
  dreGroup: string;
}
interface PartyColumns extends MasterData {
  personType: 'F' | 'J';
  name: string;
  tradeName: string | null;
  document: string;
  stateRegistration: string | null;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  address: ColumnType<AddressJson, string, string>;
  notes: string | null;
}
export interface ClientsTable extends PartyColumns {
  creditLimit: Numeric | null;
}
export interface SuppliersTable extends PartyColumns {
  contactName: string | null;
}

/** Products and feedstocks (migration 0008, DOMAIN §3). */
export interface ItemsTable extends MasterData {
  kind: 'PRODUCT' | 'FEEDSTOCK';
  code: string;
  name: string;
  description: string | null;
  origin: 'MANUFACTURED' | 'RESALE' | null;
  categoryId: number | null;
  brandId: number | null;
  colorId: number | null;
  sizeId: number | null;
  unitId: number;
  materialTypeId: number | null;
  defaultSupplierId: number | null;
  ncm: string | null;
  barcode: string | null;
  /** orig, '0'–'8', and CEST (migration 0023). */
  taxOrigin: ColumnType<string, string | undefined, string>;
  cest: string | null;
  salePrice: Numeric | null;
  minimumStock: Numeric | null;
  /** Written only by stock postings (modules/stock-movements), under the item's row lock. */
  averageCost: ColumnType<string, string | number | undefined, string | number>;
  stockValue: ColumnType<string, string | number | undefined, string | number>;
  lastPurchasePrice: Numeric | null;
}
/** A product's bill of materials: one feedstock per line. */
export interface ItemComponentsTable {
  id: Generated<number>;
  productId: number;
  feedstockId: number;
  quantity: Numeric;
  lossPercent: ColumnType<string, string | number | undefined, string | number>;
  position: number;
}
/** A product's production costs. */
export interface ItemOutlaysTable {
  id: Generated<number>;
  productId: number;
  outlayId: number;
  value: Numeric;
  position: number;
}

export type StockMovementType = 'IN' | 'OUT' | 'TRANSFER' | 'ADJUSTMENT';
export type StockOriginType =
  'MANUAL' | 'PURCHASE_ORDER' | 'PRODUCTION_ORDER' | 'REQUESTED_ORDER' | 'INVOICE';

/** The stock ledger (DOMAIN §4): rows are only ever inserted. */
export interface StockMovementsTable {
  id: Generated<number>;
  /** 'YYYY-MM-DD'. */
  date: string;
  type: StockMovementType;
  itemId: number;
  fromLocationId: number | null;
  toLocationId: number | null;
  quantity: Numeric;
  unitCost: Numeric;
  /** What the movement added to or took from the item's stock value (≥ 0; the type says which). */
  value: Numeric;
  originType: ColumnType<StockOriginType, StockOriginType | undefined, never>;
  originId: number | null;
  notes: string | null;
  userId: number | null;
  reversalOf: number | null;
  createdAt: Generated<Date>;
}

/** On hand per item and location, kept by every posting; never negative. */
export interface StockBalancesTable {
  itemId: number;
  locationId: number;
  quantity: Numeric;
}

/** A snapshot of the stock at the end of a closed day (migration 0038); never updated. */
export interface StockClosingsTable {
  closedThrough: string;
  createdAt: Generated<Date>;
  createdBy: number | null;
}

/** On hand per item and location at the end of a closing's day, zero rows included. */
export interface StockClosingBalancesTable {
  closedThrough: string;
  itemId: number;
  locationId: number;
  quantity: Numeric;
}

/** Each item's quantity and the ledger's sum of its values at the end of a closing's day. */
export interface StockClosingItemsTable {
  closedThrough: string;
  itemId: number;
  quantity: Numeric;
  value: Numeric;
}

export type BillKind = 'PAY' | 'RECEIVE';
export type BillStatus = 'OPEN' | 'PARTIALLY_PAID' | 'PAID' | 'CANCELLED';
export type BillOriginType = 'MANUAL' | 'PURCHASE_ORDER' | 'INVOICE';
export type AccountEntryOriginType = 'MANUAL' | 'TRANSFER' | 'BILL_PAYMENT' | 'PAYMENT_REVERSAL';

/** Bills to pay and to receive (DOMAIN §9); `paidAmount` is written only by payments. */
export interface BillsTable extends Bookkeeping {
  id: Generated<number>;
  kind: BillKind;
  supplierId: number | null;
  clientId: number | null;
  description: string;
  documentNumber: string | null;
  /** 'YYYY-MM-DD', as the three dates below. */
  issueDate: string;
  dueDate: string;
  competenceDate: string;
  amount: Numeric;
  paidAmount: ColumnType<string, string | number | undefined, string | number>;
  /** "2/3". */
  installment: string | null;
  categoryId: number;
  paymentMethodId: number | null;
  checkingAccountId: number | null;
  originType: ColumnType<BillOriginType, BillOriginType | undefined, never>;
  originId: number | null;
  status: ColumnType<BillStatus, BillStatus | undefined, BillStatus>;
  notes: string | null;
}

/** The checking accounts' ledger: signed amounts (credit > 0, debit < 0), only ever inserted. */
export interface AccountEntriesTable {
  id: Generated<number>;
  checkingAccountId: number;
  /** 'YYYY-MM-DD'. */
  date: string;
  amount: Numeric;
  description: string;
  categoryId: number | null;
  originType: ColumnType<AccountEntryOriginType, AccountEntryOriginType | undefined, never>;
  /** The bill (BILL_PAYMENT, PAYMENT_REVERSAL) or the other entry of a transfer. */
  originId: number | null;
  userId: number | null;
  createdAt: Generated<Date>;
}

/** A payment of a bill ("Baixar"); reversing it stamps `reversedAt`. */
export interface BillPaymentsTable {
  id: Generated<number>;
  billId: number;
  /** 'YYYY-MM-DD'. */
  date: string;
  amount: Numeric;
  interest: Numeric;
  fine: Numeric;
  discount: Numeric;
  /** The cash that moved: amount + interest + fine − discount. */
  total: Numeric;
  checkingAccountId: number;
  paymentMethodId: number | null;
  notes: string | null;
  entryId: number;
  reversedAt: Date | null;
  reversedBy: number | null;
  reversalEntryId: number | null;
  createdAt: Generated<Date>;
  createdBy: number | null;
}

export type ProductionOrderStatus = 'PLANNED' | 'IN_PROGRESS' | 'COMPLETED' | 'CANCELLED';

/** Ordens de Produção (migration 0016, DOMAIN §6); the cost breakdown is written on completion. */
export interface ProductionOrdersTable extends Bookkeeping {
  id: Generated<number>;
  number: number;
  productId: number;
  quantity: Numeric;
  /** 'YYYY-MM-DD', as plannedEnd and completionDate. */
  plannedStart: string | null;
  plannedEnd: string | null;
  sourceLocationId: number;
  targetLocationId: number;
  requestedOrderId: number | null;
  notes: string | null;
  status: ColumnType<
    ProductionOrderStatus,
    ProductionOrderStatus | undefined,
    ProductionOrderStatus
  >;
  producedQuantity: Numeric | null;
  completionDate: string | null;
  materialsCost: Numeric | null;
  outlaysCost: Numeric | null;
  totalCost: Numeric | null;
  unitCost: Numeric | null;
  startedAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
}
/** A production order's material: required from the BOM, consumed (and valued) on start. */
export interface ProductionOrderMaterialsTable {
  id: Generated<number>;
  productionOrderId: number;
  feedstockId: number;
  quantityPerUnit: Numeric | null;
  lossPercent: Numeric | null;
  requiredQuantity: Numeric;
  consumedQuantity: ColumnType<string, string | number | undefined, string | number>;
  unitCost: Numeric | null;
  consumedValue: Numeric | null;
  position: number;
}
/** A production order's cost (outlay), copied from the product and editable while PLANNED. */
export interface ProductionOrderCostsTable {
  id: Generated<number>;
  productionOrderId: number;
  outlayId: number;
  value: Numeric;
  position: number;
}

export type PurchaseOrderStatus =
  'DRAFT' | 'APPROVED' | 'PARTIALLY_RECEIVED' | 'RECEIVED' | 'CANCELLED';

/** Ordens de Compra (migration 0015, DOMAIN §5). `total` is written with the lines. */
export interface PurchaseOrdersTable extends Bookkeeping {
  id: Generated<number>;
  number: number;
  supplierId: number;
  /** 'YYYY-MM-DD', as expectedDate. */
  orderDate: string;
  expectedDate: string | null;
  locationId: number;
  paymentMethodId: number | null;
  categoryId: number;
  installments: number;
  firstDueInDays: number;
  intervalDays: number;
  freight: Numeric;
  discount: Numeric;
  total: Numeric;
  notes: string | null;
  /** The sales order it buys for ("Planejar produção", migration 0026), else null. */
  requestedOrderId: number | null;
  status: ColumnType<PurchaseOrderStatus, PurchaseOrderStatus | undefined, PurchaseOrderStatus>;
}
/** A sales order (migration 0025). */
export interface RequestedOrdersTable extends Bookkeeping {
  id: Generated<number>;
  number: number;
  clientId: number;
  /** 'YYYY-MM-DD', as deliveryDate. */
  orderDate: string;
  deliveryDate: string | null;
  locationId: number;
  fiscalOperationId: number | null;
  paymentMethodId: number | null;
  categoryId: number;
  installments: number;
  firstDueInDays: number;
  intervalDays: number;
  freight: Numeric;
  discount: Numeric;
  total: Numeric;
  notes: string | null;
  status: ColumnType<RequestedOrderStatus, RequestedOrderStatus | undefined, RequestedOrderStatus>;
}
export interface RequestedOrderItemsTable {
  id: Generated<number>;
  requestedOrderId: number;
  productId: number;
  quantity: Numeric;
  unitPrice: Numeric;
  discountPercent: Numeric;
  position: number;
}
/** What an order line holds of the stock at its location (one row per line). */
export interface StockReservationsTable {
  id: Generated<number>;
  requestedOrderItemId: number;
  itemId: number;
  locationId: number;
  quantity: Numeric;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}
/** An NF-e (migration 0024): number, key and XML are given at issue. */
/** Ranges of an NF-e series voided at SEFAZ (migration 0033); never overlapping per series. */
export interface NfeVoidedNumbersTable {
  id: Generated<number>;
  series: number;
  numberFrom: number;
  numberTo: number;
  reason: string;
  protocol: string | null;
  voidedAt: Date;
  requestGz: Buffer;
  responseGz: Buffer;
  createdBy: number | null;
  createdAt: Generated<Date>;
}

export interface InvoicesTable extends Bookkeeping {
  id: Generated<number>;
  number: number | null;
  series: number;
  model: ColumnType<'55', '55' | undefined, '55'>;
  direction: 'OUT' | 'IN';
  purpose: 'NORMAL' | 'RETURN';
  fiscalOperationId: number;
  /** 'YYYY-MM-DD'. */
  issueDate: string;
  clientId: number | null;
  supplierId: number | null;
  locationId: number | null;
  paymentMethodId: number | null;
  categoryId: number | null;
  installments: number;
  firstDueInDays: number;
  intervalDays: number;
  freightMode: string;
  freight: Numeric;
  discount: Numeric;
  /** InvoiceTotals (shared/invoice-taxes.ts). */
  totals: ColumnType<InvoiceTotals, string, string>;
  total: Numeric;
  additionalInfo: string | null;
  referencedKeys: ColumnType<string[], string[] | undefined, string[]>;
  requestedOrderId: number | null;
  accessKey: string | null;
  randomCode: string | null;
  xml: string | null;
  issuedAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  status: ColumnType<InvoiceStatus, InvoiceStatus | undefined, InvoiceStatus>;
  sefazStatus: ColumnType<SefazStatus, SefazStatus | undefined, SefazStatus>;
  /** Migration 0032: when the batch was sent, what SEFAZ last said, the authorisation. */
  sefazSentAt: Date | null;
  sefazCode: string | null;
  sefazMessage: string | null;
  protocol: string | null;
  authorizedAt: Date | null;
  /** The protNFe as SEFAZ answered it: the nfeProc is the NFe and this. */
  protocolXml: string | null;
}
/** Every exchange with SEFAZ about an invoice (migration 0032), request and answer gzipped. */
export interface InvoiceSefazEventsTable {
  id: Generated<number>;
  invoiceId: number;
  kind: 'AUTHORIZATION' | 'RECEIPT' | 'QUERY' | 'CANCEL' | 'CORRECTION' | 'VOID';
  service: string;
  sequence: number | null;
  url: string;
  statusCode: string | null;
  message: string;
  protocol: string | null;
  requestGz: Buffer;
  responseGz: Buffer | null;
  at: Generated<Date>;
  userId: number | null;
}
/** An invoice's line: snapshots of the item and the nature of operation, and its money. */
export interface InvoiceItemsTable {
  id: Generated<number>;
  invoiceId: number;
  itemId: number;
  position: number;
  description: string;
  ncm: string | null;
  cest: string | null;
  cfop: string;
  taxOrigin: string;
  quantity: Numeric;
  unitPrice: Numeric;
  grossTotal: Numeric;
  discount: Numeric;
  freight: Numeric;
  total: Numeric;
  /** The line's InvoiceLineFigures taxes (icms, ipi, pis, cofins, ibsCbs). */
  taxes: ColumnType<InvoiceLineTaxes, string, string>;
  /** The sales order line it invoices (migration 0025). */
  requestedOrderItemId: ColumnType<number | null, number | null | undefined, number | null>;
  /** The line's nature of operation: its CFOP and taxes (migration 0027). */
  fiscalOperationId: number;
}
/** A purchase order's line; `receivedQuantity` is written only by receipts. */
export interface PurchaseOrderItemsTable {
  id: Generated<number>;
  purchaseOrderId: number;
  itemId: number;
  quantity: Numeric;
  unitPrice: Numeric;
  receivedQuantity: ColumnType<string, string | number | undefined, string | number>;
  position: number;
}
/** One "Receber" of a purchase order; `value` is the bills' total. */
export interface PurchaseReceiptsTable {
  id: Generated<number>;
  purchaseOrderId: number;
  /** 'YYYY-MM-DD'. */
  date: string;
  invoiceNumber: string | null;
  locationId: number;
  value: Numeric;
  createdAt: Generated<Date>;
  createdBy: number | null;
}
/** What a receipt took of one order line, at what landed value and cost, and its movement. */
export interface PurchaseReceiptItemsTable {
  id: Generated<number>;
  purchaseReceiptId: number;
  purchaseOrderItemId: number;
  quantity: Numeric;
  value: Numeric;
  unitCost: Numeric;
  movementId: number;
}
export interface Database {
  brands: BrandsTable;
  categories: CategoriesTable;
  colors: ColorsTable;
  materialTypes: MaterialTypesTable;
  sizes: SizesTable;
  unitsOfMeasurement: UnitsOfMeasurementTable;
  outlays: OutlaysTable;
  stockLocations: StockLocationsTable;
  paymentMethods: PaymentMethodsTable;
  fiscalOperations: FiscalOperationsTable;
  invoices: InvoicesTable;
  invoiceItems: InvoiceItemsTable;
  nfeVoidedNumbers: NfeVoidedNumbersTable;
  invoiceSefazEvents: InvoiceSefazEventsTable;
  requestedOrders: RequestedOrdersTable;
  requestedOrderItems: RequestedOrderItemsTable;
  stockReservations: StockReservationsTable;
  checkingAccounts: CheckingAccountsTable;
  financialCategories: FinancialCategoriesTable;
  clients: ClientsTable;
  suppliers: SuppliersTable;
  settings: SettingsTable;
  roles: RolesTable;
  users: UsersTable;
  company: CompanyTable;
  municipalities: MunicipalitiesTable;
  companyCertificate: CompanyCertificateTable;
  auditLog: AuditLogTable;
  loginAttempts: LoginAttemptsTable;
  sessions: SessionsTable;
  idempotencyKeys: IdempotencyKeysTable;
  documentSequences: DocumentSequencesTable;
  items: ItemsTable;
  itemComponents: ItemComponentsTable;
  itemOutlays: ItemOutlaysTable;
  stockMovements: StockMovementsTable;
  stockBalances: StockBalancesTable;
  stockClosings: StockClosingsTable;
  stockClosingBalances: StockClosingBalancesTable;
  stockClosingItems: StockClosingItemsTable;
  bills: BillsTable;
  accountEntries: AccountEntriesTable;
  billPayments: BillPaymentsTable;
  purchaseOrders: PurchaseOrdersTable;
  purchaseOrderItems: PurchaseOrderItemsTable;
  purchaseReceipts: PurchaseReceiptsTable;
  purchaseReceiptItems: PurchaseReceiptItemsTable;
  productionOrders: ProductionOrdersTable;
  productionOrderMaterials: ProductionOrderMaterialsTable;
  productionOrderCosts: ProductionOrderCostsTable;
}

export type Role = Selectable<RolesTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
