import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens.js';

const secret = 'a-test-secret-long-enough-for-hs256-signatures';

describe('access tokens', () => {
  it('accepts its own tokens, again and again, and rejects tampered or foreign ones', async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.sign(42);
    expect(await tokens.verify(token)).toBe(42);
    expect(await tokens.verify(token)).toBe(42);
    expect(await tokens.verify(`${token.slice(0, -2)}xx`)).toBeNull();
    const other = await createTokenService('another-secret-that-is-long-enough-1').sign(42);
    expect(await tokens.verify(other)).toBeNull();
  });

  it('rejects an expired token, also after it was verified while still valid', async () => {
    const tokens = createTokenService(secret);
    const key = new TextEncoder().encode(secret);
    const soon = Math.floor(Date.now() / 1000) + 1;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('fabril')
      .setExpirationTime(soon)
      .sign(key);
    expect(await tokens.verify(token)).toBe(7);
    await new Promise((resolve) => setTimeout(resolve, soon * 1000 - Date.now() + 50));
    expect(await tokens.verify(token)).toBeNull();
  });
});
