import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The signature cache of verifyJwt (server/shared/auth.ts): a token's RSA signature is checked
 * once per key, its claims on every call. Isolated: it counts node:crypto's `verify` through a mock.
 */
const verifyCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof import('node:crypto')>();
  return {
    ...actual,
    verify: (...args: Parameters<typeof actual.verify>) => {
      verifyCalls.count += 1;
      return (actual.verify as (...a: unknown[]) => unknown)(...args);
    },
  };
});

const { verifyJwt } = await import('../../../server/shared/auth');

const ISSUER = 'https://issuer.example/';
const AUDIENCE = 'https://api.example/';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function pair() {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}

function sign(privateKey: KeyObject, claims: Record<string, unknown>): string {
  const unsigned = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(privateKey).toString('base64url');
  return `${unsigned}.${signature}`;
}

const T0 = new Date('2026-11-29T10:00:00.000Z');
const nowSeconds = () => Math.floor(T0.getTime() / 1000);
const claims = (extra: Record<string, unknown> = {}) => ({ iss: ISSUER, aud: AUDIENCE, sub: 'auth0|1', sid: 's1', exp: nowSeconds() + 3600, ...extra });

describe('verifyJwt remembers a verified signature, never a claim', () => {
  beforeEach(() => {
    verifyCalls.count = 0;
  });

  it('checks the same token’s signature once, however often it is presented', () => {
    const { privateKey, publicKey } = pair();
    const token = sign(privateKey, claims());
    const settings = { issuer: ISSUER, audience: AUDIENCE, publicKey, now: () => T0 };
    for (let i = 0; i < 9; i += 1) expect(verifyJwt(token, settings).sub).toBe('auth0|1');
    expect(verifyCalls.count).toBe(1);
  });

  it('still refuses a remembered token once it has expired, or for another issuer or audience', () => {
    const { privateKey, publicKey } = pair();
    const token = sign(privateKey, claims());
    let now = T0;
    const settings = { issuer: ISSUER, audience: AUDIENCE, publicKey, now: () => now };
    verifyJwt(token, settings);
    expect(() => verifyJwt(token, { ...settings, issuer: 'https://other.example/' })).toThrow();
    expect(() => verifyJwt(token, { ...settings, audience: 'https://other-api.example/' })).toThrow();
    now = new Date(T0.getTime() + 3600_000);
    expect(() => verifyJwt(token, settings)).toThrow();
  });

  it('verifies another spelling afresh: the same claims with another signature are refused', () => {
    const { privateKey, publicKey } = pair();
    const token = sign(privateKey, claims());
    const settings = { issuer: ISSUER, audience: AUDIENCE, publicKey, now: () => T0 };
    verifyJwt(token, settings);
    const other = pair();
    const [head, body] = token.split('.');
    const foreign = sign(other.privateKey, claims()).split('.')[2];
    expect(() => verifyJwt(`${head}.${body}.${foreign}`, settings)).toThrow();
    // Never remembered as a failure either: the right token still passes, the wrong one still fails.
    expect(() => verifyJwt(`${head}.${body}.${foreign}`, settings)).toThrow();
    expect(verifyJwt(token, settings).sub).toBe('auth0|1');
  });

  it('keeps keys apart: a token verified under one key is checked again under another, and refused', () => {
    const first = pair();
    const second = pair();
    const token = sign(first.privateKey, claims());
    verifyJwt(token, { issuer: ISSUER, audience: AUDIENCE, publicKey: first.publicKey, now: () => T0 });
    expect(() => verifyJwt(token, { issuer: ISSUER, audience: AUDIENCE, publicKey: second.publicKey, now: () => T0 })).toThrow();
    expect(verifyCalls.count).toBe(2);
  });
});
