import { ErrorCode } from '../../shared/error-codes.js';
import { messages } from '../../shared/messages.js';
import { loginPath, paths } from './paths.js';
import { apiErrorFrom, ApiError, NetworkError } from './api-error.js';
import { authStorage } from './auth-storage.js';
import { currentPath, navigateTo } from './navigation.js';
import { saveBlob } from './save-blob.js';
import { createSubmissionKeys, submissionIdentity } from './submission-keys.js';
import { toast } from './toast.js';

/**
 * The one HTTP client of the app (ARCHITECTURE "Patterns"): it adds the token, the CSRF header
 * and a POST's Idempotency-Key, turns a 401 into a sign-out and a trip to the login page with
 * `returnUrl`, a 403 into /access-denied, and any other error into a toast with the request id,
 * so pages never repeat it.
 */
export const API_PREFIX = '/api/v1';

export type QueryValue = string | number | boolean | null | undefined;

interface RequestOptions {
  /**
   * Errors the caller shows itself (next to the fields, in an Alert): `true` for all of them, or
   * the statuses it handles (e.g. `[400, 409]`); any other error still gets the toast.
   */
  silent?: true | readonly number[];
  /** Sign-in: no token is sent, and a 401 is the answer "wrong credentials", not an expiry. */
  anonymous?: boolean;
  /** Sign-out: the token is sent, and a 401 only means the session had already ended. */
  endingSession?: boolean;
  /** `false` for background reads (the footer) that just go without data when not allowed. */
  redirectOnForbidden?: boolean;
  /** Appended as the query string; null, undefined and '' are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * A POST's `Idempotency-Key`: by default one per submission (lib/submission-keys.ts), so a
   * double click or a retry after a lost answer acts once on the server; a caller that keeps its
   * own key across calls gives it here. `false` sends none. Uploads and the sign-in carry none.
   */
  idempotencyKey?: string | false;
}

/** Pseudo-status of a request that got no answer, so `silent` lists can name it too. */
const NO_ANSWER = 0;

const submissionKeys = createSubmissionKeys();

/** The POST's submission (its identity and key), or null when it carries no key. */
function submissionOf(method: Method, url: string, body: unknown, options: RequestOptions) {
  if (method !== 'POST' || options.anonymous || body instanceof FormData) return null;
  if (options.idempotencyKey === false) return null;
  const identity = submissionIdentity(buildUrl(url, options.query), body);
  return { identity, key: options.idempotencyKey ?? submissionKeys.keyFor(identity) };
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * The server sets the cookie on any answer that arrives without it, index.html included; when
 * the page did not come from the API server (the Vite dev server) or the cookie was cleared
 * since, one cheap GET gets it before the first mutating request.
 */
async function xsrfToken(): Promise<string | null> {
  const current = readCookie('XSRF-TOKEN');
  if (current) return current;
  try {
    await fetch(`${API_PREFIX}/health`, { credentials: 'same-origin' });
  } catch {
    // The request itself will fail the same way and report it.
  }
  return readCookie('XSRF-TOKEN');
}

function isSilent(options: RequestOptions, status: number): boolean {
  if (options.silent === true) return true;
  return options.silent?.includes(status) ?? false;
}

function buildUrl(url: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return `${API_PREFIX}${url}${search ? (url.includes('?') ? '&' : '?') + search : ''}`;
}

/** The error of a failed answer; its body may not be JSON (a proxy's page). */
async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  return apiErrorFrom(response.status, body, response.headers.get('x-request-id'));
}

/** A CSRF refusal is a 403 too, but the user is allowed: reloading fixes it, no 401 page. */
function isCsrfRefusal(error: ApiError): boolean {
  return /csrf|xsrf/i.test(error.code) || error.message === messages.errors.csrf;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Sends one request and answers the successful Response; every failure is handled here (401,
 * 403, the toast) and thrown. A FormData body goes out as multipart, anything else as JSON.
 */
async function send(
  method: Method,
  url: string,
  body: unknown,
  options: RequestOptions = {},
  accept = 'application/json',
): Promise<Response> {
  // Before the first await: a second click's identical POST must find this one's key.
  const submission = submissionOf(method, url, body, options);
  const headers: Record<string, string> = { Accept: accept };
  if (submission) headers['Idempotency-Key'] = submission.key;
  const multipart = body instanceof FormData;
  // The browser sets the multipart Content-Type itself, boundary included.
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  const token = authStorage.getToken();
  if (token && !options.anonymous) headers.Authorization = `Bearer ${token}`;
  if (method !== 'GET') {
    // Read at request time: the cookie may have been set or replaced since the page loaded.
    const xsrf = await xsrfToken();
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(url, options.query), {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    // A cancelled query is not a failure anyone needs to hear about.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = new NetworkError(messages.errors.network, { cause });
    if (!isSilent(options, NO_ANSWER)) toast.error(error.message);
    throw error;
  }

  if (response.ok) {
    if (submission) submissionKeys.answered(submission.identity, submission.key, 'done');
    return response;
  }

  const error = await toApiError(response);
  if (submission) {
    const refused = error.status < 500 && !error.is(ErrorCode.IDEMPOTENCY_IN_PROGRESS);
    submissionKeys.answered(submission.identity, submission.key, refused ? 'refused' : 'unknown');
  }
  if (response.status === 401 && !options.anonymous && !options.endingSession) {
    authStorage.clear();
    navigateTo(loginPath(currentPath()));
    throw error;
  }
  if (response.status === 403 && !isCsrfRefusal(error)) {
    if (options.redirectOnForbidden !== false) navigateTo(paths.accessDenied);
    throw error;
  }
  if (!isSilent(options, response.status)) toast.error(error.message, error.requestId);
  throw error;
}

async function request<T>(
  method: Method,
  url: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(method, url, body, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** `attachment; filename="clientes.xlsx"` → `clientes.xlsx`. */
function attachmentName(response: Response): string | null {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) return decodeURIComponent(encoded[1]);
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? null;
}

/**
 * A file answer (exports) saved by the browser: fetched with the token like any request, then
 * handed to a temporary link, since a plain link could not carry the Authorization header.
 */
async function download(
  url: string,
  fallbackName: string,
  options: RequestOptions = {},
): Promise<void> {
  const response = await send('GET', url, undefined, options, '*/*');
  saveBlob(await response.blob(), attachmentName(response) ?? fallbackName);
}

export const http = {
  get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, undefined, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', url, body ?? {}, options),
  put: <T>(url: string, body: unknown, options?: RequestOptions) =>
    request<T>('PUT', url, body, options),
  patch: <T>(url: string, body: unknown, options?: RequestOptions) =>
    request<T>('PATCH', url, body, options),
  delete: <T = void>(url: string, options?: RequestOptions) =>
    request<T>('DELETE', url, undefined, options),
  /** multipart/form-data (imports): the file travels as a field of `form`. */
  upload: <T>(url: string, form: FormData, options?: RequestOptions) =>
    request<T>('POST', url, form, options),
  download,
};
