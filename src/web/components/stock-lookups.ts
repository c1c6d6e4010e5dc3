import { useQuery } from '@tanstack/react-query';
import type { Page } from '../../shared/api-error.js';
import { http } from '../lib/http.js';
import { resourceKeys } from '../lib/query-keys.js';

/**
 * Lookups the stock documents' screens (movements, purchase and production orders) read alike.
 * They are reads the screens can do without: a user who may not read one of them still gets the
 * rest, with no toast and no trip to "Acesso negado".
 */
const quietly = { silent: true, redirectOnForbidden: false } as const;

/** The decimal places of each unit by id (units are a short lookup table: one page holds them). */
export function useUnitDecimals() {
  const units = useQuery({
    queryKey: [...resourceKeys('units-of-measurement').lists(), 'decimals'],
    queryFn: ({ signal }) =>
      http.get<Page<{ id: number; decimals: number }>>('/units-of-measurement', {
        ...quietly,
        signal,
        query: { page: 1, pageSize: 100, sort: 'code' },
      }),
    staleTime: 5 * 60_000,
  });
  const items = units.data?.items ?? [];
  return (id: number | undefined) => items.find((unit) => unit.id === id)?.decimals;
}

/** The id of the default stock location (where a new document's goods come from or go), or null. */
export function useDefaultLocation() {
  return useQuery({
    queryKey: [...resourceKeys('stock-locations').lists(), 'default'],
    queryFn: async ({ signal }) => {
      const answer = await http.get<Page<{ id: number; isDefault: boolean }>>('/stock-locations', {
        ...quietly,
        signal,
        query: { active: 'true', sort: '-isDefault', page: 1, pageSize: 10 },
      });
      return answer.items.find((row) => row.isDefault)?.id ?? null;
    },
    staleTime: 60_000,
  });
}
