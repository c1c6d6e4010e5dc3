import type { UserToken } from '../../shared/resources/account.js';

/**
 * The session lives in localStorage (DOMAIN §11): `token` holds the access token as text and
 * `user` the UserToken as JSON; signed in means a token is stored. Components read it through
 * `useSession`, which subscribes here, so a sign-in, a sign-out or a 401 re-renders the shell.
 */
const TOKEN_KEY = 'token';
const USER_KEY = 'user';

export interface Session {
  token: string | null;
  user: UserToken | null;
}

function readUser(): UserToken | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as UserToken;
  } catch {
    // A hand-edited or corrupted entry must not crash the app; the next /account/me restores it.
    return null;
  }
}

function read(): Session {
  const token = localStorage.getItem(TOKEN_KEY);
  return { token: token || null, user: token ? readUser() : null };
}

// useSyncExternalStore needs the same object until something changes, so the snapshot is cached.
let snapshot: Session = read();
const listeners = new Set<() => void>();

function changed(): void {
  snapshot = read();
  listeners.forEach((listener) => listener());
}

// Another tab signing in or out changes what this tab may do.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) changed();
});

export const authStorage = {
  getSession: (): Session => snapshot,
  getToken: (): string | null => snapshot.token,
  getUser: (): UserToken | null => snapshot.user,

  signIn(token: string, user: UserToken): void {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    changed();
  },

  setUser(user: UserToken): void {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    changed();
  },

  clear(): void {
    if (localStorage.getItem(TOKEN_KEY) === null && localStorage.getItem(USER_KEY) === null) return;
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    changed();
  },

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
