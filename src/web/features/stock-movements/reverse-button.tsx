import { RollbackOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { messages } from '../../../shared/messages.js';
import { useSingleSubmit } from '../../components/use-single-submit.js';
import { toast } from '../../lib/toast.js';
import { useReverseMovement } from './api.js';
import { ConfirmPopover } from '../../components/confirm-popover.js';

/**
 * "Estornar": after a confirmation, writes the opposite movement, dated today. A refusal (already
 * reversed by someone else, not enough stock left to take back, a closed period) is the HTTP
 * client's toast with the server's message; the list is read again either way.
 */
export function ReverseButton({ id, compact = false }: { id: number; compact?: boolean }) {
  const submitOnce = useSingleSubmit();
  const reverse = useReverseMovement(id, {
    onSuccess: () => toast.success(messages.stock.reversed),
  });

  return (
    // The row opens the movement: a click on the button or in the confirmation stays here.
    <span onClick={(event) => event.stopPropagation()}>
      <ConfirmPopover
        title={messages.stock.reverseConfirm}
        description={messages.stock.reverseExplained}
        okText="Estornar movimento"
        okButtonProps={{ danger: true }}
        onConfirm={() => submitOnce(() => reverse.mutateAsync())}
      >
        <Button
          size="small"
          icon={<RollbackOutlined aria-hidden />}
          loading={reverse.isPending}
          aria-label={compact ? 'Estornar' : undefined}
          data-testid="reverse-button"
        >
          {compact ? null : 'Estornar'}
        </Button>
      </ConfirmPopover>
    </span>
  );
}
