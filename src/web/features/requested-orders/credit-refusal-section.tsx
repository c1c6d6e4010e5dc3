import { useState } from 'react';
import type { RequestedOrderDetail } from '../../../shared/resources/requested-orders.js';
import { CreditRefusalPanel } from './credit-refusal-panel.js';
import { CreditReleaseDialog } from './credit-release-dialog.js';
import { creditRefusalOf, isCreditRefusal, type CreditRefusal } from './credit-refusal.js';

/**
 * The order page's credit refusal: `barProps` go to its DocumentActionBar, which then leaves the
 * credit gate's refusals to CreditRefusalSection and forgets one once another action is tried.
 */
export function useCreditRefusal() {
  const [refusal, setRefusal] = useState<CreditRefusal | null>(null);
  return {
    refusal,
    clear: () => setRefusal(null),
    barProps: {
      shownByCaller: isCreditRefusal,
      onSettled: (action: string, error: unknown) => setRefusal(creditRefusalOf(action, error)),
    },
  };
}

/** The refusal under the action bar and, when asked, the dialog that releases the credit. */
export function CreditRefusalSection({
  order,
  credit,
}: {
  order: RequestedOrderDetail;
  credit: ReturnType<typeof useCreditRefusal>;
}) {
  const [releasing, setReleasing] = useState(false);
  if (!credit.refusal) return null;
  return (
    <>
      <CreditRefusalPanel
        refusal={credit.refusal}
        onRelease={() => setReleasing(true)}
        onClose={credit.clear}
      />
      {releasing && (
        <CreditReleaseDialog
          order={order}
          action={credit.refusal.action}
          onClose={() => setReleasing(false)}
          onReleased={() => {
            setReleasing(false);
            credit.clear();
          }}
        />
      )}
    </>
  );
}
