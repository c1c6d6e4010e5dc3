/**
 * The `Idempotency-Key` of each POST the screens send (platform/idempotency.ts on the server,
 * issue 16 §6). One call of `http.post` is one submission and gets a new key, except that the
 * same POST (same path and body) sent again while the first is unanswered, or within 2 seconds of
 * its answer, gets the first's key: a double click that got past a button's guard (the second
 * click may come after a fast answer), or a retry after the connection dropped with the answer,
 * then acts once on the server and gets the same answer.
 *
 * After a success and those 2 seconds, the next identical POST is a new submission: the clerk
 * really enters the same movement twice. After a refusal (4xx) it is new at once: the refusal
 * changed nothing, so sending again acts at most once, and a retry after fixing the cause must
 * not get the old refusal back ("Iniciar" refused for a shortage, the material bought a second
 * later, "Iniciar" again). After no answer, a 5xx (a proxy's 502/504 may hide a request that ran)
 * or "still running" (409 IDEMPOTENCY_IN_PROGRESS) the key is kept for a retry, for at most 12
 * hours: the server keeps answers 24.
 */
interface SubmissionKeys {
  /** The key for this POST: the unanswered identical one's, or a new one. */
  keyFor: (identity: string) => string;
  /** The server answered `key`'s request: it was done, refused, or may still have run. */
  answered: (identity: string, key: string, outcome: SubmissionOutcome) => void;
}

type SubmissionOutcome = 'done' | 'refused' | 'unknown';

const KEPT_MS = 12 * 60 * 60 * 1000;
/** How long after its answer a submission's key still catches a double click's second POST. */
const SETTLE_MS = 2000;
/** Submissions remembered at most (the oldest are forgotten first). */
const MAX_KEPT = 100;

export function createSubmissionKeys(
  now: () => number = Date.now,
  newKey: () => string = randomKey,
): SubmissionKeys {
  const recent = new Map<string, { key: string; since: number; answeredAt?: number }>();
  const current = (entry: { since: number; answeredAt?: number }) =>
    entry.answeredAt === undefined
      ? now() - entry.since < KEPT_MS
      : now() - entry.answeredAt < SETTLE_MS;
  return {
    keyFor: (identity) => {
      const kept = recent.get(identity);
      if (kept && current(kept)) return kept.key;
      const key = newKey();
      recent.delete(identity);
      recent.set(identity, { key, since: now() });
      while (recent.size > MAX_KEPT) recent.delete(recent.keys().next().value!);
      return key;
    },
    answered: (identity, key, outcome) => {
      const kept = recent.get(identity);
      if (kept?.key !== key) return;
      if (outcome === 'refused') recent.delete(identity);
      else if (outcome === 'done') kept.answeredAt ??= now();
    },
  };
}

/** What makes two POSTs the same submission: where they go and what they send. */
export function submissionIdentity(url: string, body: unknown): string {
  return `${url}\n${JSON.stringify(body)}`;
}

/**
 * A random UUID (v4). `crypto.randomUUID` exists only in secure contexts, and the app is often
 * opened over plain HTTP on the factory's network; `getRandomValues` exists everywhere.
 */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
