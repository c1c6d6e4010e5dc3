import { Card, Flex, Typography } from 'antd';
import { formatBRL } from '../../shared/money.js';

/**
 * What a document list's filter adds up to over every page ("Total das notas do filtro"), between
 * the filters and the table; "—" until the list has answered. Its figure shrinks with a phone's
 * width instead of wrapping.
 */
export function FilterTotal({
  label,
  total,
  testId,
}: {
  label: string;
  /** The decimal total, or undefined while the list is read. */
  total: string | undefined;
  testId: string;
}) {
  return (
    <Flex gap={12} wrap data-testid={testId}>
      <Card size="small" style={{ flex: '0 1 auto' }}>
        <Typography.Text type="secondary">{label}</Typography.Text>
        <div style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text strong style={{ fontSize: 'clamp(15px, 4.4vw, 20px)' }}>
            {total === undefined ? '—' : formatBRL(total)}
          </Typography.Text>
        </div>
      </Card>
    </Flex>
  );
}
