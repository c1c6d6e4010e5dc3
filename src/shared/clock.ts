/**
 * The one clock of the business dates: the day an invoice is issued, goods received, a bill paid
 * (todayInSaoPaulo's default) and the instants kept as business facts (an NF-e's dhEmi, an
 * invoice's cancellation, a production order's start and end). Bookkeeping timestamps
 * (created_at, audit, sessions, token expiry) keep reading the real time.
 *
 * Only the demo company (src/server/demo) moves it, so that it can live a past year day by day
 * through the same services as the screens; nothing reachable from HTTP or the environment sets
 * it, and the demo puts it back before a server answers (docs/decisions.md).
 */
let offsetMs = 0;

/** Now, as the business dates see it: the real time unless the demo set the clock. */
export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

/**
 * For the demo runner only: from now on `now()` reads `at` and ticks forward from there; `null`
 * goes back to the real time.
 */
export function setDemoClock(at: Date | null): void {
  offsetMs = at === null ? 0 : at.getTime() - Date.now();
}
