import { PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Flex,
  Pagination,
  Result,
  Row,
  Statistic,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { messages } from '../../../shared/messages.js';
import { formatBRL } from '../../../shared/money.js';
import { ExportButtons } from '../../components/export-buttons.js';
import { LazyDateRangeFilter } from '../../components/lazy-inputs.js';
import { PAGE_SIZES } from '../../components/list-params.js';
import type { ListLocationState } from '../../components/resource-form-page.js';
import { useListParams } from '../../components/use-list-params.js';
import { breakpoints, useMediaQuery } from '../../components/use-media-query.js';
import { ApiError } from '../../lib/api-error.js';
import { usePermission } from '../../lib/session.js';
import { statementApi, statementKeys } from './api.js';
import { ManualEntryModal, TransferModal } from './entry-modals.js';
import { STATEMENT_TABLE_MIN_WIDTH, statementColumns } from './statement-columns.js';
import { statementList, statementPeriod } from './statement-period.js';

function Figure({ title, value, testId }: { title: string; value?: string; testId: string }) {
  const negative = value?.startsWith('-') ?? false;
  return (
    <Card size="small" data-testid={testId}>
      <Statistic
        title={title}
        value={value === undefined ? '–' : formatBRL(value)}
        valueStyle={{ fontSize: 18, color: negative ? '#a8071a' : undefined }}
      />
    </Card>
  );
}

/**
 * Extrato (DOMAIN §9): an account's entries in a period (the current month unless the URL says
 * otherwise), each with the balance after it, between the balance before the period and the one
 * at its end. Who may write the accounts posts manual entries and transfers here.
 */
export function StatementPage({ basePath }: { basePath: string }) {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const canWrite = usePermission('checkingAccounts:write');
  // A payment's entry links to its bill for whoever may open bills of either kind.
  const canReadPayables = usePermission('billsToPay:read');
  const canReadReceivables = usePermission('billsToReceive:read');
  const linkBills = { PAY: canReadPayables, RECEIVE: canReadReceivables };
  const listSearch = (location.state as ListLocationState | null)?.listSearch ?? '';
  const back = () => navigate(`${basePath}${listSearch}`);
  const validId = /^\d{1,15}$/.test(id);
  const { params, setPage, setFilter } = useListParams(statementList);
  const period = statementPeriod(params, todayInSaoPaulo());
  const query = { page: params.page, pageSize: params.pageSize, ...period };
  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const [modal, setModal] = useState<'manual' | 'transfer' | null>(null);

  const statement = useQuery({
    queryKey: statementKeys.one(id, query),
    queryFn: ({ signal }) => statementApi.statement(id, query, signal),
    placeholderData: keepPreviousData,
    enabled: validId,
  });

  if (!validId || (statement.error instanceof ApiError && statement.error.status === 404)) {
    return (
      <Result
        status="404"
        title="Conta-corrente não encontrada"
        extra={<Button onClick={back}>Voltar para a lista</Button>}
      />
    );
  }

  const data = statement.data;
  const account = data?.account;
  const accountId = Number(id);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div style={{ minWidth: 0 }}>
          <Typography.Text type="secondary">Contas-Correntes › Extrato</Typography.Text>
          <Typography.Title
            level={2}
            style={{ margin: 0, overflowWrap: 'anywhere' }}
            data-testid="statement-account"
          >
            {account?.name ?? ' '}
          </Typography.Title>
          {account && (
            <Typography.Text strong data-testid="statement-balance">
              Saldo atual:{' '}
              <span style={{ color: account.balance.startsWith('-') ? '#a8071a' : undefined }}>
                {formatBRL(account.balance)}
              </span>
            </Typography.Text>
          )}
        </div>
        <Flex gap={8} wrap>
          {canWrite && (
            <>
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden />}
                onClick={() => setModal('manual')}
                data-testid="manual-entry-button"
              >
                Lançamento manual
              </Button>
              <Button
                icon={<SwapOutlined aria-hidden />}
                onClick={() => setModal('transfer')}
                data-testid="transfer-button"
              >
                Transferência
              </Button>
            </>
          )}
          <ExportButtons
            definition={{ path: `checking-accounts/${id}/statement`, label: 'Extrato' }}
            params={{ ...params, sort: '', filters: period }}
          />
          <Button onClick={back}>Voltar</Button>
        </Flex>
      </Flex>

      <Flex gap={8} wrap align="center">
        <LazyDateRangeFilter
          label="Período"
          value={period}
          onChange={(range) => {
            setFilter('from', range.from);
            setFilter('to', range.to);
          }}
        />
      </Flex>

      <Row gutter={[12, 12]}>
        <Col xs={12} md={6}>
          <Figure title="Saldo anterior" value={data?.openingBalance} testId="statement-opening" />
        </Col>
        <Col xs={12} md={6}>
          <Figure title="Créditos" value={data?.credits} testId="statement-credits" />
        </Col>
        <Col xs={12} md={6}>
          <Figure title="Débitos" value={data?.debits} testId="statement-debits" />
        </Col>
        <Col xs={12} md={6}>
          <Figure title="Saldo final" value={data?.closingBalance} testId="statement-closing" />
        </Col>
      </Row>

      <div data-testid="statement-table" style={{ minWidth: 0 }}>
        <Table
          rowKey="id"
          size="middle"
          columns={statementColumns({ small, linkBills })}
          dataSource={data?.items ?? []}
          loading={statement.isFetching}
          tableLayout="fixed"
          scroll={small ? undefined : { x: STATEMENT_TABLE_MIN_WIDTH }}
          pagination={false}
          locale={{
            emptyText: statement.isError
              ? 'Não foi possível carregar o extrato.'
              : 'Nenhum lançamento no período.',
          }}
        />
      </div>
      <Flex justify="flex-end">
        <Pagination
          current={params.page}
          pageSize={params.pageSize}
          total={data?.total ?? 0}
          pageSizeOptions={PAGE_SIZES.map(String)}
          showSizeChanger
          showTotal={messages.recordCount}
          responsive
          onChange={(page, pageSize) => setPage(page, pageSize)}
        />
      </Flex>

      {canWrite && (
        <>
          <ManualEntryModal
            accountId={accountId}
            open={modal === 'manual'}
            onClose={() => setModal(null)}
          />
          <TransferModal
            accountId={accountId}
            open={modal === 'transfer'}
            onClose={() => setModal(null)}
          />
        </>
      )}
    </Flex>
  );
}
