import type { ApiErrorBody } from '../../shared/api-error.js';
import {
  ErrorCode,
  type OverpaymentDetail,
  type StockShortageDetail,
} from '../../shared/error-codes.js';
import { messages } from '../../shared/messages.js';
import type {
  CreditLimitDetail,
  OverdueReceivableDetail,
} from '../../shared/resources/requested-orders.js';

const knownCodes = new Set<string>(Object.values(ErrorCode));
const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && knownCodes.has(code);

/** The rows of `details` for the codes that carry a list. */
interface DetailsByCode {
  INSUFFICIENT_STOCK: StockShortageDetail;
  OVERPAYMENT: OverpaymentDetail;
  CREDIT_LIMIT: CreditLimitDetail;
  OVERDUE_RECEIVABLES: OverdueReceivableDetail;
}

type DetailsOf<C extends ErrorCode> = C extends keyof DetailsByCode
  ? DetailsByCode[C][]
  : Record<string, unknown>[];

/** An error answer of the API, typed after its body so pages can show fields, lists and the request id. */
export class ApiError extends Error {
  readonly status: number;
  /** Always a code of the shared catalogue: screens compare with its constants, never with the message. */
  readonly code: ErrorCode;
  readonly fields: Record<string, string>;
  /** What the user needs as a list (every material short); empty when the answer has none. */
  readonly details: Record<string, unknown>[];
  readonly requestId: string | undefined;

  constructor(status: number, body: ApiErrorBody['error']) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.fields = body.fields ?? {};
    this.details = body.details ?? [];
    this.requestId = body.requestId;
  }

  /**
   * Whether the answer has this code, with `details` typed after it:
   * `if (error.is(ErrorCode.INSUFFICIENT_STOCK)) error.details.map((short) => short.item)`.
   */
  is<C extends ErrorCode>(code: C): this is ApiError & { code: C; details: DetailsOf<C> } {
    return this.code === code;
  }
}

/** The request never got an answer (offline, server down, CORS): there is no status to show. */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/** What an answer without the API's body (a proxy's page, a crash) says, by status. */
const fallbacks: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: ErrorCode.VALIDATION, message: messages.errors.badRequest },
  401: { code: ErrorCode.UNAUTHORIZED, message: messages.errors.unauthorized },
  403: { code: ErrorCode.FORBIDDEN, message: messages.errors.forbidden },
  404: { code: ErrorCode.NOT_FOUND, message: messages.errors.notFound },
  409: { code: ErrorCode.STALE_VERSION, message: messages.errors.staleVersion },
  429: { code: ErrorCode.TOO_MANY_REQUESTS, message: messages.errors.tooManyAttempts },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** `fields` as the form can use it: only text messages. */
function fieldsOf(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/**
 * The error of one answer from its status, its parsed JSON body (undefined when it was not
 * JSON) and its `x-request-id` header. The API always answers `{ error }`; a proxy or a crashed
 * server may not, and then the status's generic message is shown.
 */
export function apiErrorFrom(
  status: number,
  body: unknown,
  requestIdHeader: string | null,
): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const fallback = fallbacks[status] ?? {
    code: ErrorCode.INTERNAL,
    message: messages.errors.internal,
  };
  const requestId =
    typeof error?.requestId === 'string' && error.requestId !== ''
      ? error.requestId
      : (requestIdHeader ?? '');
  if (!error || typeof error.message !== 'string')
    return new ApiError(status, { ...fallback, requestId });
  return new ApiError(status, {
    // A code the catalogue does not know (another server, a proxy) reads as the status's.
    code: isErrorCode(error.code) ? error.code : fallback.code,
    message: error.message,
    fields: fieldsOf(error.fields),
    details: Array.isArray(error.details) ? error.details.filter(isRecord) : [],
    requestId,
  });
}
