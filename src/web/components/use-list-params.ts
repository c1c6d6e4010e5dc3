import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { destinationPathname } from '../lib/navigation.js';
import {
  readListParams,
  writeListParams,
  type ListDefinition,
  type ListParamChanges,
} from './list-params.js';

/**
 * A list's page, pageSize, sort, q and filters, kept in the query string (list-params.ts).
 * Changing what is searched or filtered goes back to page 1; typing a search replaces the
 * history entry instead of adding one per keystroke.
 */
export function useListParams(definition: ListDefinition) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(
    () => readListParams(searchParams, definition),
    [searchParams, definition],
  );

  const update = useCallback(
    (changes: ListParamChanges, options?: { replace?: boolean }) => {
      setSearchParams((current) => writeListParams(current, changes, definition), {
        replace: options?.replace,
      });
    },
    [setSearchParams, definition],
  );

  const { pathname } = useLocation();
  const setSearch = useCallback(
    (q: string) => {
      // Typed, then a link followed before the search was sent (400 ms later): React keeps this
      // list on screen while the next page loads, and its timer still fires. Searching then
      // would navigate back here and drop the page the user chose.
      if (destinationPathname() !== pathname) return;
      update({ q, page: null }, { replace: true });
    },
    [update, pathname],
  );

  const currentSize = params.pageSize;
  const setPage = useCallback(
    (page: number, pageSize: number) =>
      update({ page: pageSize === currentSize ? page : 1, pageSize }, { replace: false }),
    [update, currentSize],
  );

  return {
    params,
    setPage,
    setSort: (sort: string | null) => update({ sort, page: null }),
    setSearch,
    setFilter: (key: string, value: string | null) => update({ [key]: value, page: null }),
  };
}
