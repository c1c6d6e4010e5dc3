import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import {
  NFE_STATUS_PATH,
  NFE_STATUS_REUSE_SECONDS,
  type NfeStatus,
} from '../../../shared/resources/nfe-status.js';
import { ApiError } from '../../lib/api-error.js';
import { http } from '../../lib/http.js';
import { usePermission } from '../../lib/session.js';
import {
  contingencyTitle,
  EnterContingencyButton,
  LeaveContingencyButton,
  useNfeContingency,
} from './contingency.js';

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
 * Contingency: when the UF's authoriser is down, whoever issues may enter it (SVC, with a reason);
 * while on, the banner says so first ("Em contingência SVC-AN desde …") with "Voltar ao normal",
 * and the authoriser's status below.
 */
export function SefazStatusBanner() {
  const canRead = usePermission('invoices:read');
  const canIssue = usePermission('invoices:issue');
  const contingency = useNfeContingency(canRead);
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
  const statusText = `SEFAZ (${environmentNames[environment]}, ${uf}): ${online ? 'em operação' : message}`;
  const mode = contingency.data;
  // The buttons go under the text, not beside it: beside, a phone's width squeezes the title.
  const buttons = (...extra: ReactNode[]) => (
    <Flex gap={8} wrap align="center" style={{ marginTop: 8 }}>
      {extra}
      {again}
    </Flex>
  );
  if (mode && mode.mode !== 'NORMAL') {
    return (
      <Alert
        type="warning"
        showIcon
        title={<span data-testid="contingency-mode">{contingencyTitle(mode)}</span>}
        description={
          <>
            <div>Justificativa: {mode.reason}</div>
            <div data-testid="sefaz-status-text">{statusText}</div>
            {buttons(canIssue && <LeaveContingencyButton key="off" />)}
          </>
        }
        data-testid="sefaz-status"
      />
    );
  }
  if (!online && canIssue && mode) {
    return (
      <Alert
        type="warning"
        showIcon
        title={statusText}
        description={buttons(<EnterContingencyButton key="on" svc={mode.contingencyMode} />)}
        data-testid="sefaz-status"
      />
    );
  }
  return (
    <Alert
      type={online ? 'success' : 'warning'}
      showIcon
      title={statusText}
      action={again}
      data-testid="sefaz-status"
    />
  );
}
