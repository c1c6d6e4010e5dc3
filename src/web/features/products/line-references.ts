import { useQueries, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.js';
import { resourceApi, type ResourceRow } from '../../components/resource-row.js';

const rowQuery = (resource: string, id: number) => ({
  queryKey: queryKeys.resource(resource).detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => resourceApi.get(resource, id, signal, true),
  staleTime: 60_000,
});

/** One row a line has just named (the outlay picked), from the cache when it is there. */
export function fetchRow(queryClient: QueryClient, resource: string, id: number) {
  return queryClient.fetchQuery(rowQuery(resource, id));
}

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
    queries: unique.map((id) => rowQuery(resource, id)),
    combine: (results) =>
      new Map(
        results.flatMap((result) =>
          result.data ? [[result.data.id, result.data as Row & ResourceRow] as const] : [],
        ),
      ),
  });
}
