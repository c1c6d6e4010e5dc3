/**
 * A benchmark's HTTP side: signing in, and autocannon runs that time every response (autocannon
 * reports no p95) and count answers by status.
 */
import { createRequire } from 'node:module';

export const ADMIN = { email: 'bench@fabril.local', password: 'senha-do-benchmark-1' };

// As the SPA sends them: the token, and the XSRF cookie and header a browser holds after its first
// page (without the cookie every answer would also carry a new Set-Cookie).
export const headersFor = (token: string) => ({
  authorization: `Bearer ${token}`,
  cookie: 'XSRF-TOKEN=bench',
  'x-xsrf-token': 'bench',
});

// autocannon ships no types; these are the parts used here.
interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
}
interface AutocannonRequest {
  method?: string;
  path?: string;
  body?: string;
  headers?: Record<string, string>;
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on: (
    event: 'response',
    listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
  ) => void;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  requests?: (AutocannonRequest & {
    setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  })[];
}) => AutocannonInstance;

export async function login(base: string) {
  const response = await fetch(`${base}/api/v1/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headersFor('') },
    body: JSON.stringify(ADMIN),
  });
  if (response.status !== 200)
    throw new Error(`login: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : NaN;

export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

export interface LoadResult {
  /** Answers per second over the run. */
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  count: number;
  /** Answers by HTTP status. */
  statuses: Map<number, number>;
  /** Connection errors and timeouts. */
  errors: number;
  seconds: number;
}

export const countOf = (result: LoadResult, test: (status: number) => boolean) =>
  [...result.statuses].reduce((sum, [status, count]) => sum + (test(status) ? count : 0), 0);

/**
 * Runs autocannon against `base` for `duration` seconds with `connections` connections, each
 * request from `next()` (a path, or a request with method and body).
 */
export async function load(options: {
  base: string;
  token: string;
  connections: number;
  duration: number;
  next: () => AutocannonRequest;
}): Promise<LoadResult> {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  const instance = autocannon({
    url: options.base,
    connections: options.connections,
    duration: options.duration,
    headers: headersFor(options.token),
    requests: [
      {
        setupRequest: (request) => {
          const next = options.next();
          const json: Record<string, string> =
            next.body === undefined ? {} : { 'content-type': 'application/json' };
          return { ...request, ...next, headers: { ...headersFor(options.token), ...json } };
        },
      },
    ],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime);
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    perSecond: times.length / result.duration,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    count: times.length,
    statuses,
    errors: result.errors + result.timeouts,
    seconds: result.duration,
  };
}

export interface ReadMeasurement extends LoadResult {
  /** p50/p95 with a single connection: what one user waits, without queueing. */
  alone: { p50: number; p95: number };
  /** Answers other than 2xx, connection errors and timeouts, in both runs. */
  failures: number;
}

const non2xx = (result: LoadResult) => countOf(result, (status) => status < 200 || status > 299);

/** A read at `connections` connections for `duration` s (after a 2 s warm-up), then alone for 3 s. */
export async function measureRead(options: {
  base: string;
  token: string;
  connections: number;
  duration: number;
  nextPath: () => string;
}): Promise<ReadMeasurement> {
  const { base, token, connections, duration } = options;
  const next = () => ({ path: options.nextPath() });
  await load({ base, token, connections, duration: 2, next }); // warm-up: JIT, caches, pool
  const result = await load({ base, token, connections, duration, next });
  const alone = await load({ base, token, connections: 1, duration: 3, next });
  return {
    ...result,
    alone: { p50: alone.p50, p95: alone.p95 },
    failures: non2xx(result) + result.errors + non2xx(alone) + alone.errors,
  };
}

/** One GET, timed from the request to the last byte. */
export async function timeGet(base: string, token: string, requestPath: string) {
  const started = performance.now();
  const response = await fetch(`${base}${requestPath}`, { headers: headersFor(token) });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${requestPath}: ${response.status}`);
  return performance.now() - started;
}
