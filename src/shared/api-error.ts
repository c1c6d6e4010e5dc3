import type { ErrorCode } from './error-codes.js';

/** The body of every error the API answers (DOMAIN §1). */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, string>;
    /** What the user needs as a list (every material short: required, available, missing). */
    details?: Record<string, unknown>[];
    requestId: string;
  };
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AuditEntry {
  id: number;
  at: string;
  userId: number | null;
  userName: string | null;
  entity: string;
  entityId: string;
  action: string;
  /**
   * Field → before and after. A document's lines field (`items`) holds, in `from`, the lines
   * removed and the old values of the lines changed, and in `to`, the lines added and the new
   * values of the lines changed, each an AuditLine.
   */
  changes: Record<string, { from: unknown; to: unknown }>;
}

/** One line of a document in an audit entry: its id, its place on the document ("Item 2"), and values. */
export interface AuditLine {
  id: number;
  position: number;
  [field: string]: unknown;
}
