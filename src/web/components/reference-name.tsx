import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../lib/query-keys.js';
import { referencedDefinition, resourceApi, rowTitle } from './resource-row.js';

/** The name of a referenced row (a user's profile), `#id` until it arrives or when it is gone. */
export function ReferenceName({ resource, id }: { resource: string; id: number }) {
  const row = useQuery({
    queryKey: queryKeys.resource(resource).detail(id),
    queryFn: ({ signal }) => resourceApi.get(resource, id, signal, true),
    staleTime: 5 * 60_000,
  });
  return <>{row.data ? rowTitle(referencedDefinition(resource), row.data) : `#${id}`}</>;
}
