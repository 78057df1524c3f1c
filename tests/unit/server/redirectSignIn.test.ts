import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pkceMatches } from '../../../server/identity/authorizationCodes';
import { clientOrigins, isAllowedReturnTo, isRegisteredCallback } from '../../../server/identity/clientRegistration';
import { parseAuthorizeRequest } from '../../../server/identity/authorizeRequest';

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

describe('parseAuthorizeRequest', () => {
  const client = { clientId: 'cs-portal', origins: ['https://portal.example.com'], audiences: ['https://api.example.com'] };
  const CALLBACK = 'https://portal.example.com/login';
  const NAMES = ['client_id', 'redirect_uri', 'response_type', 'response_mode', 'state', 'nonce', 'audience', 'scope', 'code_challenge', 'code_challenge_method', 'prompt'];
  const value = fc.oneof(
    fc.string(),
    fc.constantFrom('cs-portal', CALLBACK, 'https://evil.example.com/login', 'code', 'query', 'S256', 'none', 'https://api.example.com', s256('x'.repeat(43))),
  );
  const params = fc.array(fc.tuple(fc.constantFrom(...NAMES), value), { maxLength: 16 }).map((pairs) => new URLSearchParams(pairs));

  it('never sends anything to a redirect_uri other than the registered callback, whatever the request', () => {
    fc.assert(
      fc.property(params, (request) => {
        const parsed = parseAuthorizeRequest(request, client);
        if (parsed.kind === 'error') expect(parsed.redirectUri).toBe(CALLBACK);
        if (parsed.kind === 'login') {
          expect(parsed.request.redirectUri).toBe(CALLBACK);
          expect(request.get('code_challenge_method')).toBe('S256');
          expect(parsed.request.codeChallenge).toHaveLength(43);
        }
        if (parsed.kind !== 'refused') {
          expect(request.getAll('client_id')).toEqual(['cs-portal']);
          expect(request.getAll('redirect_uri')).toEqual([CALLBACK]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('echoes the state it was given in every answer sent back', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 512 }), fc.constantFrom('token', 'code'), (state, responseType) => {
        const parsed = parseAuthorizeRequest(
          new URLSearchParams({ client_id: 'cs-portal', redirect_uri: CALLBACK, response_type: responseType, state, code_challenge: s256('v'.repeat(43)), code_challenge_method: 'S256' }),
          client,
        );
        const echoed = parsed.kind === 'login' ? parsed.request.state : parsed.kind === 'error' ? parsed.state : undefined;
        expect(echoed).toBe(state);
      }),
    );
  });
});
