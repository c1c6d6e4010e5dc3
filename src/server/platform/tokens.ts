import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/connection.js';
import { BoundedCache } from './bounded-cache.js';

const ISSUER = 'fabril';
const LIFETIME = '12h';

export interface TokenService {
  sign: (userId: number) => Promise<string>;
  /** The user id of a valid token, or null. */
  verify: (token: string) => Promise<number | null>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  // A token's signature and expiry never change, so each is checked once per process; what can
  // change (the user still active, the role's permissions) is read on every request anyway.
  const verified = new BoundedCache<{ userId: number; expiresAt: number }>(10_000);
  return {
    sign: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(LIFETIME)
        .sign(key),
    verify: async (token) => {
      const known = verified.get(token);
      if (known) return known.expiresAt > Date.now() ? known.userId : null;
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const id = Number(payload.sub);
        if (!Number.isInteger(id) || id <= 0 || !payload.exp) return null;
        verified.set(token, { userId: id, expiresAt: payload.exp * 1000 });
        return id;
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
