import { MutationObserver, QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidatingMutationOptions } from './invalidating-mutation.js';

const orders = ['purchase-orders'] as const;
const stock = ['stock-items'] as const;
const reports = ['cash-flow'] as const;

/** A client holding one fresh read under each key, as screens that have loaded them. */
function clientWithReads(...keys: QueryKey[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData([...key, 'list', {}], { items: [] });
  return client;
}

const invalidated = (client: QueryClient, key: QueryKey) =>
  client.getQueryState([...key, 'list', {}])?.isInvalidated ?? false;

describe('a mutation that owns what it invalidates', () => {
  it('marks every key it changes stale once it succeeds, then runs the caller’s onSuccess', async () => {
    const client = clientWithReads(orders, stock, reports);
    const seen: boolean[] = [];
    const options = invalidatingMutationOptions(client, {
      mutationFn: async (id: number) => ({ id }),
      invalidates: [orders, stock],
      onSuccess: () => seen.push(invalidated(client, orders)),
    });
    const answer = await new MutationObserver(client, options).mutate(7);

    expect(answer).toEqual({ id: 7 });
    expect(invalidated(client, orders)).toBe(true);
    expect(invalidated(client, stock)).toBe(true);
    expect(invalidated(client, reports)).toBe(false);
    expect(seen).toEqual([true]);
  });

  it('marks the keys its answer names when they depend on it (the saved row’s history)', async () => {
    const client = clientWithReads(['clients', 'audit', '7'], ['clients', 'audit', '8']);
    const options = invalidatingMutationOptions(client, {
      mutationFn: async (id: number) => ({ id }),
      invalidates: (saved) => [['clients', 'audit', String(saved.id)]],
    });
    await new MutationObserver(client, options).mutate(7);

    expect(invalidated(client, ['clients', 'audit', '7'])).toBe(true);
    expect(invalidated(client, ['clients', 'audit', '8'])).toBe(false);
  });

  it('on a refusal marks only what a failure may have changed, then runs the caller’s onError', async () => {
    const client = clientWithReads(orders, stock);
    const errors: string[] = [];
    const options = invalidatingMutationOptions<never, void>(client, {
      mutationFn: async () => {
        throw new Error('already reversed');
      },
      invalidates: [orders, stock],
      invalidatesOnError: [orders],
      onError: (error) => errors.push(error.message),
    });
    await expect(new MutationObserver(client, options).mutate()).rejects.toThrow();

    expect(invalidated(client, orders)).toBe(true);
    expect(invalidated(client, stock)).toBe(false);
    expect(errors).toEqual(['already reversed']);
  });

  it('leaves every read as it was after a refusal when it names nothing for one', async () => {
    const client = clientWithReads(orders);
    const options = invalidatingMutationOptions<never, void>(client, {
      mutationFn: async () => {
        throw new Error('refused');
      },
      invalidates: [orders],
    });
    await expect(new MutationObserver(client, options).mutate()).rejects.toThrow();

    expect(invalidated(client, orders)).toBe(false);
  });
});
