import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, errorMessages } from '../../../shared/error-codes.js';
import { addDays, addYears, todayInSaoPaulo } from '../../../shared/plain-date.js';
import { messages } from '../../../shared/messages.js';
import { crc16 } from '../../../shared/pix.js';
import type { BillSummary } from '../../../shared/resources/bills.js';
import { readSpreadsheet } from '../../platform/spreadsheet.js';
import { inTransaction } from '../../platform/transaction.js';
import { useTestApi } from '../../testing/api-app.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import { createBills } from './index.js';
import {
  createCategory,
  createCheckingAccount,
  createClient,
  createPaymentMethod,
  financeFixture,
} from './testing/finance-factories.js';

const api = useTestApi();
const PAY = '/api/v1/bills-to-pay';
const RECEIVE = '/api/v1/bills-to-receive';
const today = todayInSaoPaulo();
let token = '';
let fx: Awaited<ReturnType<typeof financeFixture>>;

beforeAll(async () => {
  token = await api.adminToken();
  fx = await financeFixture(api.db);
});

let tagCounter = 0;
/** A word no other bill has, to find a test's own bills with `q`. */
const nextTag = () => `zq${String.fromCharCode(97 + (tagCounter++ % 26))}${tagCounter}w`;

const payable = (extra: Record<string, unknown> = {}) => ({
  supplierId: fx.supplier.id,
  description: 'Aluguel do galpão',
  issueDate: today,
  dueDate: today,
  amount: '100.00',
  categoryId: fx.expense.id,
  ...extra,
});
const receivable = (extra: Record<string, unknown> = {}) => ({
  clientId: fx.client.id,
  description: 'Venda balcão',
  issueDate: today,
  dueDate: today,
  amount: '100.00',
  categoryId: fx.income.id,
  ...extra,
});

const post = (url: string, payload: object, as = token) =>
  api.request({ method: 'POST', url, token: as, payload });
const get = (url: string, as = token) => api.request({ method: 'GET', url, token: as });
async function create(url: string, payload: object): Promise<BillSummary[]> {
  const response = await post(url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().items as BillSummary[];
}

describe('creating bills', () => {
  it('splits 100.00 in three installments, 33.33/33.33/33.34, due every interval, with names', async () => {
    const tag = nextTag();
    const items = await create(
      PAY,
      payable({
        description: `Máquina ${tag}`,
        documentNumber: 'NF 123',
        installments: 3,
        intervalDays: 15,
        issueDate: addDays(today, -3),
        paymentMethodId: fx.payMethod.id,
        checkingAccountId: fx.account.id,
      }),
    );
    expect(items.map((b) => [b.amount, b.dueDate, b.installment])).toEqual([
      ['33.33', today, '1/3'],
      ['33.33', addDays(today, 15), '2/3'],
      ['33.34', addDays(today, 30), '3/3'],
    ]);
    expect(items[0]).toMatchObject({
      kind: 'PAY',
      supplierId: fx.supplier.id,
      clientId: null,
      partnerName: fx.supplier.name,
      categoryName: fx.expense.name,
      paymentMethodName: fx.payMethod.name,
      checkingAccountName: fx.account.name,
      competenceDate: addDays(today, -3),
      paidAmount: '0.00',
      openAmount: '33.33',
      status: 'OPEN',
      overdue: false,
      origin: { type: 'MANUAL', id: null },
      version: 1,
    });
    const history = await get(`/api/v1/audit?entity=bills-to-pay&entityId=${items[0]!.id}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().items.map((e: { action: string }) => e.action)).toEqual(['create']);
  });

  it('makes one bill without an installment label, competence as given, no supplier allowed', async () => {
    const [bill] = await create(
      PAY,
      payable({ supplierId: null, competenceDate: '2026-01-01', amount: '10,5' }),
    );
    expect(bill).toMatchObject({
      installment: null,
      supplierId: null,
      partnerName: null,
      competenceDate: '2026-01-01',
      amount: '10.50',
    });
  });

  it('refuses a total below one cent per installment on amount', async () => {
    const response = await post(PAY, payable({ amount: '0.02', installments: 3 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      amount: messages.finance.tooSmallForInstallments,
    });
  });

  it('says Preenchimento obrigatório for an amount left out or empty, not that it is no number', async () => {
    for (const amount of [undefined, null, '']) {
      const response = await post(PAY, payable({ amount }));
      expect(response.statusCode, JSON.stringify(amount)).toBe(400);
      expect(response.json().error.fields).toEqual({ amount: messages.required });
    }
    const typed = await post(PAY, payable({ amount: 'cem reais' }));
    expect(typed.json().error.fields).toEqual({ amount: messages.notANumber });
  });

  it('refuses a due date before the issue and a competence more than a year ahead (400), on create and edit', async () => {
    const early = await post(PAY, payable({ issueDate: today, dueDate: addDays(today, -1) }));
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().error.fields).toEqual({ dueDate: messages.finance.dueBeforeIssue });
    const aYearAhead = addYears(today, 1);
    const far = await post(RECEIVE, receivable({ competenceDate: addDays(aYearAhead, 1) }));
    expect(far.statusCode, far.body).toBe(400);
    expect(far.json().error.fields).toEqual({ competenceDate: messages.dateTooFarAhead });

    const tag = nextTag();
    const [bill] = await create(
      PAY,
      payable({ description: `Prazo ${tag}`, competenceDate: aYearAhead }),
    );
    expect(bill!.competenceDate).toBe(aYearAhead);
    const edited = await api.request({
      method: 'PUT',
      url: `${PAY}/${bill!.id}`,
      token,
      payload: { ...payable(), dueDate: addDays(today, -10), version: bill!.version },
    });
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.json().error.fields).toEqual({ dueDate: messages.finance.dueBeforeIssue });
  });

  it('answers 400 with the field for a category of the wrong kind, a method of the wrong usage, an inactive account', async () => {
    const inactive = await createCheckingAccount(api.db, { active: false });
    const wrong = await post(
      PAY,
      payable({
        categoryId: fx.income.id,
        paymentMethodId: fx.receiveMethod.id,
        checkingAccountId: inactive.id,
      }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({
      categoryId: messages.finance.categoryOfOtherKind('despesa'),
      paymentMethodId: messages.finance.methodOfOtherUsage('pagamento'),
      checkingAccountId: messages.finance.inactive,
    });
    const receive = await post(
      RECEIVE,
      receivable({ categoryId: fx.expense.id, paymentMethodId: fx.payMethod.id }),
    );
    expect(receive.json().error.fields).toEqual({
      categoryId: messages.finance.categoryOfOtherKind('receita'),
      paymentMethodId: messages.finance.methodOfOtherUsage('recebimento'),
    });
    const noClient = await post(RECEIVE, receivable({ clientId: undefined }));
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().error.fields).toHaveProperty('clientId');
  });

  it('rolls createBills back with the transaction that called it', async () => {
    const tag = nextTag();
    const input = {
      kind: 'PAY' as const,
      supplierId: fx.supplier.id,
      origin: { type: 'PURCHASE_ORDER' as const, id: 4242 },
      description: `OC-004242 ${tag}`,
      issueDate: today,
      categoryId: fx.expense.id,
      total: '90.00',
      terms: { count: 2, firstDueInDays: 30, intervalDays: 30 },
    };
    await expect(
      inTransaction(api.db, async (trx) => {
        const bills = await createBills(trx, { userId: null }, input);
        expect(bills.map((b) => [b.amount, b.dueDate, b.installment])).toEqual([
          ['45.00', addDays(today, 30), '1/2'],
          ['45.00', addDays(today, 60), '2/2'],
        ]);
        throw new Error('o recebimento falhou depois');
      }),
    ).rejects.toThrow('o recebimento falhou depois');
    expect((await get(`${PAY}?q=${tag}`)).json().total).toBe(0);

    const kept = await inTransaction(api.db, (trx) => createBills(trx, { userId: null }, input));
    expect(kept.map((b) => b.origin)).toEqual([
      { type: 'PURCHASE_ORDER', id: 4242 },
      { type: 'PURCHASE_ORDER', id: 4242 },
    ]);
    const listed = await get(`${PAY}?q=${tag}&originType=PURCHASE_ORDER&originId=4242`);
    expect(listed.json().total).toBe(2);

    // A document's bill keeps its amount.
    const edit = await api.request({
      method: 'PUT',
      url: `${PAY}/${kept[0]!.id}`,
      token,
      payload: { ...payable(), description: 'Outro', amount: '50.00', version: 1 },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.fields).toEqual({ amount: messages.finance.amountFromDocument });
  });
});

describe('editing and cancelling', () => {
  it('edits an open bill with its version, 409 when stale, 404 for the other kind', async () => {
    const [bill] = await create(PAY, payable());
    const put = (payload: object, url = `${PAY}/${bill!.id}`) =>
      api.request({ method: 'PUT', url, token, payload });
    const edited = await put({
      ...payable(),
      description: 'Aluguel de março',
      amount: '120.00',
      dueDate: addDays(today, 5),
      version: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      description: 'Aluguel de março',
      amount: '120.00',
      openAmount: '120.00',
      version: 2,
      payments: [],
    });
    const stale = await put({ ...payable(), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe(ErrorCode.STALE_VERSION);
    expect((await put({ ...receivable(), version: 2 }, `${RECEIVE}/${bill!.id}`)).statusCode).toBe(
      404,
    );
    const history = await get(`/api/v1/audit?entity=bills-to-pay&entityId=${bill!.id}`);
    const [update] = history.json().items;
    expect(update.action).toBe('update');
    expect(update.changes.amount).toEqual({ from: '100.00', to: '120.00' });
  });

  it('cancels only an open bill: 409 INVALID_STATUS afterwards, for edit and payment too', async () => {
    const [bill] = await create(PAY, payable());
    const cancelled = await post(`${PAY}/${bill!.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', version: 2 });
    const again = await post(`${PAY}/${bill!.id}/cancel`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: ErrorCode.INVALID_STATUS,
      message: errorMessages.INVALID_STATUS('Cancelada'),
    });
    const edit = await api.request({
      method: 'PUT',
      url: `${PAY}/${bill!.id}`,
      token,
      payload: { ...payable(), version: 2 },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.code).toBe(ErrorCode.INVALID_STATUS);
    const pay = await post(`${PAY}/${bill!.id}/pay`, {
      date: today,
      amount: '1.00',
      checkingAccountId: fx.account.id,
    });
    expect(pay.statusCode).toBe(409);
    expect((await post(`${RECEIVE}/${bill!.id}/cancel`, {})).statusCode).toBe(404);
    const history = await get(`/api/v1/audit?entity=bills-to-pay&entityId=${bill!.id}`);
    expect(history.json().items.map((e: { action: string }) => e.action)).toEqual([
      'cancel',
      'create',
    ]);
  });

  it('cancels neither a partly paid bill nor a paid one', async () => {
    const [bill] = await create(PAY, payable());
    const paid = await post(`${PAY}/${bill!.id}/pay`, {
      date: today,
      amount: '40.00',
      checkingAccountId: fx.account.id,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const cancel = await post(`${PAY}/${bill!.id}/cancel`, {});
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.message).toBe(errorMessages.INVALID_STATUS('Parcialmente paga'));
  });
});

describe('the list', () => {
  it('filters Vencida by date, flags overdue rows, and adds up the whole filter', async () => {
    const tag = nextTag();
    const [late] = await create(
      PAY,
      payable({
        description: `Luz ${tag}`,
        dueDate: addDays(today, -10),
        issueDate: addDays(today, -20),
      }),
    );
    const [soon] = await create(
      PAY,
      payable({ description: `Água ${tag}`, dueDate: addDays(today, 10), amount: '50.00' }),
    );
    const [partly] = await create(
      PAY,
      payable({
        description: `Gás ${tag}`,
        dueDate: addDays(today, -1),
        issueDate: addDays(today, -5),
        amount: '30.00',
      }),
    );
    const [dueToday] = await create(PAY, payable({ description: `Net ${tag}`, amount: '20.00' }));
    const pay = await post(`${PAY}/${partly!.id}/pay`, {
      date: today,
      amount: '10.00',
      checkingAccountId: fx.account.id,
    });
    expect(pay.statusCode, pay.body).toBe(201);

    const all = await get(`${PAY}?q=${tag}`);
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json();
    expect(body.items.map((b: BillSummary) => b.id)).toEqual([
      late!.id,
      partly!.id,
      dueToday!.id,
      soon!.id,
    ]);
    expect(body.items.map((b: BillSummary) => b.overdue)).toEqual([true, true, false, false]);
    expect(body.totals).toEqual({ open: '190.00', overdue: '120.00', paid: '10.00' });
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: 20 });

    const overdue = await get(`${PAY}?q=${tag}&status=OVERDUE&pageSize=1`);
    expect(overdue.json()).toMatchObject({
      total: 2,
      items: [{ id: late!.id, overdue: true }],
      totals: { open: '120.00', overdue: '120.00', paid: '10.00' },
    });
    const mixed = await get(`${PAY}?q=${tag}&status=OVERDUE,PARTIALLY_PAID`);
    expect(mixed.json().total).toBe(2);
    const open = await get(`${PAY}?q=${tag}&status=OPEN`);
    expect(open.json().items.map((b: BillSummary) => b.id)).toEqual([
      late!.id,
      dueToday!.id,
      soon!.id,
    ]);

    const byDue = await get(
      `${PAY}?q=${tag}&dueDateFrom=${addDays(today, -1)}&dueDateTo=${today}&sort=-dueDate`,
    );
    expect(byDue.json().items.map((b: BillSummary) => b.id)).toEqual([dueToday!.id, partly!.id]);
    const byAmount = await get(`${PAY}?q=${tag}&sort=-amount`);
    expect(byAmount.json().items.map((b: BillSummary) => b.amount)).toEqual([
      '100.00',
      '50.00',
      '30.00',
      '20.00',
    ]);
    const byCompetence = await get(
      `${PAY}?q=${tag}&competenceDateFrom=${addDays(today, -6)}&competenceDateTo=${addDays(today, -4)}`,
    );
    expect(byCompetence.json().items.map((b: BillSummary) => b.id)).toEqual([partly!.id]);
    // By status in the lifecycle's order (Aberta before Parcialmente paga), ties by id.
    const byStatus = await get(`${PAY}?q=${tag}&sort=status`);
    expect(byStatus.json().items.map((b: BillSummary) => b.id)).toEqual([
      late!.id,
      soon!.id,
      dueToday!.id,
      partly!.id,
    ]);
    for (const sort of ['issueDate', 'competenceDate', 'description', 'partnerName', 'status']) {
      expect((await get(`${PAY}?q=${tag}&sort=-${sort}`)).statusCode, sort).toBe(200);
    }
    const badSort = await get(`${PAY}?sort=notes`);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().error.fields).toEqual({ sort: messages.invalid });
    expect((await get(`${PAY}?status=VENCIDA`)).statusCode).toBe(400);
  });

  it('finds by description, document number and the partner name, accent-insensitively', async () => {
    const tag = nextTag();
    const client = await createClient(api.db, { name: `Confecções João ${tag}` });
    const other = await createClient(api.db);
    const [byClient] = await create(RECEIVE, receivable({ clientId: client.id }));
    const [byDoc] = await create(
      RECEIVE,
      receivable({ clientId: other.id, documentNumber: `NF-${tag}` }),
    );
    const [byDescription] = await create(
      RECEIVE,
      receivable({ clientId: other.id, description: `Duplicata ${tag} Conceição` }),
    );
    const ids = async (query: string) =>
      ((await get(`${RECEIVE}?${query}`)).json().items as BillSummary[]).map((b) => b.id);
    expect(await ids(`q=${tag}`)).toEqual([byClient!.id, byDoc!.id, byDescription!.id]);
    expect(await ids(`q=${encodeURIComponent(`joao ${tag}`)}`)).toEqual([byClient!.id]);
    expect(await ids(`q=${encodeURIComponent(`${tag} conceicao`)}`)).toEqual([byDescription!.id]);
    expect(await ids(`q=${tag}&clientId=${other.id}`)).toEqual([byDoc!.id, byDescription!.id]);
    // "Cliente …" before "Confecções …", ties by id.
    expect(await ids(`q=${tag}&sort=partnerName`)).toEqual([
      byDoc!.id,
      byDescription!.id,
      byClient!.id,
    ]);
    expect(await ids(`q=${tag}&sort=-partnerName`)).toEqual([
      byClient!.id,
      byDescription!.id,
      byDoc!.id,
    ]);
    expect(await ids(`q=${tag}&categoryId=${fx.income.id}`)).toHaveLength(3);
    const category = await createCategory(api.db, 'INCOME');
    expect(await ids(`q=${tag}&categoryId=${category.id}`)).toEqual([]);
    // A bill to receive is not in the bills to pay.
    expect((await get(`${PAY}?q=${tag}`)).json().total).toBe(0);
    expect((await get(`${PAY}/${byClient!.id}`)).statusCode).toBe(404);
    const detail = await get(`${RECEIVE}/${byClient!.id}`);
    expect(detail.json()).toMatchObject({ partnerName: client.name, payments: [] });
  });

  it('exports the filtered list as XLSX with typed cells and as CSV', async () => {
    const tag = nextTag();
    // Issued before they fall due (a bill due before its issue is refused).
    const issueDate = '2026-03-01';
    await create(
      PAY,
      payable({
        description: `Frete ${tag}`,
        amount: '1234.50',
        issueDate,
        dueDate: '2026-03-10',
      }),
    );
    await create(
      PAY,
      payable({ description: `Seguro ${tag}`, amount: '10.00', issueDate, dueDate: '2026-03-09' }),
    );
    const xlsx = await get(`${PAY}/export?format=xlsx&q=${tag}`);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('contas-a-pagar-');
    const rows = await readSpreadsheet('xlsx', xlsx.rawPayload);
    expect(rows[0]!.slice(0, 3)).toEqual(['Vencimento', 'Descrição', 'Documento']);
    expect(rows.slice(1).map((row) => row[1])).toEqual([`Seguro ${tag}`, `Frete ${tag}`]);
    const valueColumn = rows[0]!.indexOf('Valor');
    expect(rows[2]![valueColumn]).toBe(1234.5);
    expect(rows[2]![0]).toBeInstanceOf(Date);

    const csv = await get(`${PAY}/export?format=csv&q=${tag}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('10/03/2026');
    expect(lines[2]).toContain('1.234,50');
    expect(lines[2]).toContain('Vencida');
  });
});

describe('permissions', () => {
  it('lets billsToPay:read read but not create, edit, cancel or pay', async () => {
    const [bill] = await create(PAY, payable());
    const { token: reader } = await userWith(api, ['billsToPay:read']);
    expect((await get(PAY, reader)).statusCode).toBe(200);
    expect((await get(`${PAY}/${bill!.id}`, reader)).statusCode).toBe(200);
    expect((await get(`${PAY}/export?format=csv`, reader)).statusCode).toBe(200);
    expect((await post(PAY, payable(), reader)).statusCode).toBe(403);
    const put = await api.request({
      method: 'PUT',
      url: `${PAY}/${bill!.id}`,
      token: reader,
      payload: { ...payable(), version: 1 },
    });
    expect(put.statusCode).toBe(403);
    expect((await post(`${PAY}/${bill!.id}/cancel`, {}, reader)).statusCode).toBe(403);
    const payment = { date: today, amount: '1.00', checkingAccountId: fx.account.id };
    expect((await post(`${PAY}/${bill!.id}/pay`, payment, reader)).statusCode).toBe(403);
    expect((await get(RECEIVE, reader)).statusCode).toBe(403);
    // The bill's history is read with audit:read and the list's permission.
    const { token: historian } = await userWith(api, ['billsToPay:read', 'audit:read']);
    const history = await get(`/api/v1/audit?entity=bills-to-pay&entityId=${bill!.id}`, historian);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().items[0].action).toBe('create');
    const other = await get(
      `/api/v1/audit?entity=bills-to-receive&entityId=${bill!.id}`,
      historian,
    );
    expect(other.statusCode).toBe(403);

    const { token: writer } = await userWith(api, ['billsToPay:read', 'billsToPay:write']);
    expect((await post(`${PAY}/${bill!.id}/pay`, payment, writer)).statusCode).toBe(403);
    const { token: payer } = await userWith(api, ['billsToPay:read', 'billsToPay:pay']);
    expect((await post(`${PAY}/${bill!.id}/pay`, payment, payer)).statusCode).toBe(201);
  });

  it('needs billsToReceive:receive to receive', async () => {
    const [bill] = await create(RECEIVE, receivable());
    const payment = { date: today, amount: '1.00', checkingAccountId: fx.account.id };
    const { token: writer } = await userWith(api, ['billsToReceive:read', 'billsToReceive:write']);
    expect((await post(`${RECEIVE}/${bill!.id}/receive`, payment, writer)).statusCode).toBe(403);
    const { token: payer } = await userWith(api, [
      'billsToPay:read',
      'billsToPay:pay',
      'billsToReceive:read',
    ]);
    expect((await post(`${RECEIVE}/${bill!.id}/receive`, payment, payer)).statusCode).toBe(403);
    const { token: receiver } = await userWith(api, [
      'billsToReceive:read',
      'billsToReceive:receive',
    ]);
    const received = await post(`${RECEIVE}/${bill!.id}/receive`, payment, receiver);
    expect(received.statusCode, received.body).toBe(201);
    expect(received.json()).toMatchObject({ status: 'PARTIALLY_PAID', paidAmount: '1.00' });
  });
});

describe('PIX of a bill to receive', () => {
  it('answers NO_PIX_KEY without a key, then a payload with a valid CRC for the open amount', async () => {
    const [bill] = await create(RECEIVE, receivable({ amount: '150.00' }));
    await api.db
      .updateTable('company')
      .set({ pixKey: null, address: JSON.stringify({ city: 'São José dos Campos', state: 'SP' }) })
      .execute();
    const none = await get(`${RECEIVE}/${bill!.id}/pix`);
    expect(none.statusCode).toBe(422);
    expect(none.json().error).toMatchObject({
      code: ErrorCode.NO_PIX_KEY,
      message: messages.finance.noPixKey,
    });

    await api.db
      .updateTable('company')
      .set({ pixKey: 'financeiro@fabril.com.br', address: JSON.stringify({ city: null }) })
      .execute();
    const noCity = await get(`${RECEIVE}/${bill!.id}/pix`);
    expect(noCity.statusCode).toBe(422);
    expect(noCity.json().error).toMatchObject({
      code: ErrorCode.BUSINESS_RULE,
      message: messages.finance.pixNoCity,
    });
    await api.db
      .updateTable('company')
      .set({ address: JSON.stringify({ city: 'São José dos Campos', state: 'SP' }) })
      .execute();
    const received = await post(`${RECEIVE}/${bill!.id}/receive`, {
      date: today,
      amount: '50.00',
      checkingAccountId: fx.account.id,
    });
    expect(received.statusCode, received.body).toBe(201);
    const pix = await get(`${RECEIVE}/${bill!.id}/pix`);
    expect(pix.statusCode, pix.body).toBe(200);
    const { payload, amount, txid, pixKey } = pix.json();
    expect({ amount, txid, pixKey }).toEqual({
      amount: '100.00',
      txid: `FABRIL${bill!.id}`,
      pixKey: 'financeiro@fabril.com.br',
    });
    expect(payload).toContain('5406100.00');
    expect(payload).toContain('financeiro@fabril.com.br');
    expect(payload).toContain('6015SAO JOSE DOS CA');
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));

    const [cancelled] = await create(RECEIVE, receivable());
    await post(`${RECEIVE}/${cancelled!.id}/cancel`, {});
    const closed = await get(`${RECEIVE}/${cancelled!.id}/pix`);
    expect(closed.statusCode).toBe(422);
    expect(closed.json().error.message).toBe(messages.finance.pixOnlyOpen);
    expect((await get(`${PAY}/${bill!.id}/pix`)).statusCode).toBe(404);
  });
});

describe('payment method of a bill', () => {
  it('accepts a method used for both directions', async () => {
    const both = await createPaymentMethod(api.db, 'BOTH');
    await create(PAY, payable({ paymentMethodId: both.id }));
    await create(RECEIVE, receivable({ paymentMethodId: both.id }));
  });
});
