import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTHORIZATION_CODE_TTL_MS } from '../../server/identity/authorizationCodes';
import { ADMIN, startApp, type TestApp } from './helpers';

/**
 * The redirect sign-in through HTTP, as @auth0/auth0-spa-js drives it: GET /authorize (the hosted
 * login form), its POST (302 back with a code), the code grant at /oauth/token with the PKCE
 * verifier, refresh-token rotation, /v2/logout. The client's origin is the issuer's by default.
 */
const ISSUER = 'https://cs-portal.example.com/';
const CALLBACK = 'https://cs-portal.example.com/login';
const AUDIENCE = 'https://api.cs-portal.example.com';

let app: TestApp;
let clock = new Date('2026-11-22T01:00:00.000Z');

beforeAll(() => {
  app = startApp({ now: () => clock });
});
afterAll(() => app.dispose());

const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const authorizeParams = (challenge: string, overrides: Record<string, string> = {}) => ({
  client_id: 'cs-portal',
  redirect_uri: CALLBACK,
  response_type: 'code',
  response_mode: 'query',
  state: 'state-123',
  nonce: 'nonce-456',
  scope: 'openid profile email offline_access',
  audience: AUDIENCE,
  code_challenge: challenge,
  code_challenge_method: 'S256',
  auth0Client: 'eyJuYW1lIjoiYXV0aDAtc3BhLWpzIn0',
  ...overrides,
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

const authorizePage = (params: Record<string, string>) => app.call(`/authorize?${new URLSearchParams(params)}`);
const submitLogin = (params: Record<string, string>, credentials: Record<string, string> = ADMIN) =>
  app.call('/authorize', form({ ...params, ...credentials, action: 'login' }));

/** Signs in on the hosted form and returns the code the browser is sent back with. */
const codeFor = async (challenge: string, overrides: Record<string, string> = {}) => {
  const res = await submitLogin(authorizeParams(challenge, overrides));
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(overrides.redirect_uri ?? CALLBACK);
  return location.searchParams.get('code')!;
};

const exchange = (code: string, verifier: string, redirectUri = CALLBACK) =>
  app.call('/oauth/token', form({ grant_type: 'authorization_code', client_id: 'cs-portal', code, code_verifier: verifier, redirect_uri: redirectUri }));

const refresh = (token: string) => app.call('/oauth/token', form({ grant_type: 'refresh_token', client_id: 'cs-portal', refresh_token: token }));

const errorRedirect = (res: Response) => {
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
  expect(location.searchParams.has('code')).toBe(false);
  return Object.fromEntries(location.searchParams);
};

describe('GET /authorize: the hosted login form', () => {
  it('shows a Japanese form carrying the request, never cached, under its own no-script policy', async () => {
    const { challenge } = pkcePair();
    const res = await authorizePage(authorizeParams(challenge));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self' https://cs-portal.example.com");
    const html = await res.text();
    expect(html).toContain('<html lang="ja">');
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<label for="email">メールアドレス</label>');
    expect(html).toContain('<label for="password">パスワード</label>');
    expect(html).toContain('<input type="hidden" name="state" value="state-123">');
    expect(html).toContain(`<input type="hidden" name="code_challenge" value="${challenge}">`);
    expect(html).not.toContain('<script');
  });

  it('escapes what it echoes', async () => {
    const res = await authorizePage(authorizeParams(pkcePair().challenge, { state: '"><script>alert(1)</script>' }));
    const html = await res.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('refuses an unknown client or a redirect_uri other than the registered callback, without redirecting', async () => {
    const { challenge } = pkcePair();
    for (const [overrides, message] of [
      [{ client_id: 'someone-else' }, 'client_idが登録されたクライアントと一致しません。'],
      [{ redirect_uri: 'https://evil.example.com/login' }, 'redirect_uriが登録されたコールバックURLと一致しません。'],
      [{ redirect_uri: 'https://cs-portal.example.com.evil.com/login' }, 'redirect_uriが登録されたコールバックURLと一致しません。'],
      [{ redirect_uri: 'https://cs-portal.example.com/login/extra' }, 'redirect_uriが登録されたコールバックURLと一致しません。'],
      [{ redirect_uri: 'https://cs-portal.example.com/login?next=https://evil.example.com' }, 'redirect_uriが登録されたコールバックURLと一致しません。'],
      [{ redirect_uri: 'http://cs-portal.example.com/login' }, 'redirect_uriが登録されたコールバックURLと一致しません。'],
      [{ redirect_uri: '' }, 'redirect_uriを指定してください。'],
    ] as const) {
      for (const res of [await authorizePage(authorizeParams(challenge, overrides)), await submitLogin(authorizeParams(challenge, overrides))]) {
        expect(res.status).toBe(400);
        expect(res.headers.get('location')).toBeNull();
        expect(await res.json()).toEqual({ errors: [message] });
      }
    }
    const doubled = await app.call(`/authorize?${new URLSearchParams(authorizeParams(challenge))}&redirect_uri=${encodeURIComponent('https://evil.example.com/login')}`);
    expect(doubled.status).toBe(400);
    expect(await doubled.json()).toEqual({ errors: ['redirect_uriが複数指定されています。'] });
  });

  it('sends the other bad requests back as OAuth errors with the state', async () => {
    const { challenge } = pkcePair();
    const cases: [Record<string, string>, string, string][] = [
      [{ response_type: 'token' }, 'unsupported_response_type', 'response_typeはcodeのみ対応しています。'],
      [{ code_challenge_method: 'plain' }, 'invalid_request', 'code_challenge_methodはS256を指定してください。'],
      [{ code_challenge: 'short' }, 'invalid_request', 'code_challengeはSHA-256のbase64url (43文字) で指定してください。'],
      [{ response_mode: 'fragment' }, 'invalid_request', 'response_modeはqueryのみ対応しています。'],
      [{ audience: 'https://other-api.example.com' }, 'access_denied', 'APIが見つかりません: https://other-api.example.com'],
      [{ prompt: 'none' }, 'login_required', 'ログインが必要です。'],
    ];
    for (const [overrides, error, description] of cases) {
      expect(errorRedirect(await authorizePage(authorizeParams(challenge, overrides)))).toEqual({ error, error_description: description, state: 'state-123' });
    }
  });
});

describe('POST /authorize: signing in on the form', () => {
  it('shows the form again with an announced Japanese error on a wrong password or empty fields', async () => {
    const params = authorizeParams(pkcePair().challenge);
    const wrong = await submitLogin(params, { username: ADMIN.username, password: 'Wrong1234' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('location')).toBeNull();
    const html = await wrong.text();
    expect(html).toContain('<div class="alert" role="alert" id="form-error">メールアドレスまたはパスワードが正しくありません。</div>');
    expect(html).toContain(`value="${ADMIN.username}"`);
    expect(html).toContain('type="password" autocomplete="current-password" required aria-describedby="form-error" autofocus>');

    const empty = await submitLogin(params, { username: '', password: '' });
    expect(empty.status).toBe(400);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain('<p class="field-error" id="email-error">メールアドレスを入力してください</p>');
    expect(emptyHtml).toContain('<p class="field-error" id="password-error">パスワードを入力してください</p>');
    expect(emptyHtml).toContain('aria-invalid="true"');
  });

  it('counts toward the same sign-in throttle as the password grant', async () => {
    const address = '198.51.100.77';
    const from = (path: string, init: RequestInit) => app.app.request(path, init, { incoming: { socket: { remoteAddress: address } } });
    const params = authorizeParams(pkcePair().challenge);
    for (let i = 0; i < 5; i += 1) {
      const grant = await from('/oauth/token', form({ grant_type: 'password', username: ADMIN.username, password: `Wrong${i}pass` }));
      expect(grant.status).toBe(403);
      const page = await from('/authorize', form({ ...params, username: ADMIN.username, password: `Wrong${i}form`, action: 'login' }));
      expect(page.status).toBe(401);
    }
    const blocked = await from('/authorize', form({ ...params, ...ADMIN, action: 'login' }));
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe(String(15 * 60));
    expect(blocked.headers.get('location')).toBeNull();
    expect(await blocked.text()).toContain('ログインの失敗が続いたため、一時的にログインできません。しばらくしてから再度お試しください。');
  });

  it('sends a cancelled sign-in back as access_denied', async () => {
    const res = await app.call('/authorize', form({ ...authorizeParams(pkcePair().challenge), action: 'cancel' }));
    expect(errorRedirect(res)).toEqual({ error: 'access_denied', error_description: 'ユーザーがログインをキャンセルしました。', state: 'state-123' });
  });

  it('takes a form body only', async () => {
    const res = await app.call('/authorize', { method: 'POST', json: { ...authorizeParams(pkcePair().challenge), ...ADMIN } });
    expect(res.status).toBe(415);
    expect((await res.json()).errors).toEqual(['Content-Type は application/x-www-form-urlencoded を指定してください。']);
  });
});

describe('hostile requests', () => {
  it('answers malformed encodings, garbage bodies and odd methods with 4xx, never 5xx', async () => {
    const { challenge } = pkcePair();
    const answers = [
      await app.call(`/authorize?client_id=%E0%A4%A&redirect_uri=%ZZ&${new URLSearchParams(authorizeParams(challenge))}`),
      await app.call('/authorize', { method: 'POST', body: '%%%&&&==\u0000\uffff', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      await app.call('/authorize', { method: 'POST', body: 'x'.repeat(300 * 1024), headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      await submitLogin(authorizeParams(challenge), { username: 'a'.repeat(10_000), password: 'b'.repeat(10_000) }),
      await app.call('/v2/logout?returnTo=%E0%A4%A'),
      await app.call('/oauth/token', form({ grant_type: 'authorization_code', client_id: 'cs-portal', code: '\u0000', code_verifier: '\u0000', redirect_uri: '\u0000' })),
    ];
    for (const res of answers) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(answers.map((res) => res.status)).toEqual([400, 400, 413, 400, 400, 403]);
  });
});

describe('the authorization-code grant with PKCE', () => {
  it('exchanges the code for tokens whose id_token carries the nonce for the client, and renews by rotation', async () => {
    const { verifier, challenge } = pkcePair();
    const res = await submitLogin(authorizeParams(challenge));
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('state')).toBe('state-123');
    const tokens = await exchange(location.searchParams.get('code')!, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.headers.get('cache-control')).toBe('no-store');
    const body = await tokens.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'openid profile email offline_access' });
    const id = decodeJwt(body.id_token);
    expect(id).toMatchObject({ iss: ISSUER, aud: 'cs-portal', nonce: 'nonce-456', email: ADMIN.username });
    expect(decodeJwt(body.access_token)).toMatchObject({ iss: ISSUER, aud: AUDIENCE, azp: 'cs-portal' });
    const me = await app.call('/core/api/v2/common/users/me', { token: body.access_token });
    expect(me.status).toBe(200);

    const renewed = await refresh(body.refresh_token);
    expect(renewed.status).toBe(200);
    const next = await renewed.json();
    expect(next.refresh_token).not.toBe(body.refresh_token);
    expect(decodeJwt(next.id_token).nonce).toBeUndefined();
  });

  it('refuses a wrong verifier, and the code is used up by the attempt', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await codeFor(challenge);
    const wrong = await exchange(code, pkcePair().verifier);
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'code_verifierが認可リクエストのcode_challengeと一致しません。' });
    const right = await exchange(code, verifier);
    expect(right.status).toBe(403);
    expect((await right.json()).error_description).toBe('認可コードは使用済みです。');
  });

  it('refuses a verifier outside RFC 7636 even when it hashes right', async () => {
    const verifier = 'short-but-hashed';
    const code = await codeFor(createHash('sha256').update(verifier).digest('base64url'));
    const res = await exchange(code, verifier);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe('invalid_grant');
  });

  it('refuses a reused code and revokes what its first use gave', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await codeFor(challenge);
    const first = await exchange(code, verifier);
    expect(first.status).toBe(200);
    const { refresh_token } = await first.json();
    const replay = await exchange(code, verifier);
    expect(replay.status).toBe(403);
    expect(await replay.json()).toEqual({ error: 'invalid_grant', error_description: '認可コードは使用済みです。' });
    expect((await refresh(refresh_token)).status).toBe(403);
  });

  it('refuses a token request whose redirect_uri differs from the authorization request', async () => {
    const { verifier, challenge } = pkcePair();
    const res = await exchange(await codeFor(challenge), verifier, 'https://evil.example.com/login');
    expect(res.status).toBe(403);
    expect((await res.json()).error_description).toBe('redirect_uriが認可リクエストと一致しません。');
  });

  it('refuses an expired code, an unknown one and missing parameters', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await codeFor(challenge);
    clock = new Date(clock.getTime() + AUTHORIZATION_CODE_TTL_MS);
    const expired = await exchange(code, verifier);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ error: 'invalid_grant', error_description: '認可コードが無効か、有効期限が切れています。' });
    expect((await exchange('made-up', verifier)).status).toBe(403);
    const missing = await app.call('/oauth/token', form({ grant_type: 'authorization_code', client_id: 'cs-portal', code }));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'invalid_request', error_description: 'Missing required parameter: code_verifier' });
  });

  it('gives no refresh token without offline_access, and none to another client', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await codeFor(challenge, { scope: 'openid profile email' });
    const res = await exchange(code, verifier);
    expect(res.status).toBe(200);
    expect((await res.json()).refresh_token).toBeUndefined();
    const other = await app.call('/oauth/token', form({ grant_type: 'authorization_code', client_id: 'someone-else', code, code_verifier: verifier, redirect_uri: CALLBACK }));
    expect(other.status).toBe(401);
  });
});

describe('GET /v2/logout', () => {
  it('sends the browser back to a page of a registered origin only', async () => {
    const to = (query: string) => app.call(`/v2/logout?${query}`);
    const back = await to(`client_id=cs-portal&returnTo=${encodeURIComponent(CALLBACK)}`);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(CALLBACK);
    const plain = await to('client_id=cs-portal');
    expect(plain.headers.get('location')).toBe(CALLBACK);

    for (const returnTo of [
      'https://evil.example.com/login',
      'https://cs-portal.example.com.evil.com/',
      'https://cs-portal.example.com@evil.example.com/',
      'javascript:alert(1)',
      '//evil.example.com/',
    ]) {
      const res = await to(`client_id=cs-portal&returnTo=${encodeURIComponent(returnTo)}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.json()).toEqual({ errors: ['returnToが許可されたURLではありません。'] });
    }
    const stranger = await to(`client_id=someone-else&returnTo=${encodeURIComponent(CALLBACK)}`);
    expect(stranger.status).toBe(400);
    expect(await stranger.json()).toEqual({ errors: ['client_idが登録されたクライアントと一致しません。'] });
  });
});

describe('a deployment in redirect mode (env AUTH_MODE, ISSUER, CLIENT_ORIGINS)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('tells the SPA to use the redirect mode with the issuer as the SDK domain', async () => {
    vi.stubEnv('AUTH_MODE', 'redirect');
    vi.stubEnv('ISSUER', 'http://127.0.0.1:4100/');
    const config = await (await app.call('/config.json')).json();
    expect(config.environments.map((environment: { auth: unknown }) => environment.auth)).toEqual([
      expect.objectContaining({ mode: 'redirect', domain: 'http://127.0.0.1:4100', clientId: 'cs-portal', audience: AUDIENCE }),
      expect.objectContaining({ mode: 'redirect', domain: 'http://127.0.0.1:4100', audience: 'https://demo-api.cs-portal.example.com' }),
    ]);
    vi.unstubAllEnvs();
    const plain = await (await app.call('/config.json')).json();
    expect(plain.environments[0].auth).toMatchObject({ mode: 'password', domain: '' });
  });

  it('registers the callback of each listed origin, and only those; the SDK may call the token endpoint from them', async () => {
    vi.stubEnv('CLIENT_ORIGINS', 'https://portal.example.jp, http://127.0.0.1:4100');
    vi.stubEnv('CORS_ORIGINS', 'https://portal.example.jp');
    const other = startApp();
    try {
      const preflight = await other.call('/oauth/token', {
        method: 'OPTIONS',
        headers: { origin: 'https://portal.example.jp', 'access-control-request-method': 'POST', 'access-control-request-headers': 'auth0-client,content-type' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://portal.example.jp');
      expect(preflight.headers.get('access-control-allow-headers')?.split(',')).toContain('Auth0-Client');
      const { challenge } = pkcePair();
      const page = (redirectUri: string) => other.call(`/authorize?${new URLSearchParams(authorizeParams(challenge, { redirect_uri: redirectUri }))}`);
      expect((await page('https://portal.example.jp/login')).status).toBe(200);
      expect((await page('http://127.0.0.1:4100/login')).status).toBe(200);
      expect((await page(CALLBACK)).status).toBe(400);
    } finally {
      other.dispose();
    }
  });
});

describe('the OpenAPI document', () => {
  it('lists the browser routes of the redirect sign-in', async () => {
    const doc = await (await app.call('/api/openapi.json')).json();
    expect(Object.keys(doc.paths['/authorize']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/authorize'].post.responses).sort()).toEqual(['302', '400', '401', '415', '429']);
    expect(Object.keys(doc.paths['/v2/logout'])).toEqual(['get']);
    expect(doc.paths['/authorize'].get.parameters.map((p: { name: string }) => p.name)).toContain('code_challenge');
  });
});
