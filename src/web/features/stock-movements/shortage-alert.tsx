import { Alert } from 'antd';
import { shortageLine, type Shortage } from './shortage-text.js';

/**
 * The answer to a movement beyond the balance (422 INSUFFICIENT_STOCK): DOMAIN's message, and
 * every item short with what is there, what was asked and what is missing.
 */
export function ShortageAlert({
  message,
  shortages,
  decimals,
  onClose,
}: {
  message: string;
  shortages: readonly Shortage[];
  /** The places of the item's unit. */
  decimals: number;
  onClose: () => void;
}) {
  return (
    <Alert
      type="error"
      showIcon
      title={message}
      data-testid="shortage-alert"
      closable={{ onClose }}
      description={
        shortages.length > 0 && (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {shortages.map((shortage) => (
              <li key={`${shortage.item}|${shortage.location}`}>
                {shortageLine(shortage, decimals)}
              </li>
            ))}
          </ul>
        )
      }
    />
  );
}
