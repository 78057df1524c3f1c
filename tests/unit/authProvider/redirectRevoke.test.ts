// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedirectAuthProvider } from '../../../src/authProvider';
import { createMemoryStorage } from '../../../src/lib/memoryStorage';
import { testEnvironment } from '../support/environment';
import { setupMswServer } from '../support/mswServer';
import { NAMESPACE } from '../support/tokens';

/*
 * Sign-out in redirect mode with the real Auth0 SDK: its cached refresh token is posted to the
 * identity provider's /oauth/revoke (msw stands in for the tenant) before the local session goes.
 */
const server = setupMswServer();
const DOMAIN = 'tenant.auth0.test';
const REVOKE_URL = `https://${DOMAIN}/oauth/revoke`;
const CLIENT_ID = 'spa-client';
const AUDIENCE = 'https://api.cs-portal.test';
const SCOPE = 'openid profile email offline_access';
const CACHE_KEY = `@@auth0spajs@@::${CLIENT_ID}::${AUDIENCE}::${SCOPE}`;

const environment = testEnvironment({
  auth: { mode: 'redirect', domain: DOMAIN, clientId: CLIENT_ID, audience: AUDIENCE, claimNamespace: NAMESPACE },
});

/** What the SDK keeps in localStorage after a sign-in with refresh tokens. */
function signedInCache(refreshToken: string) {
  localStorage.setItem(
    CACHE_KEY,
    JSON.stringify({
      body: { client_id: CLIENT_ID, access_token: 'access', refresh_token: refreshToken, expires_in: 3600, scope: SCOPE, audience: AUDIENCE, token_type: 'Bearer' },
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    }),
  );
}

/** The provider with the real SDK. */
const provider = () => createRedirectAuthProvider({ environment, storage: createMemoryStorage(), origin: 'https://portal.test' });

const revokeEndpoint = (answer: () => Response | Promise<Response>) => {
  const bodies: unknown[] = [];
  server.use(
    http.post(REVOKE_URL, async ({ request }) => {
      // The SDK posts a form, as Auth0's endpoint (and the reference API's) accepts.
      expect(request.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
      bodies.push(Object.fromEntries(new URLSearchParams(await request.text())));
      return answer();
    }),
  );
  return bodies;
};

// The SDK then leaves the page for the identity provider's /v2/logout; jsdom logs that it cannot navigate.
afterEach(() => localStorage.clear());

describe('redirect mode sign-out', () => {
  it('revokes the refresh token at the identity provider, then drops the local session', async () => {
    signedInCache('refresh-1');
    const bodies = revokeEndpoint(() => new HttpResponse(null, { status: 200 }));
    await expect(provider().logout({})).resolves.toBe('/login');
    expect(bodies).toEqual([{ client_id: CLIENT_ID, token_type_hint: 'refresh_token', token: 'refresh-1' }]);
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
  });

  it('signs out all the same when the identity provider refuses or cannot be reached', async () => {
    signedInCache('refresh-2');
    const bodies = revokeEndpoint(() => HttpResponse.json({ error: 'invalid_client', error_description: 'nope' }, { status: 401 }));
    await expect(provider().logout({})).resolves.toBe('/login');
    expect(bodies).toHaveLength(1);
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();

    signedInCache('refresh-3');
    server.use(http.post(REVOKE_URL, () => HttpResponse.error()));
    await expect(provider().logout({})).resolves.toBe('/login');
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
  });

  it('a 401 from the API revokes before it clears the cached tokens', async () => {
    signedInCache('refresh-4');
    const bodies = revokeEndpoint(() => new HttpResponse(null, { status: 200 }));
    await expect(provider().checkError({ status: 401 })).rejects.toEqual({ redirectTo: '/login' });
    await expect.poll(() => localStorage.getItem(CACHE_KEY)).toBeNull();
    expect(bodies).toEqual([{ client_id: CLIENT_ID, token_type_hint: 'refresh_token', token: 'refresh-4' }]);
  });
});
