import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH, type SearchResult } from '../../../shared/resources/search.js';
import { http } from '../../lib/http.js';

/**
 * The palette's search: asked only from two characters on (the API answers nothing below), the
 * last answer kept on screen while the next one comes, so the list does not blink as one types.
 */
export function useSearch(q: string) {
  return useQuery({
    queryKey: ['search', q] as const,
    queryFn: ({ signal }) => http.get<SearchResult>('/search', { query: { q }, signal }),
    enabled: q.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
