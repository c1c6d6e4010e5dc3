import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */
import * as m0001 from './0001-platform.js';
import * as m0002 from './0002-master-data.js';
import * as m0003 from './0003-list-performance.js';
import * as m0004 from './0004-list-count-stamps.js';
import * as m0005 from './0005-search-covering-index.js';
import * as m0006 from './0006-access-change-notifications.js';
import * as m0007 from './0007-document-sequences.js';
import * as m0008 from './0008-items-and-stock.js';
import * as m0009 from './0009-items-list-indexes.js';
import * as m0010 from './0010-stock-items-by-name.js';
import * as m0011 from './0011-kardex-covering-index.js';
import * as m0012 from './0012-company-pix-key.js';
import * as m0013 from './0013-financial-categories.js';
import * as m0014 from './0014-finance.js';
import * as m0015 from './0015-purchase-orders.js';
import * as m0016 from './0016-production-orders.js';
import * as m0017 from './0017-sessions.js';
import * as m0018 from './0018-production-tolerance.js';
import * as m0019 from './0019-idempotency-keys.js';
import * as m0020 from './0020-starter-records.js';
import * as m0021 from './0021-municipalities.js';
import * as m0022 from './0022-fiscal-settings-certificate.js';
import * as m0023 from './0023-fiscal-operations.js';
import * as m0024 from './0024-invoices.js';
import * as m0025 from './0025-requested-orders.js';
import * as m0026 from './0026-purchase-order-sales-link.js';
import * as m0027 from './0027-invoice-item-operations.js';
import * as m0032 from './0032-invoice-sefaz.js';
import * as m0033 from './0033-nfe-voided-numbers.js';
import * as m0034 from './0034-dashboard-revenue-index.js';
import * as m0035 from './0035-company-nfe-contingency.js';
import * as m0036 from './0036-invoice-number-voiding.js';
import * as m0037 from './0037-requested-orders-delivery-index.js';
import * as m0038 from './0038-stock-closings.js';

export interface Migration {
  name: string;
  up: (db: Kysely<any>) => Promise<void>;
}

/** Every migration in order. A landed migration is never edited: add a new one. */
export const migrations: Migration[] = [
  { name: '0001-platform', up: m0001.up },
  { name: '0002-master-data', up: m0002.up },
  { name: '0003-list-performance', up: m0003.up },
  { name: '0004-list-count-stamps', up: m0004.up },
  { name: '0005-search-covering-index', up: m0005.up },
  { name: '0006-access-change-notifications', up: m0006.up },
  { name: '0007-document-sequences', up: m0007.up },
  { name: '0008-items-and-stock', up: m0008.up },
  { name: '0009-items-list-indexes', up: m0009.up },
  { name: '0010-stock-items-by-name', up: m0010.up },
  { name: '0011-kardex-covering-index', up: m0011.up },
  { name: '0012-company-pix-key', up: m0012.up },
  { name: '0013-financial-categories', up: m0013.up },
  { name: '0014-finance', up: m0014.up },
  { name: '0015-purchase-orders', up: m0015.up },
  { name: '0016-production-orders', up: m0016.up },
  { name: '0017-sessions', up: m0017.up },
  { name: '0018-production-tolerance', up: m0018.up },
  { name: '0019-idempotency-keys', up: m0019.up },
  { name: '0020-starter-records', up: m0020.up },
  { name: '0021-municipalities', up: m0021.up },
  { name: '0022-fiscal-settings-certificate', up: m0022.up },
  { name: '0023-fiscal-operations', up: m0023.up },
  { name: '0024-invoices', up: m0024.up },
  { name: '0025-requested-orders', up: m0025.up },
  { name: '0026-purchase-order-sales-link', up: m0026.up },
  { name: '0027-invoice-item-operations', up: m0027.up },
  { name: '0032-invoice-sefaz', up: m0032.up },
  { name: '0033-nfe-voided-numbers', up: m0033.up },
  { name: '0034-dashboard-revenue-index', up: m0034.up },
  { name: '0035-company-nfe-contingency', up: m0035.up },
  { name: '0036-invoice-number-voiding', up: m0036.up },
  { name: '0037-requested-orders-delivery-index', up: m0037.up },
  { name: '0038-stock-closings', up: m0038.up },
];
