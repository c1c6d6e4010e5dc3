import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, errorMessages } from '../../../shared/error-codes.js';
import { addDays, todayInSaoPaulo } from '../../../shared/plain-date.js';
import { messages } from '../../../shared/messages.js';
import type { BillDetail, BillSummary } from '../../../shared/resources/bills.js';
import { useTestApi } from '../../testing/api-app.js';
import { createCheckingAccount, entriesSum, financeFixture } from './testing/finance-factories.js';

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

const post = (url: string, payload: object = {}) =>
  api.request({ method: 'POST', url, token, payload });

async function newBill(url: string, extra: Record<string, unknown> = {}): Promise<BillSummary> {
  const payload =
    url === PAY
      ? { supplierId: fx.supplier.id, categoryId: fx.expense.id }
      : { clientId: fx.client.id, categoryId: fx.income.id };
  const response = await post(url, {
    ...payload,
    description: 'Duplicata 123',
    issueDate: today,
    dueDate: today,
    amount: '100.00',
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().items[0] as BillSummary;
}

/** The entries written for a bill (its payments' and their reversals'), oldest first. */
const entriesOf = (billId: number) =>
  api.db
    .selectFrom('accountEntries')
    .select(['id', 'amount', 'description', 'originType', 'originId', 'categoryId', 'date'])
    .where('originId', '=', billId)
    .where('originType', 'in', ['BILL_PAYMENT', 'PAYMENT_REVERSAL'])
    .orderBy('id')
    .execute();

describe('Baixar', () => {
  it('pays partly, then fully, with interest, fine and discount in the entry', async () => {
    const account = await createCheckingAccount(api.db);
    const bill = await newBill(PAY, { description: 'Aluguel', installments: 2, amount: '200.00' });
    const first = await post(`${PAY}/${bill.id}/pay`, {
      date: today,
      amount: '40.00',
      interest: '1.50',
      fine: '2.00',
      discount: '0.50',
      checkingAccountId: account.id,
      paymentMethodId: fx.payMethod.id,
      notes: 'Primeira parte',
    });
    expect(first.statusCode, first.body).toBe(201);
    const partly = first.json() as BillDetail;
    expect(partly).toMatchObject({
      status: 'PARTIALLY_PAID',
      paidAmount: '40.00',
      openAmount: '60.00',
      version: 2,
    });
    expect(partly.payments).toEqual([
      expect.objectContaining({
        amount: '40.00',
        interest: '1.50',
        fine: '2.00',
        discount: '0.50',
        total: '43.00',
        checkingAccountId: account.id,
        checkingAccountName: account.name,
        paymentMethodName: fx.payMethod.name,
        notes: 'Primeira parte',
        createdByName: 'Administrador',
        reversedAt: null,
        reversedByName: null,
      }),
    ]);
    expect(await entriesSum(api.db, account.id)).toBe('-43.00');

    const second = await post(`${PAY}/${bill.id}/pay`, {
      date: today,
      amount: '60.00',
      checkingAccountId: account.id,
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({
      status: 'PAID',
      paidAmount: '100.00',
      openAmount: '0.00',
    });
    expect(second.json().payments).toHaveLength(2);
    expect(await entriesSum(api.db, account.id)).toBe('-103.00');
    const entries = await entriesOf(bill.id);
    expect(entries.map((e) => [e.amount, e.description, e.originType, e.categoryId])).toEqual([
      ['-43.00', 'Pagamento: Aluguel (1/2)', 'BILL_PAYMENT', fx.expense.id],
      ['-60.00', 'Pagamento: Aluguel (1/2)', 'BILL_PAYMENT', fx.expense.id],
    ]);
    const payments = await api.db
      .selectFrom('billPayments')
      .select(['entryId'])
      .where('billId', '=', bill.id)
      .orderBy('id')
      .execute();
    expect(payments.map((p) => p.entryId)).toEqual(entries.map((e) => e.id));

    const history = await api.request({
      method: 'GET',
      url: `/api/v1/audit?entity=bills-to-pay&entityId=${bill.id}`,
      token,
    });
    expect(history.json().items.map((e: { action: string }) => e.action)).toEqual([
      'pay',
      'pay',
      'create',
    ]);
    const firstPay = history.json().items[1];
    expect(firstPay.changes.status).toEqual({ from: 'OPEN', to: 'PARTIALLY_PAID' });
    expect(firstPay.changes.paidAmount).toEqual({ from: '0.00', to: '40.00' });
    expect(firstPay.changes.payment.to).toMatchObject({ amount: '40.00', total: '43.00' });
  });

  it('shows on the bill the account the money moved through, the history saying so', async () => {
    const [planned, used] = [
      await createCheckingAccount(api.db),
      await createCheckingAccount(api.db),
    ];
    const pay = (id: number, amount: string, checkingAccountId: number) =>
      post(`${PAY}/${id}/pay`, { date: today, amount, checkingAccountId });

    // A bill without an account takes the one it was paid from.
    const bare = await newBill(PAY, { description: 'Sem conta' });
    expect(bare.checkingAccountId).toBeNull();
    const partly = await pay(bare.id, '30.00', used.id);
    expect(partly.statusCode, partly.body).toBe(201);
    expect(partly.json()).toMatchObject({
      checkingAccountId: used.id,
      checkingAccountName: used.name,
    });

    // One planned for an account and paid from another names the one that moved.
    const bill = await newBill(PAY, { description: 'Com conta', checkingAccountId: planned.id });
    expect(bill.checkingAccountName).toBe(planned.name);
    const paid = await pay(bill.id, '100.00', used.id);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ status: 'PAID', checkingAccountId: used.id });
    const read = await api.request({ method: 'GET', url: `${PAY}/${bill.id}`, token });
    expect(read.json()).toMatchObject({ checkingAccountName: used.name });
    const history = await api.request({
      method: 'GET',
      url: `/api/v1/audit?entity=bills-to-pay&entityId=${bill.id}`,
      token,
    });
    expect(history.json().items[0].changes.checkingAccountId).toEqual({
      from: planned.id,
      to: used.id,
    });

    // Paid from the account it already names: no change to record.
    const same = await newBill(PAY, { description: 'Mesma conta', checkingAccountId: used.id });
    expect((await pay(same.id, '100.00', used.id)).statusCode).toBe(201);
    const sameHistory = await api.request({
      method: 'GET',
      url: `/api/v1/audit?entity=bills-to-pay&entityId=${same.id}`,
      token,
    });
    expect(sameHistory.json().items[0].changes.checkingAccountId).toBeUndefined();
  });

  it('receives into the account as a credit', async () => {
    const account = await createCheckingAccount(api.db);
    const bill = await newBill(RECEIVE, { description: 'Venda 7' });
    const received = await post(`${RECEIVE}/${bill.id}/receive`, {
      date: today,
      amount: '100.00',
      discount: '5.00',
      checkingAccountId: account.id,
      paymentMethodId: fx.receiveMethod.id,
    });
    expect(received.statusCode, received.body).toBe(201);
    expect(received.json()).toMatchObject({ status: 'PAID', paidAmount: '100.00' });
    expect(await entriesSum(api.db, account.id)).toBe('95.00');
    const [entry] = await entriesOf(bill.id);
    expect(entry).toMatchObject({ description: 'Recebimento: Venda 7', categoryId: fx.income.id });
    // A bill to receive has no pay route, a bill to pay no receive route.
    expect((await post(`${RECEIVE}/${bill.id}/pay`, {})).statusCode).toBe(404);
  });

  it('answers 422 OVERPAYMENT with the open amount, and nothing changes', async () => {
    const account = await createCheckingAccount(api.db);
    const bill = await newBill(PAY);
    expect(
      (
        await post(`${PAY}/${bill.id}/pay`, {
          date: today,
          amount: '60.00',
          checkingAccountId: account.id,
        })
      ).statusCode,
    ).toBe(201);
    const over = await post(`${PAY}/${bill.id}/pay`, {
      date: today,
      amount: '40.01',
      checkingAccountId: account.id,
    });
    expect(over.statusCode).toBe(422);
    const message = errorMessages.OVERPAYMENT('R$ 40,00');
    expect(over.json().error).toMatchObject({
      code: ErrorCode.OVERPAYMENT,
      message,
      fields: { amount: message },
      details: [{ openAmount: '40.00' }],
    });
    expect(message).toBe('Valor maior que o saldo em aberto (R$ 40,00).');
    expect(await entriesSum(api.db, account.id)).toBe('-60.00');
    const detail = await api.request({ method: 'GET', url: `${PAY}/${bill.id}`, token });
    expect(detail.json()).toMatchObject({ paidAmount: '60.00', version: 2 });
  });

  it('validates the payment: discount above the cash, wrong method, inactive account, unknown bill, before the opening', async () => {
    const bill = await newBill(PAY);
    const discount = await post(`${PAY}/${bill.id}/pay`, {
      date: today,
      amount: '10.00',
      discount: '10.00',
      checkingAccountId: fx.account.id,
    });
    expect(discount.statusCode).toBe(400);
    expect(discount.json().error.fields).toEqual({ discount: messages.finance.discountTooLarge });
    const inactive = await createCheckingAccount(api.db, { active: false });
    const wrong = await post(`${PAY}/${bill.id}/pay`, {
      date: today,
      amount: '10.00',
      checkingAccountId: inactive.id,
      paymentMethodId: fx.receiveMethod.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({
      checkingAccountId: messages.finance.inactive,
      paymentMethodId: messages.finance.methodOfOtherUsage('pagamento'),
    });
    const late = await createCheckingAccount(api.db, { openingDate: today });
    const before = await post(`${PAY}/${bill.id}/pay`, {
      date: addDays(today, -1),
      amount: '10.00',
      checkingAccountId: late.id,
    });
    expect(before.statusCode).toBe(400);
    expect(before.json().error.fields).toEqual({ date: messages.finance.beforeOpeningDate });
    const unknown = await post(`${PAY}/99999999/pay`, {
      date: today,
      amount: '10.00',
      checkingAccountId: fx.account.id,
    });
    expect(unknown.statusCode).toBe(404);
    const detail = await api.request({ method: 'GET', url: `${PAY}/${bill.id}`, token });
    expect(detail.json()).toMatchObject({ paidAmount: '0.00', status: 'OPEN', payments: [] });
  });

  it('settles exactly the amount under 20 payments at once: 10 × 201, 10 × 422', async () => {
    const account = await createCheckingAccount(api.db);
    const bill = await newBill(PAY);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(`${PAY}/${bill.id}/pay`, {
          date: today,
          amount: '10.00',
          checkingAccountId: account.id,
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(10);
    for (const refused of responses.filter((r) => r.statusCode === 422)) {
      expect(refused.json().error.code).toBe(ErrorCode.OVERPAYMENT);
    }
    const detail = await api.request({ method: 'GET', url: `${PAY}/${bill.id}`, token });
    expect(detail.json()).toMatchObject({ paidAmount: '100.00', status: 'PAID' });
    expect(detail.json().payments).toHaveLength(10);
    expect(await entriesSum(api.db, account.id)).toBe('-100.00');
  });
});

describe('Estornar baixa', () => {
  it('restores the paid amount, the status and the account, once', async () => {
    const account = await createCheckingAccount(api.db);
    const bill = await newBill(PAY, { description: 'Energia' });
    const pay = (amount: string, interest = '0.00') =>
      post(`${PAY}/${bill.id}/pay`, {
        date: today,
        amount,
        interest,
        checkingAccountId: account.id,
      });
    expect((await pay('30.00', '3.00')).statusCode).toBe(201);
    const paid = (await pay('70.00')).json() as BillDetail;
    expect(paid.status).toBe('PAID');
    expect(await entriesSum(api.db, account.id)).toBe('-103.00');

    const [first, second] = paid.payments;
    const reversed = await post(`${PAY}/${bill.id}/payments/${second!.id}/reverse`);
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json()).toMatchObject({
      status: 'PARTIALLY_PAID',
      paidAmount: '30.00',
      openAmount: '70.00',
      version: 4,
    });
    expect(reversed.json().payments[1]).toMatchObject({
      id: second!.id,
      reversedAt: expect.any(String),
      reversedByName: 'Administrador',
    });
    expect(await entriesSum(api.db, account.id)).toBe('-33.00');

    const back = await post(`${PAY}/${bill.id}/payments/${first!.id}/reverse`);
    expect(back.json()).toMatchObject({ status: 'OPEN', paidAmount: '0.00' });
    expect(await entriesSum(api.db, account.id)).toBe('0.00');
    const entries = await entriesOf(bill.id);
    expect(entries.map((e) => [e.amount, e.originType, e.description, e.date])).toEqual([
      ['-33.00', 'BILL_PAYMENT', 'Pagamento: Energia', today],
      ['-70.00', 'BILL_PAYMENT', 'Pagamento: Energia', today],
      ['70.00', 'PAYMENT_REVERSAL', 'Estorno: Pagamento: Energia', today],
      ['33.00', 'PAYMENT_REVERSAL', 'Estorno: Pagamento: Energia', today],
    ]);
    const stamped = await api.db
      .selectFrom('billPayments')
      .select(['reversalEntryId'])
      .where('id', '=', second!.id)
      .executeTakeFirstOrThrow();
    expect(stamped.reversalEntryId).toBe(entries[2]!.id);

    const again = await post(`${PAY}/${bill.id}/payments/${second!.id}/reverse`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: ErrorCode.PAYMENT_REVERSED,
      message: messages.finance.paymentReversed,
    });
    // Once open again, it can be cancelled.
    expect((await post(`${PAY}/${bill.id}/cancel`)).statusCode).toBe(200);
    const history = await api.request({
      method: 'GET',
      url: `/api/v1/audit?entity=bills-to-pay&entityId=${bill.id}`,
      token,
    });
    expect(history.json().items.map((e: { action: string }) => e.action)).toEqual([
      'cancel',
      'reverse-payment',
      'reverse-payment',
      'pay',
      'pay',
      'create',
    ]);
  });

  it('keeps the paid amount and the account in step when payments and reversals cross', async () => {
    const account = await createCheckingAccount(api.db);
    const bill = await newBill(PAY);
    const pay = () =>
      post(`${PAY}/${bill.id}/pay`, {
        date: today,
        amount: '10.00',
        checkingAccountId: account.id,
      });
    const first = await Promise.all([pay(), pay(), pay()]);
    expect(first.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const payments = (
      (await api.request({ method: 'GET', url: `${PAY}/${bill.id}`, token })).json() as BillDetail
    ).payments;
    const crossed = await Promise.all([
      ...payments.map((p) => post(`${PAY}/${bill.id}/payments/${p.id}/reverse`)),
      pay(),
      pay(),
      pay(),
    ]);
    expect(crossed.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201, 201, 201]);
    const detail = (
      await api.request({ method: 'GET', url: `${PAY}/${bill.id}`, token })
    ).json() as BillDetail;
    expect(detail).toMatchObject({ paidAmount: '30.00', status: 'PARTIALLY_PAID' });
    expect(detail.payments.filter((p) => p.reversedAt === null)).toHaveLength(3);
    expect(await entriesSum(api.db, account.id)).toBe('-30.00');
  });

  it('answers 404 for a payment of another bill, and of the other kind', async () => {
    const bill = await newBill(RECEIVE);
    const other = await newBill(RECEIVE);
    const received = await post(`${RECEIVE}/${bill.id}/receive`, {
      date: today,
      amount: '10.00',
      checkingAccountId: fx.account.id,
    });
    const paymentId = (received.json() as BillDetail).payments[0]!.id;
    expect((await post(`${RECEIVE}/${other.id}/payments/${paymentId}/reverse`)).statusCode).toBe(
      404,
    );
    expect((await post(`${PAY}/${bill.id}/payments/${paymentId}/reverse`)).statusCode).toBe(404);
    expect((await post(`${RECEIVE}/${bill.id}/payments/99999999/reverse`)).statusCode).toBe(404);
  });

  it('reverses a payment once when two reversals arrive together: one 200, one 409', async () => {
    const account = await createCheckingAccount(api.db);
    const bill = await newBill(RECEIVE);
    const received = await post(`${RECEIVE}/${bill.id}/receive`, {
      date: today,
      amount: '100.00',
      checkingAccountId: account.id,
    });
    const paymentId = (received.json() as BillDetail).payments[0]!.id;
    const url = `${RECEIVE}/${bill.id}/payments/${paymentId}/reverse`;
    const responses = await Promise.all([post(url), post(url)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json().error.code).toBe(
      ErrorCode.PAYMENT_REVERSED,
    );
    expect(await entriesSum(api.db, account.id)).toBe('0.00');
    const detail = await api.request({ method: 'GET', url: `${RECEIVE}/${bill.id}`, token });
    expect(detail.json()).toMatchObject({ status: 'OPEN', paidAmount: '0.00' });
  });
});
