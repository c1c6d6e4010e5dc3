import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/connection.js';
import { BoundedCache } from './bounded-cache.js';

const ISSUER = 'fabril';
/** A session id as PostgreSQL's gen_random_uuid() writes it. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An access token names one session (its `sub`) and expires with it. Whether the session is still
 * open, and its user active, is read on every request (platform/signed-in-users.ts): the token
 * alone never authorises.
 */
export interface TokenService {
  sign: (sessionId: string, expiresAt: Date) => Promise<string>;
  /** The session id of a token with a valid signature and expiry, or null. */
  verify: (token: string) => Promise<string | null>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  // A token's signature and expiry never change, so each is checked once per process; what can
  // change (the session ended, the user inactive, the role's permissions) is read on every request.
  const verified = new BoundedCache<{ sessionId: string; expiresAt: number }>(10_000);
  return {
    sign: (sessionId, expiresAt) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sessionId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    verify: async (token) => {
      const known = verified.get(token);
      if (known) return known.expiresAt > Date.now() ? known.sessionId : null;
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const sessionId = payload.sub;
        if (!sessionId || !SESSION_ID.test(sessionId) || !payload.exp) return null;
        verified.set(token, { sessionId, expiresAt: payload.exp * 1000 });
        return sessionId;
      } catch {
        return null;
      }
    },
  };
}

/**
 * `JWT_SECRET` when set; otherwise a secret generated on the first start and kept in the
 * database, so every server process of one database signs and accepts the same tokens.
 */
export async function resolveJwtSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('settings')
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'jwt_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}
