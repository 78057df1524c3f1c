import { describe, expect, it } from 'vitest';
import { decodeJwt, readClaims, secondsUntilExpiry } from '../../../src/lib/jwt';
import { makeJwt } from '../support/tokens';

describe('decodeJwt', () => {
  it('returns the header and the payload without verifying', async () => {
    const token = await makeJwt({ sub: 'auth0|1', name: '山田' }, { expiresAt: Date.UTC(2026, 0, 1) });
    const { header, payload } = decodeJwt(token);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT', kid: 'test' });
    expect(payload).toMatchObject({ sub: 'auth0|1', name: '山田', exp: Date.UTC(2026, 0, 1) / 1000 });
  });

  it('throws on a malformed token; readClaims gives undefined', () => {
    expect(() => decodeJwt('nope')).toThrow();
    expect(readClaims('nope')).toBeUndefined();
    expect(readClaims(undefined)).toBeUndefined();
  });
});

describe('secondsUntilExpiry', () => {
  it('counts down to exp and goes negative after it', () => {
    const exp = 1_800_000_000;
    expect(secondsUntilExpiry({ exp }, exp * 1000 - 3_600_000)).toBe(3600);
    expect(secondsUntilExpiry({ exp }, exp * 1000)).toBe(0);
    expect(secondsUntilExpiry({ exp }, exp * 1000 + 1500)).toBe(-2);
  });

  it('is undefined without exp', () => {
    expect(secondsUntilExpiry({}, 0)).toBeUndefined();
  });
});
