import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE_LOGIN } from '../../server/identity/authorize';
import { ADMIN, startApp, type TestApp } from './helpers';

/**
 * Hostile-client suite, login CSRF on the hosted login form (issue 22, item 5): another site's
 * page posting `/authorize` in a visitor's browser (with the attacker's credentials) must not get
 * a code back; the form posted from its own page (the issuer's origin) still signs in.
 */
const ISSUER_ORIGIN = 'https://cs-portal.example.com';
const CALLBACK = `${ISSUER_ORIGIN}/login`;

let app: TestApp;
beforeAll(() => {
  app = startApp({ jobTickMs: 0 });
});
afterAll(() => app.dispose());

const authorizeParams = () => ({
  client_id: 'cs-portal',
  redirect_uri: CALLBACK,
  response_type: 'code',
  response_mode: 'query',
  state: 'state-123',
  nonce: 'nonce-456',
  scope: 'openid profile email offline_access',
  audience: 'https://api.cs-portal.example.com',
  code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
  code_challenge_method: 'S256',
});

const submit = (headers: Record<string, string>) =>
  app.call('/authorize', {
    method: 'POST',
    body: new URLSearchParams({ ...authorizeParams(), username: ADMIN.username, password: ADMIN.password, action: 'login' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

const codeOf = (res: Response) => {
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!).searchParams.get('code');
};

describe('POST /authorize from another site', () => {
  for (const [name, headers] of [
    ['a cross-site page (Sec-Fetch-Site)', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['a sibling site (same-site is not same-origin)', { 'sec-fetch-site': 'same-site', origin: 'https://evil.cs-portal.example.com' }],
    ['a cross-site page in a browser without Sec-Fetch-Site', { origin: 'https://evil.example' }],
    ['an opaque origin (sandboxed frame, data: URL)', { origin: 'null' }],
    ['another scheme of the same host', { origin: 'http://cs-portal.example.com' }],
    ['a cross-site page that also forges Origin (Sec-Fetch-Site wins)', { 'sec-fetch-site': 'cross-site', origin: ISSUER_ORIGIN }],
  ] as const) {
    it(`is refused with a Japanese 403 and no code: ${name}`, async () => {
      const res = await submit(headers);
      expect(res.status).toBe(403);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ errors: [CROSS_SITE_LOGIN] });
    });
  }

  it('refuses the cancel button too (no redirect is made for another site)', async () => {
    const res = await app.call('/authorize', {
      method: 'POST',
      body: new URLSearchParams({ ...authorizeParams(), action: 'cancel' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });
});

describe('POST /authorize from its own page', () => {
  it('signs in when the browser says same-origin, whatever Origin it sends', async () => {
    expect(codeOf(await submit({ 'sec-fetch-site': 'same-origin', origin: ISSUER_ORIGIN }))).toEqual(expect.any(String));
    expect(codeOf(await submit({ 'sec-fetch-site': 'same-origin', origin: 'null' }))).toEqual(expect.any(String));
  });

  it("signs in from a browser without Sec-Fetch-Site when Origin is the issuer's", async () => {
    expect(codeOf(await submit({ origin: ISSUER_ORIGIN }))).toEqual(expect.any(String));
  });

  it('signs in a client that is not a browser (neither header): it cannot be a cross-site post', async () => {
    expect(codeOf(await submit({}))).toEqual(expect.any(String));
  });

  it('serves the form with a same-origin referrer policy, so its own post carries its Origin', async () => {
    const page = await app.call(`/authorize?${new URLSearchParams(authorizeParams())}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<meta name="referrer" content="same-origin">');
    expect(html).toContain('<form method="post" action="/authorize"');
  });
});
