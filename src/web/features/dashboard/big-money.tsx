import { Tooltip } from 'antd';
import { abbreviateBRL } from '../../../shared/abbreviate-brl.js';
import { formatBRL } from '../../../shared/money.js';

/** A big figure abbreviated ("R$ 1,2 M"), the exact value on hover and for screen readers. */
export function BigMoney({ value }: { value: string }) {
  const exact = formatBRL(value);
  const short = abbreviateBRL(value);
  if (short === exact) return <span>{exact}</span>;
  return (
    <Tooltip title={exact}>
      <span aria-label={exact} data-exact={value}>
        {short}
      </span>
    </Tooltip>
  );
}
