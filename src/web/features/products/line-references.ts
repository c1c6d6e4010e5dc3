import { useQueries } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.js';
import { resourceApi, type ResourceRow } from '../../components/resource-row.js';

/**
 * The rows the lines name (their feedstocks, outlays, the feedstocks' units), by id: what a line
 * shows beside its id (a unit, an average cost). Read under the keys the reference selects use,
 * so a row one of them already read is not asked for again.
 */
export function useRowsById<Row extends object = ResourceRow>(
  resource: string,
  ids: readonly unknown[],
): ReadonlyMap<number, Row & ResourceRow> {
  const unique = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  // The API's rows are typed loosely (ResourceRow); `Row` names the fields this caller reads.
  return useQueries({
    queries: unique.map((id) => ({
      queryKey: queryKeys.resource(resource).detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => resourceApi.get(resource, id, signal, true),
      staleTime: 60_000,
    })),
    combine: (results) =>
      new Map(
        results.flatMap((result) =>
          result.data ? [[result.data.id, result.data as Row & ResourceRow] as const] : [],
        ),
      ),
  });
}
