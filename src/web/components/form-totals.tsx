import { Flex, Typography } from 'antd';
import { formatBRL } from '../../shared/money.js';

/** One figure of a form's totals: "Frete R$ 12,50"; `negative` shows it taken off ("− R$ 2,00"). */
export interface FormTotalPart {
  label: string;
  /** A decimal amount ("12.50"). */
  value: string;
  testId: string;
  negative?: boolean;
}

/**
 * What a document's form adds up to as it is typed: its parts (Itens, Frete, Desconto) and the
 * total in bold last, right-aligned and wrapping on a phone. The caller computes the figures from
 * the form's values (a pure function of its feature).
 */
export function FormTotals({
  parts,
  total,
  testId,
  totalTestId,
}: {
  parts: readonly FormTotalPart[];
  total: string;
  testId: string;
  totalTestId: string;
}) {
  return (
    // Set apart from what is above it (a note, the lines).
    <Flex gap={24} wrap justify="flex-end" style={{ marginTop: 12 }} data-testid={testId}>
      {parts.map((part) => (
        <Flex key={part.testId} vertical align="flex-end" data-testid={part.testId}>
          <Typography.Text type="secondary">{part.label}</Typography.Text>
          <Typography.Text>
            {part.negative ? `− ${formatBRL(part.value)}` : formatBRL(part.value)}
          </Typography.Text>
        </Flex>
      ))}
      <Flex vertical align="flex-end" data-testid={totalTestId}>
        <Typography.Text type="secondary">Total</Typography.Text>
        <Typography.Text strong style={{ fontSize: 20 }}>
          {formatBRL(total)}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
