import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import type { Page } from '../../shared/api-error.js';
import { http } from '../lib/http.js';
import { resourceKeys } from '../lib/query-keys.js';
import { allowClear } from './antd-config.js';
import { codeNameSearch } from './code-name-ranking.js';

/** Whether a document's bills are paid or received. */
export type PaymentUsage = 'PAY' | 'RECEIVE';

interface PaymentMethodRow {
  id: number;
  name: string;
  usage: PaymentUsage | 'BOTH';
}

/**
 * Picks how a bill is paid or received: the active payment methods of that use (PAY or BOTH to
 * pay, RECEIVE or BOTH to receive), searched and ranked by name as every code-name picker. A user
 * who may not read the methods gets an empty picker, with no toast and no trip to "Acesso negado".
 */
export function PaymentMethodSelect({
  usage,
  ...rest
}: Omit<SelectProps<number>, 'options' | 'loading'> & { usage: PaymentUsage }) {
  const methods = useQuery({
    queryKey: [...resourceKeys('payment-methods').lists(), 'picker', usage],
    queryFn: async ({ signal }) => {
      const answer = await http.get<Page<PaymentMethodRow>>('/payment-methods', {
        silent: true,
        redirectOnForbidden: false,
        signal,
        query: { active: 'true', sort: 'name', page: 1, pageSize: 100 },
      });
      return answer.items
        .filter((row) => row.usage === 'BOTH' || row.usage === usage)
        .map((row) => ({ value: row.id, label: row.name }));
    },
    staleTime: 60_000,
  });
  return (
    <Select<number>
      placeholder="Selecione"
      allowClear={allowClear}
      showSearch={codeNameSearch}
      {...rest}
      options={methods.data ?? []}
      loading={methods.isFetching}
    />
  );
}
