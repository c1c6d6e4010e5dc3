import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Typography } from 'antd';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { stockMovementTypeLabels } from '../../../shared/resources/stock-movements.js';
import { messages } from '../../../shared/messages.js';
import { formatBRL } from '../../../shared/money.js';
import { RecordQueryResult } from '../../components/record-query-result.js';
import type { ListLocationState } from '../../components/resource-form-page.js';
import { formatDateTime } from '../../components/dates.js';
import { usePermission } from '../../lib/session.js';
import { movementKeys, movementsApi } from './api.js';
import { canBeReversed, movementView, reversedThroughDocument } from './movement-row.js';
import { ReverseButton } from './reverse-button.js';

/**
 * One movement, as posted: never edited (DOMAIN §4). It says whether it was reversed, and by
 * which movement, or which movement it reverses, and offers "Estornar" when it may be.
 */
export function StockMovementPage({ basePath }: { basePath: string }) {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const canReverse = usePermission('stockMovements:reverse');
  const listSearch = (location.state as ListLocationState | null)?.listSearch ?? '';
  const back = () => navigate(`${basePath}${listSearch}`);
  const validId = /^\d{1,15}$/.test(id);

  const movement = useQuery({
    queryKey: movementKeys.detail(id),
    queryFn: ({ signal }) => movementsApi.get(id, signal),
    enabled: validId,
  });

  return (
    <RecordQueryResult
      query={movement}
      validId={validId}
      notFoundTitle="Movimento não encontrado"
      onBack={back}
    >
      {(row) => {
        const view = movementView(row, row.unitDecimals);
        const link = (other: number) => (
          <Link to={`${basePath}/${other}`} state={location.state}>
            movimento #{other}
          </Link>
        );

        return (
          <Flex vertical gap={16}>
            <Flex justify="space-between" align="center" gap={12} wrap>
              <div>
                <Typography.Text type="secondary">Movimentação de Estoque</Typography.Text>
                <Typography.Title level={2} style={{ margin: 0 }}>
                  {stockMovementTypeLabels[row.type]} #{row.id}
                </Typography.Title>
              </div>
              <Flex gap={8} wrap>
                <Button onClick={back}>Voltar</Button>
                {canReverse && canBeReversed(row) && <ReverseButton id={row.id} />}
              </Flex>
            </Flex>
            <Card>
              <Descriptions
                column={{ xs: 1, md: 2 }}
                items={[
                  { key: 'date', label: 'Data', children: view.date },
                  { key: 'item', label: 'Item', children: view.item },
                  ...(view.from ? [{ key: 'from', label: 'De', children: view.from }] : []),
                  ...(view.to ? [{ key: 'to', label: 'Para', children: view.to }] : []),
                  { key: 'quantity', label: 'Quantidade', children: view.quantity },
                  { key: 'unitCost', label: 'Custo unitário', children: view.unitCost },
                  { key: 'value', label: 'Valor', children: formatBRL(row.value) },
                  { key: 'origin', label: 'Origem', children: view.origin },
                  { key: 'user', label: 'Usuário', children: view.user || '—' },
                  {
                    key: 'createdAt',
                    label: 'Lançado em',
                    children: formatDateTime(row.createdAt),
                  },
                  ...(view.state.kind === 'reversed'
                    ? [
                        {
                          key: 'state',
                          label: 'Situação',
                          // A span: the cell is a flex box, which would drop the space before the link.
                          children: <span>Estornado pelo {link(view.state.by)}</span>,
                        },
                      ]
                    : view.state.kind === 'reversal'
                      ? [
                          {
                            key: 'state',
                            label: 'Situação',
                            children: <span>Estorno do {link(view.state.of)}</span>,
                          },
                        ]
                      : reversedThroughDocument(row)
                        ? [
                            {
                              key: 'state',
                              label: 'Estorno',
                              children: messages.stock.reverseThroughDocument,
                            },
                          ]
                        : []),
                  {
                    key: 'notes',
                    label: 'Observações',
                    children: row.notes ?? '—',
                    span: 'filled',
                  },
                ]}
              />
            </Card>
          </Flex>
        );
      }}
    </RecordQueryResult>
  );
}
