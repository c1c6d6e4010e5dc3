import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import {
  NFE_STATUS_PATH,
  NFE_STATUS_REUSE_SECONDS,
  type NfeStatus,
} from '../../../shared/resources/nfe-status.js';
import { ApiError } from '../../lib/api-error.js';
import { http } from '../../lib/http.js';
import { usePermission } from '../../lib/session.js';

const statusKey = ['nfe', 'status'] as const;
const environmentNames: Record<NfeStatus['environment'], string> = {
  HOMOLOGATION: 'homologação',
  PRODUCTION: 'produção',
};

const fetchStatus = (refresh: boolean, signal?: AbortSignal) =>
  http.get<NfeStatus>(`/${NFE_STATUS_PATH}`, {
    query: refresh ? { refresh: 'true' } : {},
    signal,
    // The banner says it itself: a company not set up for SEFAZ is no error toast.
    silent: true,
  });

/**
 * Notas Fiscais' banner: whether SEFAZ (the company's UF and environment) is in operation, or
 * why not, and "Verificar novamente" to ask it again now. The server reuses an answer for a
 * minute, so the screen does not ask more often either. Nothing for a user without invoices:read.
 */
export function SefazStatusBanner() {
  const canRead = usePermission('invoices:read');
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => fetchStatus(false, signal),
    enabled: canRead,
    staleTime: NFE_STATUS_REUSE_SECONDS * 1000,
    refetchOnWindowFocus: false,
    retry: false,
  });
  if (!canRead || status.isPending) return null;

  const checkAgain = () =>
    void queryClient
      .fetchQuery({ queryKey: statusKey, queryFn: () => fetchStatus(true), staleTime: 0 })
      .catch(() => undefined);
  const again = (
    <Button type="link" size="small" onClick={checkAgain} loading={status.isFetching}>
      Verificar novamente
    </Button>
  );

  if (status.isError) {
    // 422: the company lacks its UF or certificate (the message says which); else a failure.
    const message =
      status.error instanceof ApiError
        ? status.error.message
        : 'Não foi possível consultar a SEFAZ.';
    return (
      <Alert
        type="warning"
        showIcon
        title={`SEFAZ: ${message}`}
        action={again}
        data-testid="sefaz-status"
      />
    );
  }
  const { environment, uf, online, message } = status.data;
  return (
    <Alert
      type={online ? 'success' : 'warning'}
      showIcon
      title={`SEFAZ (${environmentNames[environment]}, ${uf}): ${online ? 'em operação' : message}`}
      action={again}
      data-testid="sefaz-status"
    />
  );
}
