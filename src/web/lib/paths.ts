import { paths } from '../../shared/paths.js';

export { paths, type AppPath } from '../../shared/paths.js';

/** The login page, remembering where to come back to after signing in. */
export function loginPath(returnUrl?: string): string {
  const target = returnUrl ? safeReturnUrl(returnUrl) : null;
  if (!target || target === paths.home) return paths.login;
  return `${paths.login}?returnUrl=${encodeURIComponent(target)}`;
}

/**
 * A returnUrl is followed only when it is a path of this app: `//host` and `/\host` are read by
 * browsers as another site, and returning to the login page itself would loop.
 */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  if (value === paths.login || value.startsWith(`${paths.login}?`)) return null;
  return value;
}
