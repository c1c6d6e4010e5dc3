import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.js';

/**
 * One client for the app. An answer of the API (4xx/5xx) is final, so only a failed connection is
 * retried; the HTTP client has already told the user about the error. Requests are tried even
 * when the browser says it is offline (`networkMode: 'always'`): otherwise TanStack would hold
 * them silently, and the user would wait on a spinning button instead of reading "no connection".
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      networkMode: 'always',
      retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 1,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { networkMode: 'always', retry: false },
  },
});
