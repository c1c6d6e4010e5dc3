/** The body of every error the API answers (DOMAIN §1). */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
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
  changes: Record<string, { from: unknown; to: unknown }>;
}
