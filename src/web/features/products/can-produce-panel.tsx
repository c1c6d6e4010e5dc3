import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Table, Typography } from 'antd';
import type { CanProduce } from '../../../shared/resources/products.js';
import { http } from '../../lib/http.js';
import { queryKeys } from '../../lib/query-keys.js';
import { storedQuantityText } from './product-lines-values.js';

type Location = CanProduce['items'][number];
type Material = Location['limitedBy'][number];

const quantityText = (value: string, unitCode: string) =>
  `${storedQuantityText(value)} ${unitCode}`;

const materialText = (material: Material) =>
  `${material.feedstockCode} – ${material.feedstockName}: há ${quantityText(material.available, material.unitCode)}, ` +
  `cada unidade usa ${quantityText(material.perUnit, material.unitCode)}`;

/**
 * "Pode produzir agora" (DOMAIN §3): for each stock location, the whole units its stock allows
 * and the materials that stop it there, always from the current balances.
 */
export function CanProducePanel({ productId, hasLines }: { productId: number; hasLines: boolean }) {
  const result = useQuery({
    queryKey: [...queryKeys.resource('products').detail(productId), 'can-produce'],
    queryFn: ({ signal }) =>
      http.get<CanProduce>(`/products/${productId}/can-produce`, { signal, silent: [422] }),
    enabled: hasLines,
    refetchOnMount: 'always',
  });

  return (
    <Card title="Pode produzir agora" data-testid="can-produce">
      {!hasLines ? (
        <Typography.Text type="secondary">
          Salve a ficha técnica para ver quantas unidades o estoque permite produzir.
        </Typography.Text>
      ) : result.isError ? (
        <Alert type="warning" showIcon title={result.error.message} />
      ) : (
        <Table<Location>
          size="small"
          rowKey="locationId"
          loading={result.isPending}
          dataSource={result.data?.items ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'Nenhum local de estoque ativo.' }}
          columns={[
            { key: 'location', title: 'Local', dataIndex: 'locationName' },
            {
              key: 'quantity',
              title: 'Unidades',
              dataIndex: 'quantity',
              align: 'right',
              render: (quantity: number) => quantity.toLocaleString('pt-BR'),
            },
            {
              key: 'limitedBy',
              title: 'Material que limita',
              render: (_, location) => (
                <div style={{ minWidth: 220 }}>
                  {location.limitedBy.map((material) => (
                    <div key={material.feedstockId}>{materialText(material)}</div>
                  ))}
                </div>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
