import { MutationObserver, QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { resourceKeys } from '../lib/query-keys.js';
import { documentActionOptions, documentSaveOptions } from './document-mutations.js';

const orders = resourceKeys('purchase-orders');
const stock = resourceKeys('stock-items').all;
const bills = resourceKeys('bills-to-pay').all;

/** A client holding a read under each key, as screens that have loaded them. */
function clientWithReads(...keys: QueryKey[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { loaded: true });
  return client;
}
const invalidated = (client: QueryClient, key: QueryKey) =>
  client.getQueryState(key)?.isInvalidated ?? false;

const order = { id: 7, status: 'RECEIVED' };
const refused = (_id: number) =>
  Promise.reject(new Error('Ação não permitida na situação Cancelada.'));

describe("a document's action", () => {
  it('reads again the document and what the action reaches, keeps the detail it answers, then runs the caller’s onSuccess', async () => {
    const client = clientWithReads(orders.lists(), orders.detail(7), stock, bills);
    const seen: unknown[] = [];
    const options = documentActionOptions(
      client,
      orders,
      async (id: number) => ({ ...order, id }),
      [stock],
      { onSuccess: () => seen.push(client.getQueryData(orders.detail(7))) },
    );
    await new MutationObserver(client, options).mutate(7);

    expect(invalidated(client, orders.lists())).toBe(true);
    expect(invalidated(client, stock)).toBe(true);
    expect(invalidated(client, bills)).toBe(false);
    expect(seen).toEqual([order]);
  });

  it('on a refusal reads only the document again (someone else moved it), then runs the caller’s onError', async () => {
    const client = clientWithReads(orders.detail(7), stock);
    const errors: string[] = [];
    const options = documentActionOptions(client, orders, refused, [stock], {
      onError: (error) => errors.push(error.message),
    });
    await expect(new MutationObserver(client, options).mutate(7)).rejects.toThrow();

    expect(invalidated(client, orders.detail(7))).toBe(true);
    expect(invalidated(client, stock)).toBe(false);
    expect(errors).toEqual(['Ação não permitida na situação Cancelada.']);
  });

  it('keeps nothing as the detail when the answer is none (a deletion)', async () => {
    const client = clientWithReads(orders.detail(7));
    const options = documentActionOptions(client, orders, async (_id: number) => undefined, []);
    await new MutationObserver(client, options).mutate(7);

    expect(client.getQueryData(orders.detail(7))).toEqual({ loaded: true });
    expect(invalidated(client, orders.detail(7))).toBe(true);
  });
});

describe("a document form's save", () => {
  const api = {
    create: async (input: { notes: string }) => ({ id: 8, ...input }),
    update: async (id: number, input: { notes: string; version: number }) => ({ id, ...input }),
  };

  it('posts a new document and puts a change, each answer kept as the detail', async () => {
    const client = clientWithReads(orders.lists());
    const options = documentSaveOptions(client, orders, api);
    await new MutationObserver(client, options).mutate({ input: { notes: 'nova' } });
    await new MutationObserver(client, options).mutate({
      id: 7,
      input: { notes: 'alterada', version: 2 },
    });

    expect(client.getQueryData(orders.detail(8))).toEqual({ id: 8, notes: 'nova' });
    expect(client.getQueryData(orders.detail(7))).toEqual({ id: 7, notes: 'alterada', version: 2 });
    expect(invalidated(client, orders.lists())).toBe(true);
  });

  it('reads nothing again on a refusal: the form keeps what was typed', async () => {
    const client = clientWithReads(orders.detail(7));
    const options = documentSaveOptions(client, orders, {
      ...api,
      update: (id: number) => refused(id),
    });
    await expect(
      new MutationObserver(client, options).mutate({ id: 7, input: { notes: 'x', version: 1 } }),
    ).rejects.toThrow();

    expect(invalidated(client, orders.detail(7))).toBe(false);
  });
});
