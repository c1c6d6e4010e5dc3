import { useEffect } from 'react';
import type { ListParams } from './list-params.js';

/**
 * A page past the end (rows deleted since the link was made, or a link made when there were more
 * rows) shows the last page instead. A total kept from the previous page while the next one loads
 * says nothing about the page asked for, so it waits for the page's own answer.
 */
export function useLastPageClamp(
  list: { data?: { total: number }; isPlaceholderData: boolean },
  params: Pick<ListParams, 'page' | 'pageSize'>,
  setPage: (page: number, pageSize: number) => void,
) {
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / params.pageSize)) : null;
  useEffect(() => {
    if (lastPage !== null && params.page > lastPage && !list.isPlaceholderData) {
      setPage(lastPage, params.pageSize);
    }
  }, [lastPage, params.page, params.pageSize, list.isPlaceholderData, setPage]);
}
