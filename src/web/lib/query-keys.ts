/**
 * Every TanStack Query key comes from here, so that invalidating "all of clients" or "the
 * company" names the same array the screens used to read it.
 */
export type ListParams = Record<string, string | number | boolean | null | undefined>;

/** Keys of one API resource (`clients`, `brands`, …): lists by their parameters, rows by id. */
export function resourceKeys(resource: string) {
  return {
    all: [resource] as const,
    lists: () => [resource, 'list'] as const,
    list: (params: ListParams) => [resource, 'list', params] as const,
    details: () => [resource, 'detail'] as const,
    detail: (id: number | string) => [resource, 'detail', String(id)] as const,
    audit: (id: number | string) => [resource, 'audit', String(id)] as const,
  };
}

export const queryKeys = {
  account: {
    me: () => ['account', 'me'] as const,
  },
  company: {
    detail: () => ['company'] as const,
    /** The footer's facts (GET /company/public), readable by every signed-in user. */
    public: () => ['company', 'public'] as const,
  },
  resource: resourceKeys,
};
