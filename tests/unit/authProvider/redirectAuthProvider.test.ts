import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CALLBACK_ERROR_STORAGE_KEY, createAuthProvider, createRedirectAuthProvider } from '../../../src/authProvider';
import { createMemoryStorage } from '../../../src/lib/memoryStorage';
import { testEnvironment } from '../support/environment';
import { makeJwt, NAMESPACE } from '../support/tokens';

const client = {
  loginWithRedirect: vi.fn(async () => undefined),
  handleRedirectCallback: vi.fn(async () => ({})),
  isAuthenticated: vi.fn(async () => true),
  getTokenSilently: vi.fn(async () => 'token'),
  getIdTokenClaims: vi.fn(async (): Promise<Record<string, unknown> | undefined> => ({ sub: 'auth0|1', name: '管理 太郎', email: 'taro@example.test' })),
  checkSession: vi.fn(async () => undefined),
  logout: vi.fn(async () => undefined),
  revokeRefreshToken: vi.fn(async () => undefined),
};
const createAuth0Client = vi.fn(async (_options: unknown) => client);

vi.mock('@auth0/auth0-spa-js', () => ({ createAuth0Client: (options: unknown) => createAuth0Client(options) }));

const environment = testEnvironment({
  auth: { mode: 'redirect', domain: 'tenant.auth0.test', clientId: 'spa-client', audience: 'https://api.cs-portal.test', claimNamespace: NAMESPACE },
});

beforeEach(() => {
  vi.clearAllMocks();
});

describe('redirect mode (Auth0 SDK mocked)', () => {
  it('creates the client lazily with the configured options', async () => {
    const authProvider = createRedirectAuthProvider({ environment, storage: createMemoryStorage(), origin: 'https://portal.test' });
    expect(createAuth0Client).not.toHaveBeenCalled();
    const settled = vi.fn();
    void authProvider.login({}).then(settled, settled);
    await vi.waitFor(() => expect(client.loginWithRedirect).toHaveBeenCalled());
    // The page is leaving: login never settles, so react-admin does not navigate meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 0)); // a macrotask: every pending microtask has run
    expect(settled).not.toHaveBeenCalled();
    expect(createAuth0Client).toHaveBeenCalledWith({
      domain: 'tenant.auth0.test',
      clientId: 'spa-client',
      authorizationParams: { audience: 'https://api.cs-portal.test', redirect_uri: 'https://portal.test/login' },
      cacheLocation: 'localstorage',
      useRefreshTokens: true,
    });
    expect(client.loginWithRedirect).toHaveBeenCalled();
  });

  it('is chosen by createAuthProvider for mode redirect', async () => {
    const authProvider = createAuthProvider({ environment, storage: createMemoryStorage() });
    await expect(authProvider.getToken()).resolves.toBe('token');
  });

  it('reads identity, permissions and token from the SDK', async () => {
    client.getTokenSilently.mockResolvedValue(await makeJwt({ [`${NAMESPACE}roles`]: ['admin'] }));
    const authProvider = createRedirectAuthProvider({ environment, storage: createMemoryStorage(), origin: '' });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    await expect(authProvider.getIdentity!()).resolves.toMatchObject({ id: 'auth0|1', fullName: '管理 太郎', email: 'taro@example.test' });
    await expect(authProvider.getPermissions!({})).resolves.toEqual({ role: 'admin', isAdmin: true, pharmacyIds: [] });
    await authProvider.forceRefresh();
    expect(client.getTokenSilently).toHaveBeenLastCalledWith({ cacheMode: 'off' });
  });

  it('stores a callback error without displaying it', async () => {
    const storage = createMemoryStorage();
    client.handleRedirectCallback.mockRejectedValueOnce(new Error('Invalid state'));
    const authProvider = createRedirectAuthProvider({ environment, storage, origin: '' });
    await expect(authProvider.handleCallback()).resolves.toEqual({ redirectTo: '/login' });
    expect(JSON.parse(storage.getItem(CALLBACK_ERROR_STORAGE_KEY)!)).toMatchObject({ message: 'Invalid state' });
  });

  it('carries the page to come back to as appState, and returns there after the callback (issue 40 item 7)', async () => {
    client.getTokenSilently.mockResolvedValue(await makeJwt({ [`${NAMESPACE}roles`]: ['admin'] }));
    const authProvider = createRedirectAuthProvider({ environment, storage: createMemoryStorage(), origin: 'https://portal.test' });
    void authProvider.login({ returnTo: '/v2/core/pharmacies/12/edit?tab=1#memo' });
    await vi.waitFor(() => expect(client.loginWithRedirect).toHaveBeenCalled());
    expect(client.loginWithRedirect).toHaveBeenCalledWith(expect.objectContaining({ appState: { returnTo: '/v2/core/pharmacies/12/edit?tab=1#memo' } }));

    client.handleRedirectCallback.mockResolvedValueOnce({ appState: { returnTo: '/v2/core/pharmacies/12/edit?tab=1#memo' } });
    await expect(authProvider.handleCallback()).resolves.toEqual({ redirectTo: '/v2/core/pharmacies/12/edit?tab=1#memo' });
    // appState comes back through the browser: another origin or /login is home instead.
    client.handleRedirectCallback.mockResolvedValueOnce({ appState: { returnTo: '//evil.example/' } });
    await expect(authProvider.handleCallback()).resolves.toEqual({ redirectTo: '/' });
    client.handleRedirectCallback.mockResolvedValueOnce({ appState: { returnTo: '/login' } });
    await expect(authProvider.handleCallback()).resolves.toEqual({ redirectTo: '/' });
  });

  it("rejects a callback for a user without a role with 'userRoleが見つかりません。'", async () => {
    client.getTokenSilently.mockResolvedValue(await makeJwt({}));
    client.getIdTokenClaims.mockResolvedValueOnce({ sub: 'auth0|1' });
    const authProvider = createRedirectAuthProvider({ environment, storage: createMemoryStorage(), origin: '' });
    await expect(authProvider.handleCallback()).rejects.toThrow('userRoleが見つかりません。');
    expect(client.logout).toHaveBeenCalledWith({ openUrl: false });
  });

  it('signs a signed-in user out through the identity provider, returning its URL for react-admin to open', async () => {
    client.logout.mockImplementationOnce((async (options: { openUrl: (url: string) => void }) => {
      options.openUrl('https://tenant.auth0.test/v2/logout?client_id=spa-client&returnTo=https%3A%2F%2Fportal.test%2Flogin');
    }) as never);
    const authProvider = createRedirectAuthProvider({ environment, storage: createMemoryStorage(), origin: 'https://portal.test' });
    await expect(authProvider.logout({})).resolves.toBe('https://tenant.auth0.test/v2/logout?client_id=spa-client&returnTo=https%3A%2F%2Fportal.test%2Flogin');
    expect(client.revokeRefreshToken).toHaveBeenCalled();
    expect(client.logout).toHaveBeenCalledWith({ logoutParams: { returnTo: 'https://portal.test/login' }, openUrl: expect.any(Function) });
  });

  it('skips the identity provider when nobody is signed in', async () => {
    client.isAuthenticated.mockResolvedValueOnce(false);
    const authProvider = createRedirectAuthProvider({ environment, storage: createMemoryStorage(), origin: 'https://portal.test' });
    await expect(authProvider.logout({})).resolves.toBe('/login');
    expect(client.logout).toHaveBeenCalledWith({ openUrl: false });
  });

  it('throws a configuration error without domain or client id', () => {
    expect(() => createRedirectAuthProvider({ environment: testEnvironment({ auth: { ...environment.auth, clientId: '' } }) })).toThrow('認証の設定が見つかりません。');
  });

  it('reports a client that cannot be created', async () => {
    createAuth0Client.mockRejectedValueOnce(new Error('crypto unavailable'));
    const authProvider = createRedirectAuthProvider({ environment, storage: createMemoryStorage(), origin: '' });
    await expect(authProvider.checkAuth({})).rejects.toThrow('認証クライアントを作成できませんでした。');
  });

  it('checks the session every 3,590,000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const authProvider = createRedirectAuthProvider({ environment, storage: createMemoryStorage(), origin: '' });
    const stop = authProvider.startSilentRenewal();
    vi.advanceTimersByTime(3_590_000);
    await vi.waitFor(() => expect(client.checkSession).toHaveBeenCalledTimes(1));
    stop();
    vi.useRealTimers();
  });
});
