import type { Auth0Client } from '@auth0/auth0-spa-js';
import type { EnvironmentConfig } from '../contract/configTypes';
import { SILENT_CHECK_INTERVAL_MS } from '../lib/constants';
import { readClaims } from '../lib/jwt';
import { browserStorage } from '../lib/memoryStorage';
import {
  AUTH_CLIENT_FAILED_MESSAGE,
  AUTH_CONFIG_MISSING_MESSAGE,
  checkApiError,
  identityFromClaims,
  LOGIN_PATH,
  MISSING_ROLE_MESSAGE,
  permissionsFromClaims,
} from './shared';
import { returnPathOr } from './returnPath';
import type { CsPortalAuthProvider } from './types';

/**
 * Redirect mode: Auth0 universal login behind the same interface as password mode. The Auth0
 * SDK is imported dynamically so it is its own chunk and never part of the first load; the
 * password build does not download it at all.
 */
export const CALLBACK_ERROR_STORAGE_KEY = 'cs-portal.auth.callbackError';

type Auth0Module = Pick<typeof import('@auth0/auth0-spa-js'), 'createAuth0Client'>;

export interface RedirectAuthProviderOptions {
  environment: EnvironmentConfig;
  storage?: Storage;
  /** The page origin; the identity provider sends the user back to `${origin}/login`. */
  origin?: string;
  /** Tests replace the SDK. */
  loadAuth0?: () => Promise<Auth0Module>;
}

export type RedirectAuthProvider = CsPortalAuthProvider & {
  /** Completes the sign-in on the redirect back (`/login?code=...&state=...`). */
  handleCallback: () => Promise<{ redirectTo: string }>;
};

const NOT_SIGNED_IN = { message: false } as const;

export const createRedirectAuthProvider = ({
  environment,
  storage = browserStorage(),
  origin = globalThis.location?.origin ?? '',
  loadAuth0 = () => import('@auth0/auth0-spa-js'),
}: RedirectAuthProviderOptions): RedirectAuthProvider => {
  const { domain, clientId, audience, claimNamespace } = environment.auth;
  // A deployment without these cannot sign anyone in: fail at start-up, not on the first click.
  if (!domain || !clientId) throw new Error(AUTH_CONFIG_MISSING_MESSAGE);
  const redirectUri = `${origin}${LOGIN_PATH}`;

  let clientPromise: Promise<Auth0Client> | undefined;
  const getClient = (): Promise<Auth0Client> => {
    clientPromise ??= (async () => {
      try {
        const { createAuth0Client } = await loadAuth0();
        return await createAuth0Client({
          domain,
          clientId,
          authorizationParams: { audience, redirect_uri: redirectUri },
          cacheLocation: 'localstorage',
          useRefreshTokens: true,
        });
      } catch (cause) {
        clientPromise = undefined; // let a later call try again
        throw new Error(AUTH_CLIENT_FAILED_MESSAGE, { cause });
      }
    })();
    return clientPromise;
  };

  const getToken = async () => {
    try {
      return await (await getClient()).getTokenSilently();
    } catch {
      return undefined;
    }
  };

  /**
   * Ends the sign-in at the identity provider as password mode does: the SDK posts the cached
   * refresh token to `/oauth/revoke`, so a copy of it stops working. Best effort: signing out
   * never fails because the identity provider cannot be reached (the token still expires there).
   */
  const revokeRefreshToken = async (client: Auth0Client) => {
    try {
      await client.revokeRefreshToken();
    } catch {
      // offline, timed out or refused: sign out locally all the same
    }
  };

  const permissions = async () => {
    const client = await getClient();
    const idClaims = (await client.getIdTokenClaims()) as Record<string, unknown> | undefined;
    return permissionsFromClaims(readClaims(await getToken()), idClaims, claimNamespace);
  };

  return {
    // The browser is leaving for the identity provider: never settle, or react-admin would navigate
    // to / meanwhile, and Chromium drops a pending page load when the app changes its history.
    // The page to come back to travels as Auth0's appState (kept by the SDK, not in the URL).
    login: async (params?: { returnTo?: string }) => {
      const returnTo = returnPathOr(params?.returnTo);
      await (await getClient()).loginWithRedirect({ authorizationParams: { redirect_uri: redirectUri }, appState: { returnTo } });
      return new Promise<never>(() => undefined);
    },

    // The spec: a callback error is stored, not displayed; the user lands on the login page again.
    handleCallback: async () => {
      const client = await getClient();
      let appState: { returnTo?: unknown } | undefined;
      try {
        const result = await client.handleRedirectCallback<{ returnTo?: unknown }>();
        appState = result && 'appState' in result ? result.appState : undefined;
      } catch (error) {
        storage.setItem(CALLBACK_ERROR_STORAGE_KEY, JSON.stringify({ message: String((error as Error)?.message ?? error), at: new Date().toISOString() }));
        return { redirectTo: LOGIN_PATH };
      }
      storage.removeItem(CALLBACK_ERROR_STORAGE_KEY);
      if (!(await permissions()).role) {
        // Signed in at the identity provider but not a portal user: drop the local session.
        await client.logout({ openUrl: false });
        throw new Error(MISSING_ROLE_MESSAGE);
      }
      // appState came back through the browser: checked again, never trusted as a URL.
      return { redirectTo: returnPathOr(appState?.returnTo) };
    },

    /**
     * A signed-in user leaves through the identity provider's /v2/logout, which sends the browser
     * back to /login. The URL is returned for react-admin to open after it has cleared its store:
     * opened here, react-admin's own navigation to /login would race it (Chromium drops a pending
     * page load when the app changes its history). Signed out already (react-admin also calls this
     * when checkAuth fails), the round trip is skipped.
     */
    logout: async () => {
      const client = await getClient();
      const signedIn = await client.isAuthenticated();
      await revokeRefreshToken(client); // before logout, which drops the cached token
      let leaveTo = LOGIN_PATH;
      await client.logout(
        signedIn
          ? { logoutParams: { returnTo: redirectUri }, openUrl: (url) => void (leaveTo = url) }
          : { openUrl: false },
      );
      return leaveTo;
    },

    checkAuth: async () => {
      if (!(await (await getClient()).isAuthenticated())) throw NOT_SIGNED_IN;
    },

    // 401: revoke and drop the SDK's cached tokens without leaving the page; react-admin then calls logout.
    checkError: (error: unknown) =>
      checkApiError(error, () =>
        void getClient().then(async (client) => {
          await revokeRefreshToken(client);
          await client.logout({ openUrl: false });
        }),
      ),

    getIdentity: async () => {
      const claims = (await (await getClient()).getIdTokenClaims()) as Record<string, unknown> | undefined;
      if (!claims) throw NOT_SIGNED_IN;
      return identityFromClaims(claims);
    },

    getPermissions: permissions,

    getToken,

    forceRefresh: async () => (await getClient()).getTokenSilently({ cacheMode: 'off' }),

    startSilentRenewal: () => {
      const timer = setInterval(() => {
        getClient()
          .then((client) => client.checkSession())
          .catch(() => undefined); // the next API call's 401 signs out if the session is really gone
      }, SILENT_CHECK_INTERVAL_MS);
      return () => clearInterval(timer);
    },
  };
};
