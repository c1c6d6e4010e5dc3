/**
 * The stock benchmark's HTTP side: signing in, and autocannon runs that time every response
 * (autocannon reports no p95) and count answers by status.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

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

/** The embedded PostgreSQL's URL: credentials beside the data, port in postmaster.pid (line 4). */
export function embeddedUrl(dataDir: string) {
  const credentials = JSON.parse(
    fs.readFileSync(path.join(dataDir, 'pg-credentials.json'), 'utf8'),
  ) as { user: string; password: string };
  const port = fs.readFileSync(path.join(dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[3];
  return `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/fabril`;
}

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

/** One GET, timed from the request to the last byte. */
export async function timeGet(base: string, token: string, requestPath: string) {
  const started = performance.now();
  const response = await fetch(`${base}${requestPath}`, { headers: headersFor(token) });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${requestPath}: ${response.status}`);
  return performance.now() - started;
}
