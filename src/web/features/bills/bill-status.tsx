import { Flex, Tag } from 'antd';
import { billMachine, type BillStatus } from '../../../shared/resources/bills.js';

const statusColors: Record<BillStatus, string | undefined> = {
  OPEN: 'blue',
  PARTIALLY_PAID: 'gold',
  PAID: 'green',
  CANCELLED: undefined,
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
      <Tag color={statusColors[bill.status]} style={{ marginInlineEnd: 0 }}>
        {billMachine.label(bill.status)}
      </Tag>
      {bill.overdue && (
        <Tag color="red" style={{ marginInlineEnd: 0 }}>
          Vencida
        </Tag>
      )}
    </Flex>
  );
}
