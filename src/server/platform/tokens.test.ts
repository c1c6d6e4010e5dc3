import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens.js';

const secret = 'a-test-secret-long-enough-for-hs256-signatures';
const session = '0b6f1c9e-3a52-4d1e-9f57-2f1f0c3f8a11';
const inAnHour = () => new Date(Date.now() + 3_600_000);

describe('access tokens', () => {
  it('accepts its own tokens, again and again, and rejects tampered or foreign ones', async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.sign(session, inAnHour());
    expect(await tokens.verify(token)).toBe(session);
    expect(await tokens.verify(token)).toBe(session);
    expect(await tokens.verify(`${token.slice(0, -2)}xx`)).toBeNull();
    const other = await createTokenService('another-secret-that-is-long-enough-1').sign(
      session,
      inAnHour(),
    );
    expect(await tokens.verify(other)).toBeNull();
  });

  it('rejects a token that names something other than a session', async () => {
    const tokens = createTokenService(secret);
    // A token of the earlier format named the user id: it must not pass for a session.
    const legacy = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('fabril')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));
    expect(await tokens.verify(legacy)).toBeNull();
  });

  it('rejects an expired token, also after it was verified while still valid', async () => {
    const tokens = createTokenService(secret);
    const soon = new Date((Math.floor(Date.now() / 1000) + 1) * 1000);
    const token = await tokens.sign(session, soon);
    expect(await tokens.verify(token)).toBe(session);
    await new Promise((resolve) => setTimeout(resolve, soon.getTime() - Date.now() + 50));
    expect(await tokens.verify(token)).toBeNull();
  });
});
