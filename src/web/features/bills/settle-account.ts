/** What the list of active checking accounts says for the choice: how many, and the first ones. */
export interface ActiveAccounts {
  total: number;
  items: readonly { id: number }[];
}

/**
 * The account "Pagar"/"Receber" starts with: the bill's own when it names one; otherwise the only
 * active account when there is just one (a small company's single bank), nothing to pick from
 * but it. With two or more, or while the list is unknown, the clerk chooses.
 */
export function settleAccountOf(
  billAccountId: number | null,
  active: ActiveAccounts | undefined,
): number | undefined {
  if (billAccountId !== null) return billAccountId;
  if (active?.total === 1) return active.items[0]?.id;
  return undefined;
}
