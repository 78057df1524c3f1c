import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider, sessionStorageKey } from '../../../src/authProvider';
import { SILENT_CHECK_INTERVAL_MS } from '../../../src/lib/constants';
import { createMemoryStorage } from '../../../src/lib/memoryStorage';
import { testEnvironment } from '../support/environment';
import { setupMswServer } from '../support/mswServer';
import { makeJwt, NAMESPACE } from '../support/tokens';

const server = setupMswServer();
const TOKEN_URL = 'http://localhost/idp/oauth/token';
const REVOKE_URL = 'http://localhost/idp/oauth/revoke';
const STORAGE_KEY = sessionStorageKey('demo');
const T0 = Date.UTC(2026, 10, 21, 0, 0, 0);

const accessToken = (claims: Record<string, unknown> = { [`${NAMESPACE}roles`]: ['pharmacy'] }, expiresAt = T0 + 3_600_000) =>
  makeJwt({ sub: 'auth0|42', ...claims }, { expiresAt });
const idToken = () => makeJwt({ sub: 'auth0|42', name: '山田 花子', picture: 'https://example.test/p.png', email: 'hanako@example.test' });

const setup = () => {
  const storage = createMemoryStorage();
  const clock = { now: T0 };
  const authProvider = createAuthProvider({ environment: testEnvironment(), storage, now: () => clock.now });
  const stored = () => JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null');
  const seed = async (session: { expiresAt: number; refreshToken?: string; claims?: Record<string, unknown> }) =>
    storage.setItem(
      STORAGE_KEY,
      JSON.stringify({ accessToken: await accessToken(session.claims), idToken: await idToken(), refreshToken: session.refreshToken, expiresAt: session.expiresAt }),
    );
  return { storage, clock, authProvider, stored, seed };
};

/** Answers refresh grants with a new token and counts them. */
const refreshEndpoint = (options: { delayMs?: number; status?: number } = {}) => {
  const calls: Record<string, unknown>[] = [];
  server.use(
    http.post(TOKEN_URL, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push(body);
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (options.status) return HttpResponse.json({ error: 'invalid_grant' }, { status: options.status });
      return HttpResponse.json({ access_token: `renewed-${calls.length}`, expires_in: 3600 });
    }),
    http.post(REVOKE_URL, () => new HttpResponse(null, { status: 200 })),
  );
  return calls;
};

// Polls with the real setTimeout, which the fake timers below leave alone.
const until = async (condition: () => boolean) => {
  for (let attempt = 0; attempt < 100 && !condition(); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 5));
};

afterEach(() => {
  vi.useRealTimers();
});

describe('login (password mode)', () => {
  it('posts the password-realm grant, stores the tokens and reads the role', async () => {
    const { authProvider, stored } = setup();
    let body: Record<string, unknown> = {};
    const token = await accessToken({ [`${NAMESPACE}roles`]: ['admin'], [`${NAMESPACE}app_metadata`]: { pharmacy_ids: [1, 2] } });
    const id = await idToken();
    server.use(
      http.post(TOKEN_URL, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ access_token: token, id_token: id, refresh_token: 'refresh-1', expires_in: 3600, token_type: 'Bearer' });
      }),
    );
    await authProvider.login({ username: 'hanako@example.test', password: 'Secret123' });
    expect(body).toEqual({
      grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
      realm: 'Username-Password-Authentication',
      username: 'hanako@example.test',
      password: 'Secret123',
      client_id: 'test-client',
      audience: 'https://api.cs-portal.test',
      scope: 'openid profile email offline_access',
    });
    expect(stored()).toEqual({ accessToken: token, idToken: id, refreshToken: 'refresh-1', expiresAt: T0 + 3_600_000 });
    await expect(authProvider.getPermissions!({})).resolves.toEqual({ role: 'admin', isAdmin: true, pharmacyIds: [1, 2] });
    await expect(authProvider.getToken()).resolves.toBe(token);
  });

  it('says the e-mail or password is wrong on invalid_grant', async () => {
    const { authProvider, stored } = setup();
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ error: 'invalid_grant', error_description: 'Wrong email or password.' }, { status: 403 })));
    await expect(authProvider.login({ username: 'a@example.test', password: 'x' })).rejects.toThrow('メールアドレスまたはパスワードが正しくありません。');
    expect(stored()).toBeNull();
  });

  it('says sign-in is blocked for a while on too_many_attempts', async () => {
    const { authProvider, stored } = setup();
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ error: 'too_many_attempts', error_description: 'blocked' }, { status: 429 })));
    await expect(authProvider.login({ username: 'a@example.test', password: 'x' })).rejects.toThrow(
      'ログインの失敗が続いたため、一時的にログインできません。しばらくしてから再度お試しください。',
    );
    expect(stored()).toBeNull();
  });

  it('asks to try later on any other failure', async () => {
    const { authProvider } = setup();
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ error: 'server_error' }, { status: 500 })));
    await expect(authProvider.login({ username: 'a@example.test', password: 'x' })).rejects.toThrow('ログインできませんでした。時間をおいて再度お試しください。');
    server.use(http.post(TOKEN_URL, () => HttpResponse.error()));
    await expect(authProvider.login({ username: 'a@example.test', password: 'x' })).rejects.toThrow('ログインできませんでした。時間をおいて再度お試しください。');
  });

  it("rejects a user without a role with 'userRoleが見つかりません。' and keeps nothing", async () => {
    const { authProvider, stored } = setup();
    const token = await accessToken({});
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ access_token: token, refresh_token: 'r', expires_in: 3600 })));
    await expect(authProvider.login({ username: 'a@example.test', password: 'x' })).rejects.toThrow('userRoleが見つかりません。');
    expect(stored()).toBeNull();
  });
});

describe('checkAuth', () => {
  it('rejects without a token, silently (react-admin goes to /login)', async () => {
    await expect(setup().authProvider.checkAuth({})).rejects.toEqual({ message: false });
  });

  it('resolves with a valid token', async () => {
    const { authProvider, seed } = setup();
    await seed({ expiresAt: T0 + 1000 });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('renews an expired token with the refresh token first', async () => {
    const { authProvider, seed, stored, clock } = setup();
    await seed({ expiresAt: T0, refreshToken: 'refresh-1' });
    clock.now = T0 + 1;
    const calls = refreshEndpoint();
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(calls).toEqual([{ grant_type: 'refresh_token', client_id: 'test-client', refresh_token: 'refresh-1' }]);
    expect(stored()).toMatchObject({ accessToken: 'renewed-1', refreshToken: 'refresh-1', expiresAt: T0 + 1 + 3_600_000 });
  });

  it('rejects and clears an expired session without a refresh token', async () => {
    const { authProvider, seed, stored, clock } = setup();
    await seed({ expiresAt: T0 });
    clock.now = T0 + 1;
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
    expect(stored()).toBeNull();
  });

  it('rejects and clears when the refresh token is refused', async () => {
    const { authProvider, seed, stored, clock } = setup();
    await seed({ expiresAt: T0, refreshToken: 'revoked' });
    clock.now = T0 + 1;
    refreshEndpoint({ status: 403 });
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
    expect(stored()).toBeNull();
  });
});

describe('checkError', () => {
  it('signs out on 401', async () => {
    const { authProvider, seed, stored } = setup();
    await seed({ expiresAt: T0 + 1000 });
    await expect(authProvider.checkError({ status: 401 })).rejects.toEqual({ redirectTo: '/login' });
    expect(stored()).toBeNull();
  });

  it('sends 403 to /forbidden and keeps the session', async () => {
    const { authProvider, seed, stored } = setup();
    await seed({ expiresAt: T0 + 1000 });
    await expect(authProvider.checkError({ status: 403 })).rejects.toEqual({ redirectTo: '/forbidden', logoutUser: false });
    expect(stored()).not.toBeNull();
  });

  it('leaves other errors to the screen', async () => {
    const { authProvider } = setup();
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    await expect(authProvider.checkError(new Error('x'))).resolves.toBeUndefined();
  });
});

describe('getIdentity / getPermissions / logout', () => {
  it('reads the identity from the id token', async () => {
    const { authProvider, seed } = setup();
    await seed({ expiresAt: T0 + 1000 });
    await expect(authProvider.getIdentity!()).resolves.toEqual({
      id: 'auth0|42',
      fullName: '山田 花子',
      picture: 'https://example.test/p.png',
      email: 'hanako@example.test',
    });
  });

  it('makes the identity provider admin attribute admin', async () => {
    const { authProvider, seed } = setup();
    await seed({ expiresAt: T0 + 1000, claims: { [`${NAMESPACE}roles`]: ['pharmacy'], [`${NAMESPACE}app_metadata`]: { admin: true, pharmacy_ids: [7] } } });
    await expect(authProvider.getPermissions!({})).resolves.toEqual({ role: 'admin', isAdmin: true, pharmacyIds: [7] });
  });

  it('gives no role when signed out', async () => {
    await expect(setup().authProvider.getPermissions!({})).resolves.toEqual({ role: undefined, isAdmin: false, pharmacyIds: [] });
  });

  it('logout clears the session and goes to /login', async () => {
    const { authProvider, seed, stored } = setup();
    await seed({ expiresAt: T0 + 1000 });
    await expect(authProvider.logout({})).resolves.toBe('/login');
    expect(stored()).toBeNull();
    await expect(authProvider.getToken()).resolves.toBeUndefined();
  });
});

describe('logout revokes the refresh token', () => {
  it('posts it to /oauth/revoke (Auth0: client_id and token), then clears the session', async () => {
    const { authProvider, seed, stored } = setup();
    await seed({ expiresAt: T0 + 1000, refreshToken: 'refresh-1' });
    const revoked: unknown[] = [];
    server.use(
      http.post(REVOKE_URL, async ({ request }) => {
        revoked.push(await request.json());
        return new HttpResponse(null, { status: 200 });
      }),
    );
    await expect(authProvider.logout({})).resolves.toBe('/login');
    expect(revoked).toEqual([{ client_id: 'test-client', token: 'refresh-1' }]);
    expect(stored()).toBeNull();
  });

  it('still signs out when the identity provider cannot be reached', async () => {
    const { authProvider, seed, stored } = setup();
    await seed({ expiresAt: T0 + 1000, refreshToken: 'refresh-1' });
    server.use(http.post(REVOKE_URL, () => HttpResponse.error()));
    await expect(authProvider.logout({})).resolves.toBe('/login');
    expect(stored()).toBeNull();
  });
});

describe('token renewal', () => {
  it('keeps the session another tab renewed when its own spent refresh token is refused', async () => {
    const { authProvider, seed, storage, stored, clock } = setup();
    await seed({ expiresAt: T0, refreshToken: 'refresh-1' });
    clock.now = T0 + 1;
    const otherTab = { accessToken: 'from-the-other-tab', refreshToken: 'refresh-2', expiresAt: T0 + 3_600_000 };
    server.use(
      http.post(TOKEN_URL, () => {
        // The other tab rotated refresh-1 a moment earlier and stored its session.
        storage.setItem(STORAGE_KEY, JSON.stringify(otherTab));
        return HttpResponse.json({ error: 'invalid_grant' }, { status: 403 });
      }),
    );
    await expect(authProvider.getToken()).resolves.toBe('from-the-other-tab');
    expect(stored()).toEqual(otherTab);
  });

  it('renews in one tab at a time, so a second tab never presents the token the first just spent (reuse ends the sign-in)', async () => {
    const { storage, seed, clock } = setup();
    const otherTab = createAuthProvider({ environment: testEnvironment(), storage, now: () => clock.now });
    const thisTab = createAuthProvider({ environment: testEnvironment(), storage, now: () => clock.now });
    await seed({ expiresAt: T0 + 30_000, refreshToken: 'refresh-1' });
    // Web Locks as a browser gives them: one holder per name, the others wait in order.
    const held = new Map<string, Promise<unknown>>();
    const locks = {
      request: (name: string, task: () => Promise<unknown>) => {
        const run = (held.get(name) ?? Promise.resolve()).catch(() => undefined).then(task);
        held.set(name, run);
        return run;
      },
    };
    vi.stubGlobal('navigator', { locks });
    const presented: unknown[] = [];
    server.use(
      http.post(TOKEN_URL, async ({ request }) => {
        const { refresh_token } = (await request.json()) as Record<string, unknown>;
        presented.push(refresh_token);
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (refresh_token !== `refresh-${presented.length}`) return HttpResponse.json({ error: 'invalid_grant' }, { status: 403 });
        return HttpResponse.json({ access_token: `renewed-${presented.length}`, refresh_token: `refresh-${presented.length + 1}`, expires_in: 3600 });
      }),
    );
    try {
      await expect(Promise.all([thisTab.getToken(), otherTab.getToken()])).resolves.toEqual(['renewed-1', 'renewed-1']);
      expect(presented).toEqual(['refresh-1']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('stores the rotated refresh token each renewal answers', async () => {
    const { authProvider, seed, stored } = setup();
    await seed({ expiresAt: T0 + 3_600_000, refreshToken: 'refresh-1' });
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ access_token: 'renewed', refresh_token: 'refresh-2', expires_in: 3600 })));
    await authProvider.forceRefresh();
    expect(stored()).toMatchObject({ accessToken: 'renewed', refreshToken: 'refresh-2' });
  });

  it('getToken returns the stored token while it has more than 60 s left', async () => {
    const { authProvider, seed, stored, clock } = setup();
    await seed({ expiresAt: T0 + 61_000, refreshToken: 'refresh-1' });
    const calls = refreshEndpoint();
    await expect(authProvider.getToken()).resolves.toBe(stored().accessToken);
    clock.now = T0 + 1_001;
    await expect(authProvider.getToken()).resolves.toBe('renewed-1');
    expect(calls).toHaveLength(1);
  });

  it('currentToken gives the stored token at once while it needs no renewal, and nothing once it does (getToken renews)', async () => {
    const { authProvider, seed, stored, clock } = setup();
    await seed({ expiresAt: T0 + 61_000, refreshToken: 'refresh-1' });
    const calls = refreshEndpoint();
    expect(authProvider.currentToken?.()).toBe(stored().accessToken);
    clock.now = T0 + 1_001;
    expect(authProvider.currentToken?.()).toBeUndefined();
    expect(calls).toHaveLength(0);
    await authProvider.logout({});
    expect(authProvider.currentToken?.()).toBeUndefined();
  });

  it('concurrent getToken calls share one refresh request', async () => {
    const { authProvider, seed } = setup();
    await seed({ expiresAt: T0 + 30_000, refreshToken: 'refresh-1' });
    const calls = refreshEndpoint({ delayMs: 20 });
    const tokens = await Promise.all([authProvider.getToken(), authProvider.getToken(), authProvider.checkAuth({}).then(() => authProvider.getToken()), authProvider.getToken()]);
    expect(calls).toHaveLength(1);
    expect(tokens).toEqual(['renewed-1', 'renewed-1', 'renewed-1', 'renewed-1']);
  });

  it('forceRefresh gets a new token even when the current one is fresh', async () => {
    const { authProvider, seed } = setup();
    await seed({ expiresAt: T0 + 3_600_000, refreshToken: 'refresh-1' });
    const calls = refreshEndpoint();
    await expect(authProvider.forceRefresh()).resolves.toBe('renewed-1');
    expect(calls).toHaveLength(1);
  });

  it('does not bring back a session signed out during the renewal', async () => {
    const { authProvider, seed, stored } = setup();
    await seed({ expiresAt: T0 + 30_000, refreshToken: 'refresh-1' });
    refreshEndpoint({ delayMs: 20 });
    const pending = authProvider.forceRefresh();
    await authProvider.logout({});
    await pending;
    expect(stored()).toBeNull();
  });

  it('runs the silent session check every 3,590,000 ms until stopped', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    // Each run of the interval's callback is counted as it happens (fake timers run it inside
    // advanceTimersByTime), so "not yet" and "no more" are exact instead of a real sleep's guess.
    const fakeSetInterval = globalThis.setInterval;
    const runs = vi.fn();
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval').mockImplementation(((callback: () => void, ms?: number) =>
      fakeSetInterval(() => {
        runs();
        callback();
      }, ms)) as typeof setInterval);
    const { authProvider, seed } = setup();
    await seed({ expiresAt: T0 + 3_600_000, refreshToken: 'refresh-1' });
    const calls = refreshEndpoint();
    const stop = authProvider.startSilentRenewal();
    expect(setIntervalSpy).toHaveBeenCalledTimes(1);
    expect(setIntervalSpy).toHaveBeenCalledWith(expect.any(Function), SILENT_CHECK_INTERVAL_MS);
    expect(SILENT_CHECK_INTERVAL_MS).toBe(3_590_000);

    vi.advanceTimersByTime(3_589_999);
    expect(runs).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(runs).toHaveBeenCalledTimes(1);
    await until(() => calls.length === 1);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(3_590_000);
    expect(runs).toHaveBeenCalledTimes(2);
    await until(() => calls.length === 2);
    expect(calls).toHaveLength(2);

    stop();
    vi.advanceTimersByTime(3_590_000 * 3);
    expect(runs).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
    expect(calls).toHaveLength(2);
  });
});
