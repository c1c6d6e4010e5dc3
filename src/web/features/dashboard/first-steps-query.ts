import { queryOptions } from '@tanstack/react-query';
import type { FirstSteps } from '../../../shared/resources/first-steps.js';
import { http } from '../../lib/http.js';

/**
 * "Primeiros passos" (GET /dashboard/first-steps). Read again each time the dashboard opens, so
 * a client saved a moment ago is ticked on the way back; a failure just leaves the list out.
 */
export const firstStepsQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'first-steps'] as const,
    queryFn: ({ signal }) =>
      http.get<FirstSteps>('/dashboard/first-steps', { silent: true, signal }),
    refetchOnMount: 'always',
  });
