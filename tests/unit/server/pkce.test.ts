import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pkceMatches } from '../../../server/identity/authorizationCodes';
import { clientOrigins, isAllowedReturnTo, isRegisteredCallback } from '../../../server/identity/clientRegistration';

const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'.split('');
const verifier = fc.array(fc.constantFrom(...UNRESERVED), { minLength: 43, maxLength: 128 }).map((chars) => chars.join(''));
const s256 = (value: string) => createHash('sha256').update(value).digest('base64url');

describe('pkceMatches (RFC 7636 S256)', () => {
  it('accepts every valid verifier against its own challenge', () => {
    fc.assert(fc.property(verifier, (v) => pkceMatches(v, s256(v))));
  });

  it('refuses any other verifier', () => {
    fc.assert(fc.property(verifier, verifier, (v, other) => (v === other) === pkceMatches(other, s256(v))));
  });

  it('refuses verifiers outside 43..128 unreserved characters even when they hash right', () => {
    for (const v of ['a'.repeat(42), 'a'.repeat(129), `${'a'.repeat(42)}+`, `${'a'.repeat(42)} `, `${'a'.repeat(42)}é`]) {
      expect(pkceMatches(v, s256(v))).toBe(false);
    }
  });
});

describe('the client registration', () => {
  const client = { clientId: 'cs-portal', origins: ['https://portal.example.com', 'http://127.0.0.1:4100'] };

  it('reads CLIENT_ORIGINS as exact origins, defaulting to the issuer origin', () => {
    expect(clientOrigins('', 'https://cs-portal.example.com/')).toEqual(['https://cs-portal.example.com']);
    expect(clientOrigins(' https://a.example.jp ,http://127.0.0.1:4100', 'https://cs-portal.example.com/')).toEqual(['https://a.example.jp', 'http://127.0.0.1:4100']);
    for (const bad of ['https://a.example.jp/login', 'https://a.example.jp/', 'ftp://a.example.jp', 'a.example.jp']) {
      expect(() => clientOrigins(bad, 'https://cs-portal.example.com/')).toThrow(`CLIENT_ORIGINS: not an origin (scheme://host[:port], no path): ${bad}`);
    }
  });

  it('takes exactly `{origin}/login` as the callback', () => {
    expect(isRegisteredCallback(client, 'https://portal.example.com/login')).toBe(true);
    expect(isRegisteredCallback(client, 'http://127.0.0.1:4100/login')).toBe(true);
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (suffix) => !isRegisteredCallback(client, `https://portal.example.com/login${suffix}`)),
    );
  });

  it('lets logout return to pages of the registered origins only', () => {
    expect(isAllowedReturnTo(client, 'https://portal.example.com/login')).toBe(true);
    expect(isAllowedReturnTo(client, 'https://portal.example.com/')).toBe(true);
    for (const url of ['https://portal.example.com.evil.com/', 'https://user@portal.example.com/', 'http://portal.example.com/', 'javascript:alert(1)', '/login']) {
      expect(isAllowedReturnTo(client, url)).toBe(false);
    }
  });
});
