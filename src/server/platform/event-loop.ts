import { setImmediate } from 'node:timers/promises';

/**
 * For long loops on the server's only thread (reading a spreadsheet, checking its rows): call the
 * returned function as the loop goes; once `budgetMs` of work has passed it waits for the event
 * loop to come round, so other requests are answered in between rather than after the loop.
 */
export function yieldEvery(budgetMs = 5): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await setImmediate();
    since = performance.now();
  };
}
