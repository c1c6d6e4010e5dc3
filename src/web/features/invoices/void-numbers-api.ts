import { useQuery } from '@tanstack/react-query';
import {
  NFE_VOIDED_NUMBERS_PATH,
  type NfeVoidedPage,
  type NfeVoidedRange,
  type NfeVoidNumbersInput,
} from '../../../shared/resources/nfe-voided-numbers.js';
import { http } from '../../lib/http.js';
import {
  useInvalidatingMutation,
  type MutationCallbacks,
} from '../../lib/invalidating-mutation.js';

/** Inutilização de numeração: the voided ranges and "Inutilizar". */
const BASE = `/${NFE_VOIDED_NUMBERS_PATH}`;
const voidedKey = ['nfe', 'void-numbers'] as const;

/** The last voided ranges, newest first (the dialog shows a few). */
export const useVoidedRanges = (enabled: boolean) =>
  useQuery({
    queryKey: voidedKey,
    queryFn: ({ signal }) =>
      http.get<NfeVoidedPage>(BASE, { query: { pageSize: 10 }, signal, silent: true }),
    enabled,
  });

/** The dialog shows 400 at the fields and 422 (a used number, SEFAZ's refusal) above them. */
export const useVoidNumbers = (
  callbacks?: MutationCallbacks<NfeVoidedRange, NfeVoidNumbersInput>,
) =>
  useInvalidatingMutation({
    mutationFn: (input: NfeVoidNumbersInput) =>
      http.post<NfeVoidedRange>(BASE, input, { silent: [400, 422, 502] }),
    invalidates: [voidedKey],
    ...callbacks,
  });
