import { useQueries, useQuery } from '@tanstack/react-query';
import type { Page } from '../../shared/api-error.js';
import type { FeedstockSummary } from '../../shared/resources/feedstocks.js';
import type { ProductSummary } from '../../shared/resources/products.js';
import { http } from '../lib/http.js';
import { resourceKeys } from '../lib/query-keys.js';
import type { ItemSet, PickedItem } from './item-sets.js';

/**
 * The items (DOMAIN §3: one `items` table behind /products and /feedstocks) as the documents'
 * item pickers and forms read them. They are reads the screens can do without: a user who may not
 * read one of the two resources still gets the other, with no toast and no trip to "Acesso negado".
 */
const quietly = { silent: true, redirectOnForbidden: false } as const;

const paths: Record<PickedItem['kind'], string> = { PRODUCT: 'products', FEEDSTOCK: 'feedstocks' };

/**
 * The active items of each group whose code or name matches `q`, in the groups' order. Each
 * group is read under its resource's list key, so whatever changes products or feedstocks (a
 * receipt's last price, a new item) refreshes the picker too.
 */
export function useItemSearch(set: ItemSet, q: string) {
  return useQueries({
    queries: set.groups.map((group) => {
      const query = {
        q,
        active: 'true',
        sort: 'name',
        page: 1,
        pageSize: group.pageSize ?? 20,
        ...group.query,
      };
      return {
        queryKey: [...resourceKeys(paths[group.kind]).lists(), 'picker', query],
        queryFn: async ({ signal }: { signal: AbortSignal }) => {
          const page = await http.get<Page<ProductSummary | FeedstockSummary>>(
            `/${paths[group.kind]}`,
            {
              ...quietly,
              signal,
              query,
            },
          );
          const items = page.items.map((item): PickedItem => ({
            ...(item as Omit<PickedItem, 'kind'>),
            kind: group.kind,
          }));
          return group.keep ? items.filter(group.keep) : items;
        },
      };
    }),
    combine: (answers) => ({
      data: answers.flatMap((answer) => answer.data ?? []),
      isFetching: answers.some((answer) => answer.isFetching),
    }),
  });
}

/** One item by id: a product or a feedstock, whichever it is. */
export async function fetchItem(id: number, signal?: AbortSignal): Promise<PickedItem | null> {
  for (const kind of ['FEEDSTOCK', 'PRODUCT'] as const) {
    try {
      const item = await http.get<Omit<PickedItem, 'kind'>>(`/${paths[kind]}/${id}`, {
        ...quietly,
        signal,
      });
      return { ...item, kind };
    } catch {
      // Not of this kind (404) or not readable: try the other.
    }
  }
  return null;
}

export const itemKey = (id: number) => resourceKeys('items').detail(id);

/** One item by id (its unit, for the quantity beside it; its name, for a picker's value). */
export function useItem(id: number | undefined) {
  return useQuery({
    queryKey: itemKey(id ?? 0),
    queryFn: ({ signal }) => fetchItem(id!, signal),
    enabled: id !== undefined,
    staleTime: 60_000,
  });
}
