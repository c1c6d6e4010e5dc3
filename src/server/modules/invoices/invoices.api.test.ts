import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Decimal } from 'decimal.js';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { isValidAccessKey } from '../../../shared/nfe/access-key.js';
import { useTestApi } from '../../testing/api-app.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import { validateNfe, validateNfeProc, verifyNfeSignature } from '../nfe/index.js';
import {
  companyCertificate,
  invoiceFixture,
  readyCompany,
  saleInput,
  type InvoiceFixture,
} from './testing/invoice-fixtures.js';

const api = useTestApi();
const BASE = '/api/v1/invoices';
let fx: InvoiceFixture;

beforeAll(async () => {
  await readyCompany(api);
  fx = await invoiceFixture(api);
});

async function send(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  token?: string,
) {
  return api.request({
    method,
    url,
    token: token ?? (await api.adminToken()),
    payload: payload as never,
  });
}

async function draft(changes: Record<string, unknown> = {}) {
  const created = await send('POST', BASE, saleInput(fx, changes));
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}

const stockOf = async (itemId: number) => {
  const row = await api.db
    .selectFrom('stockBalances')
    .select('quantity')
    .where('itemId', '=', itemId)
    .where('locationId', '=', fx.location.id)
    .executeTakeFirst();
  return row?.quantity ?? '0';
};

describe('a draft', () => {
  it('figures vProd, spreads discount and freight by value, taxes each line and sums the totals', async () => {
    const invoice = await draft();
    expect(invoice).toMatchObject({
      status: 'DRAFT',
      sefazStatus: 'NOT_SENT',
      number: null,
      series: 1,
      direction: 'OUT',
      model: '55',
    });
    const [a, b] = invoice.items;
    // 3 × 49.90 = 149.70 and 2 × 120.00 = 240.00, of 389.70: the shares follow.
    expect(a).toMatchObject({
      grossTotal: '149.70',
      cfop: '5101',
      ncm: '61091000',
      unitPrice: '49.90',
    });
    expect(b).toMatchObject({ grossTotal: '240.00', unitPrice: '120.00' });
    expect(new Decimal(a.discount).plus(b.discount).toFixed(2)).toBe('10.00');
    expect(new Decimal(a.freight).plus(b.freight).toFixed(2)).toBe('15.00');
    expect(invoice.totals).toMatchObject({
      productsTotal: '389.70',
      discount: '10.00',
      freight: '15.00',
      total: '394.70',
    });
    expect(invoice.total).toBe('394.70');
    // The Simples: CSOSN 102, PIS and COFINS CST 49 with zeros.
    expect(a.icms.code).toBe('102');
    expect(a.pis).toMatchObject({ code: '49', value: '0.00' });
  });

  it('refuses, on their fields, no recipient, a discount above the products and an item without a price', async () => {
    const db = api.db;
    await db
      .updateTable('items')
      .set({ salePrice: null })
      .where('id', '=', fx.products[1]!.id)
      .execute();
    try {
      const refused = await send('POST', BASE, {
        ...saleInput(fx, { clientId: null, discount: '9999.00' }),
        items: [{ itemId: fx.products[1]!.id, quantity: '1' }],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toMatchObject({
        clientId: expect.any(String),
      });
      const noPrice = await send('POST', BASE, {
        ...saleInput(fx, { discount: '9999.00' }),
        items: [{ itemId: fx.products[1]!.id, quantity: '1' }],
      });
      expect(noPrice.json().error.fields).toMatchObject({
        'items.0.unitPrice': 'Informe o preço: o item não tem preço de venda.',
      });
    } finally {
      await db
        .updateTable('items')
        .set({ salePrice: '129.00' })
        .where('id', '=', fx.products[1]!.id)
        .execute();
    }
    const tooMuch = await send('POST', BASE, saleInput(fx, { discount: '9999.00' }));
    expect(tooMuch.json().error.fields).toMatchObject({
      discount: 'O desconto não pode ser maior que o total dos produtos.',
    });
  });

  it("gives a line its own nature's CFOP, and refuses one that disagrees with the invoice's", async () => {
    const mixed = await draft({
      items: [
        { itemId: fx.products[0]!.id, quantity: '1' },
        { itemId: fx.products[1]!.id, quantity: '1', fiscalOperationId: fx.resale },
      ],
    });
    expect(
      mixed.items.map((line: { cfop: string; fiscalOperationId: number }) => [
        line.cfop,
        line.fiscalOperationId,
      ]),
    ).toEqual([
      ['5101', fx.sale],
      ['5102', fx.resale],
    ]);
    // A devolução is another purpose: it cannot be one line of a sale.
    const refused = await send(
      'POST',
      BASE,
      saleInput(fx, {
        items: [{ itemId: fx.products[0]!.id, quantity: '1', fiscalOperationId: fx.salesReturn }],
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      'items.0.fiscalOperationId':
        'A natureza de operação do item deve ter a mesma direção, finalidade, movimentação de estoque e geração de contas que a da nota.',
    });
  });

  it('is edited with its version (stale: 409) and deleted', async () => {
    const invoice = await draft();
    const edited = await send('PUT', `${BASE}/${invoice.id}`, {
      ...saleInput(fx, { freight: '0.00' }),
      version: invoice.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().totals.freight).toBe('0.00');
    const stale = await send('PUT', `${BASE}/${invoice.id}`, {
      ...saleInput(fx),
      version: invoice.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('STALE_VERSION');
    expect((await send('DELETE', `${BASE}/${invoice.id}`)).statusCode).toBe(204);
    expect((await send('GET', `${BASE}/${invoice.id}`)).statusCode).toBe(404);
  });
});

describe('issuing', () => {
  it('numbers, keys, signs, validates and transmits the NF-e; authorised, posts the stock out and the bills to receive', async () => {
    const invoice = await draft();
    const before = await stockOf(fx.products[0]!.id);
    const issued = await send('POST', `${BASE}/${invoice.id}/issue`, {});
    expect(issued.statusCode, issued.body).toBe(200);
    const body = issued.json();
    expect(body).toMatchObject({ status: 'ISSUED', sefazStatus: 'AUTHORIZED', series: 1 });
    expect(body.protocol).toMatch(/^\d{15}$/);
    expect(body.number).toBeGreaterThan(0);
    expect(isValidAccessKey(body.accessKey)).toBe(true);
    expect(body.accessKey.slice(0, 2)).toBe('35');
    expect(body.accessKey.slice(6, 20)).toBe('11222333000181');

    const xml = await send('GET', `${BASE}/${invoice.id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toContain('application/xml');
    // Authorised, it is the nfeProc: the stored signed NFe byte for byte and SEFAZ's protNFe.
    expect(xml.headers['content-disposition']).toContain(`${body.accessKey}-procNFe.xml`);
    const stored = await api.db
      .selectFrom('invoices')
      .select('xml')
      .where('id', '=', invoice.id)
      .executeTakeFirstOrThrow();
    expect(xml.body).toContain(stored.xml!);
    expect(validateNfe(stored.xml!)).toEqual({ valid: true, errors: [] });
    expect(validateNfeProc(xml.body)).toEqual({ valid: true, errors: [] });
    expect(verifyNfeSignature(stored.xml!, companyCertificate.certificatePem)).toBe(true);
    expect(xml.body).toContain('NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL');
    expect(xml.body).toContain(`<nProt>${body.protocol}</nProt>`);

    expect(new Decimal(before).minus(await stockOf(fx.products[0]!.id)).toFixed(0)).toBe('3');
    expect(body.movements).toHaveLength(2);
    expect(body.bills).toHaveLength(2);
    expect(body.bills.every((bill: { kind: string }) => bill.kind === 'RECEIVE')).toBe(true);
    const billed = body.bills.reduce(
      (sum: Decimal, bill: { amount: string }) => sum.plus(bill.amount),
      new Decimal(0),
    );
    expect(billed.toFixed(2)).toBe(body.total);

    const again = await send('POST', `${BASE}/${invoice.id}/issue`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('INVALID_STATUS');
    const edit = await send('PUT', `${BASE}/${invoice.id}`, {
      ...saleInput(fx),
      version: body.version,
    });
    expect(edit.statusCode).toBe(409);
    expect((await send('DELETE', `${BASE}/${invoice.id}`)).statusCode).toBe(409);
  });

  it('lists what is missing (422 INVOICE_INCOMPLETE), spends no number, and issues once it is filled in', async () => {
    const lastNumber = async () => {
      const row = await api.db
        .selectFrom('documentSequences')
        .select('lastNumber')
        .where('documentType', '=', 'invoice')
        .executeTakeFirst();
      return row?.lastNumber ?? 0;
    };
    const setNcm = (ncm: string | null) =>
      api.db.updateTable('items').set({ ncm }).where('id', '=', fx.products[1]!.id).execute();
    const before = await lastNumber();
    await setNcm(null);
    try {
      const invoice = await draft();
      const refused = await send('POST', `${BASE}/${invoice.id}/issue`, {});
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.code).toBe('INVOICE_INCOMPLETE');
      expect(refused.json().error.details).toEqual([
        { field: 'items.1.ncm', message: 'NCM do item 2 (Calça jeans)' },
      ]);
      expect((await send('GET', `${BASE}/${invoice.id}`)).json().status).toBe('DRAFT');
      expect(await lastNumber()).toBe(before);

      // The product's NCM filled in, the same draft issues: issuing prices it again.
      await setNcm('62034200');
      const issued = await send('POST', `${BASE}/${invoice.id}/issue`, {});
      expect(issued.statusCode, issued.body).toBe(200);
      expect(issued.json().items[1].ncm).toBe('62034200');
      expect(issued.json().number).toBe(before + 1);
      const history = await send('GET', `/api/v1/audit?entity=invoices&entityId=${invoice.id}`);
      // Signed and numbered (issue), then SEFAZ's answer recorded (transmit: AUTHORIZED).
      expect(history.json().items.map((entry: { action: string }) => entry.action)).toEqual([
        'transmit',
        'issue',
        'update',
        'create',
      ]);
    } finally {
      await setNcm('62034200');
    }
  });

  it('issues an unchanged draft without an edit in its history', async () => {
    const invoice = await draft();
    expect((await send('POST', `${BASE}/${invoice.id}/issue`, {})).statusCode).toBe(200);
    const history = await send('GET', `/api/v1/audit?entity=invoices&entityId=${invoice.id}`);
    expect(history.json().items.map((entry: { action: string }) => entry.action)).toEqual([
      'transmit',
      'issue',
      'create',
    ]);
  });

  it('answers 422 INVALID_XML with the schema messages when the NF-e breaks the schema, keeping the number', async () => {
    const next = async () => {
      const issued = await send('POST', `${BASE}/${(await draft()).id}/issue`, {});
      expect(issued.statusCode, issued.body).toBe(200);
      return issued.json().number as number;
    };
    const first = await next();
    // xBairro has 2 to 60 characters in the schema; the form keeps any district.
    const client = await api.db
      .selectFrom('clients')
      .select('address')
      .where('id', '=', fx.client.id)
      .executeTakeFirstOrThrow();
    await api.db
      .updateTable('clients')
      .set({ address: JSON.stringify({ ...client.address, district: 'X' }) })
      .where('id', '=', fx.client.id)
      .execute();
    try {
      const invoice = await draft();
      const refused = await send('POST', `${BASE}/${invoice.id}/issue`, {});
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().error.code).toBe('INVALID_XML');
      expect(refused.json().error.details[0].message).toContain('xBairro');
      expect((await send('GET', `${BASE}/${invoice.id}`)).json()).toMatchObject({
        status: 'DRAFT',
        number: null,
      });
    } finally {
      await api.db
        .updateTable('clients')
        .set({ address: JSON.stringify(client.address) })
        .where('id', '=', fx.client.id)
        .execute();
    }
    expect(await next()).toBe(first + 1);
  });

  it('gives 20 drafts issued at once 20 distinct consecutive numbers of the series', async () => {
    const drafts = [];
    for (let i = 0; i < 20; i++)
      drafts.push(
        await draft({
          items: [{ itemId: fx.products[0]!.id, quantity: '1' }],
          discount: '0.00',
          freight: '0.00',
        }),
      );
    const token = await api.adminToken();
    const answers = await Promise.all(
      drafts.map((d) => send('POST', `${BASE}/${d.id}/issue`, {}, token)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const numbers = answers.map((answer) => answer.json().number as number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers[19]! - numbers[0]!).toBe(19);
  });
});

describe('cancelling', () => {
  it('reverses the stock and cancels the bills, with a reason of 15 to 255 characters', async () => {
    const invoice = await draft();
    const before = await stockOf(fx.products[1]!.id);
    const issued = (await send('POST', `${BASE}/${invoice.id}/issue`, {})).json();
    const short = await send('POST', `${BASE}/${invoice.id}/cancel`, { reason: 'curto' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.reason).toBe(
      'Informe a justificativa com 15 a 255 caracteres.',
    );
    const cancelled = await send('POST', `${BASE}/${invoice.id}/cancel`, {
      reason: 'Cliente desistiu da compra',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const body = cancelled.json();
    expect(body).toMatchObject({
      status: 'CANCELLED',
      cancelReason: 'Cliente desistiu da compra',
      number: issued.number,
    });
    expect(await stockOf(fx.products[1]!.id)).toBe(before);
    expect(body.movements.every((m: { reversed: boolean }) => m.reversed)).toBe(true);
    expect(body.bills.every((bill: { status: string }) => bill.status === 'CANCELLED')).toBe(true);
    const again = await send('POST', `${BASE}/${invoice.id}/cancel`, {
      reason: 'Cliente desistiu da compra',
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a draft (409) and an invoice with a paid bill (409 PAID_BILLS), changing nothing', async () => {
    const pending = await draft();
    const refusedDraft = await send('POST', `${BASE}/${pending.id}/cancel`, {
      reason: 'Rascunho por engano aqui',
    });
    expect(refusedDraft.statusCode).toBe(409);

    const issued = (await send('POST', `${BASE}/${(await draft()).id}/issue`, {})).json();
    const account = await api.db
      .insertInto('checkingAccounts')
      .values({
        name: `Caixa ${issued.id}`,
        bankCode: '000',
        openingBalance: '0',
        openingDate: '2026-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bill = issued.bills[0];
    const paid = await send('POST', `/api/v1/bills-to-receive/${bill.id}/receive`, {
      date: '2026-11-21',
      amount: bill.amount,
      checkingAccountId: account.id,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const stockBefore = await stockOf(fx.products[0]!.id);
    const refused = await send('POST', `${BASE}/${issued.id}/cancel`, {
      reason: 'Cliente desistiu da compra',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'PAID_BILLS',
      message: 'Há títulos baixados; estorne as baixas antes de cancelar a nota.',
    });
    const after = (await send('GET', `${BASE}/${issued.id}`)).json();
    expect(after.status).toBe('ISSUED');
    expect(after.bills.filter((b: { status: string }) => b.status === 'CANCELLED')).toHaveLength(0);
    expect(await stockOf(fx.products[0]!.id)).toBe(stockBefore);
  });
});

describe('files', () => {
  it('prints the DANFE of an authorised NF-e with its protocol, without fiscal value in homologation', async () => {
    const issued = (await send('POST', `${BASE}/${(await draft()).id}/issue`, {})).json();
    expect(issued.sefazStatus).toBe('AUTHORIZED');
    const danfe = await send('GET', `${BASE}/${issued.id}/danfe`);
    expect(danfe.statusCode).toBe(200);
    expect(danfe.headers['content-type']).toBe('application/pdf');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'danfe-')), 'danfe.pdf');
    writeFileSync(file, danfe.rawPayload);
    const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(issued.accessKey.match(/.{4}/g)!.join(' '));
    expect(text).toContain('PROTOCOLO DE AUTORIZAÇÃO DE USO');
    expect(text).toMatch(
      new RegExp(`${issued.protocol} - \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}:\\d{2}`),
    );
    expect(text).not.toContain('NÃO TRANSMITIDA');
    expect(text).toContain('SEM VALOR FISCAL');
    expect(text).toContain('Camiseta básica');
    const pending = await draft();
    expect((await send('GET', `${BASE}/${pending.id}/danfe`)).statusCode).toBe(409);
    expect((await send('GET', `${BASE}/${pending.id}/xml`)).statusCode).toBe(409);
  });

  it('archives the XMLs of the period, cancelled ones too, with an index', async () => {
    const issued = (await send('POST', `${BASE}/${(await draft()).id}/issue`, {})).json();
    const cancelled = (await send('POST', `${BASE}/${(await draft()).id}/issue`, {})).json();
    await send('POST', `${BASE}/${cancelled.id}/cancel`, { reason: 'Emitida em duplicidade' });
    const day = issued.issueDate;
    const zip = await send('GET', `${BASE}/xml-archive?from=${day}&to=${day}`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const stored = await api.db
      .selectFrom('invoices')
      .select('xml')
      .where('id', '=', issued.id)
      .executeTakeFirstOrThrow();
    expect(strFromU8(files[`NFe${issued.accessKey}.xml`]!)).toBe(stored.xml);
    expect(files[`NFe${cancelled.accessKey}.xml`]).toBeDefined();
    const index = strFromU8(files['indice.csv']!);
    expect(index).toContain(`${cancelled.accessKey}`);
    expect(index).toContain('Cancelada');
    const issuedCount = await api.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('issueDate', '=', day)
      .where('status', '!=', 'DRAFT')
      .executeTakeFirstOrThrow();
    expect(Object.keys(files)).toHaveLength(Number(issuedCount.n) + 1);
    const before = await send('GET', `${BASE}/xml-archive?from=2001-01-01&to=2001-01-31`);
    expect(Object.keys(unzipSync(new Uint8Array(before.rawPayload)))).toEqual(['indice.csv']);
  });
});

describe('access', () => {
  it('asks each route its own permission', async () => {
    const reader = await userWith(api, ['invoices:read']);
    const invoice = await draft();
    expect((await send('GET', BASE, undefined, reader.token)).statusCode).toBe(200);
    expect((await send('POST', BASE, saleInput(fx), reader.token)).statusCode).toBe(403);
    expect((await send('POST', `${BASE}/${invoice.id}/issue`, {}, reader.token)).statusCode).toBe(
      403,
    );
    expect(
      (await send('DELETE', `${BASE}/${invoice.id}`, undefined, reader.token)).statusCode,
    ).toBe(403);
    const writer = await userWith(api, ['invoices:read', 'invoices:write']);
    expect((await send('POST', `${BASE}/${invoice.id}/issue`, {}, writer.token)).statusCode).toBe(
      403,
    );
    expect(
      (await send('POST', `${BASE}/${invoice.id}/cancel`, { reason: 'x'.repeat(20) }, writer.token))
        .statusCode,
    ).toBe(403);
    const nobody = await userWith(api, []);
    expect((await send('GET', `${BASE}/${invoice.id}`, undefined, nobody.token)).statusCode).toBe(
      403,
    );
  });

  it('never sends the certificate or its key back', async () => {
    const issued = (await send('POST', `${BASE}/${(await draft()).id}/issue`, {})).json();
    for (const url of [
      BASE,
      `${BASE}/${issued.id}`,
      `${BASE}/${issued.id}/xml`,
      '/api/v1/company',
    ]) {
      const body = (await send('GET', url)).body;
      expect(body).not.toContain('PRIVATE KEY');
      expect(body).not.toContain(companyCertificate.privateKeyPem.split('\n')[1]!);
    }
  });
});
