import { Flex, Tag } from 'antd';
import { billMachine, type BillStatus } from '../../../shared/resources/bills.js';
import type { StatusTone } from '../../components/document-actions.js';
import { DocumentStatusTag } from '../../components/document-status-tag.js';

/** An open bill is live (blue) from the start, unlike a draft; a cancelled one is grey. */
const tones: Record<BillStatus, StatusTone> = {
  OPEN: 'processing',
  PARTIALLY_PAID: 'partial',
  PAID: 'success',
  CANCELLED: 'default',
};

/** The bill's status ("Aberta", "Parcialmente paga"…) and, for an open one past due, "Vencida". */
export function BillStatusTags({
  bill,
  inline = false,
}: {
  bill: { status: BillStatus; overdue: boolean };
  inline?: boolean;
}) {
  return (
    <Flex gap={4} vertical={!inline} wrap align="flex-start" data-testid="bill-status">
      <DocumentStatusTag machine={billMachine} status={bill.status} tones={tones} />
      {bill.overdue && (
        <Tag color="red" style={{ marginInlineEnd: 0 }}>
          Vencida
        </Tag>
      )}
    </Flex>
  );
}
