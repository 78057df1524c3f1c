import type { AuthConfig } from '../contract/configTypes';
import { identityProviderOrigin } from './shared';

/** The identity provider's `/oauth/token` (Auth0, or the reference API's stand-in). */
export interface TokenResponse {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  /** Seconds. */
  expires_in?: number;
}

/** A refused grant: `status` is 0 when the endpoint could not be reached. */
export class TokenEndpointError extends Error {
  readonly status: number;
  /** OAuth error code, e.g. `invalid_grant`. */
  readonly code: string | undefined;

  constructor(status: number, code: string | undefined, description?: string) {
    super(description ?? code ?? `token endpoint answered ${status}`);
    this.name = 'TokenEndpointError';
    this.status = status;
    this.code = code;
  }
}

export const PASSWORD_REALM_GRANT = 'http://auth0.com/oauth/grant-type/password-realm';
export const LOGIN_SCOPE = 'openid profile email offline_access';
const DEFAULT_REALM = 'Username-Password-Authentication';

/** How long sign-out waits for the revocation before it goes on without it. */
const REVOKE_TIMEOUT_MS = 5000;

export const createTokenEndpoint = (auth: AuthConfig, fetchImpl: typeof fetch) => {
  const origin = identityProviderOrigin(auth.domain);
  const url = `${origin}/oauth/token`;

  const post = async (body: Record<string, string>): Promise<TokenResponse> => {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
    } catch (cause) {
      throw Object.assign(new TokenEndpointError(0, undefined, 'network failure'), { cause });
    }
    const json = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (!response.ok || typeof json?.access_token !== 'string') {
      const code = typeof json?.error === 'string' ? json.error : undefined;
      const description = typeof json?.error_description === 'string' ? json.error_description : undefined;
      throw new TokenEndpointError(response.status, code, description);
    }
    return json as unknown as TokenResponse;
  };

  return {
    passwordGrant: (username: string, password: string) =>
      post({
        grant_type: PASSWORD_REALM_GRANT,
        realm: auth.realm ?? DEFAULT_REALM,
        username,
        password,
        client_id: auth.clientId,
        audience: auth.audience,
        scope: LOGIN_SCOPE,
      }),
    refreshGrant: (refreshToken: string) =>
      post({ grant_type: 'refresh_token', client_id: auth.clientId, refresh_token: refreshToken }),
    /**
     * Auth0's `POST /oauth/revoke`: the refresh token and every token rotated from it stop working.
     * Best effort: sign-out never fails because the identity provider cannot be reached.
     */
    revoke: async (refreshToken: string): Promise<void> => {
      try {
        await fetchImpl(`${origin}/oauth/revoke`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ client_id: auth.clientId, token: refreshToken }),
          signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS),
        });
      } catch {
        // Offline or timed out: the token still expires on the server (15 days unused).
      }
    },
  };
};

export type TokenEndpoint = ReturnType<typeof createTokenEndpoint>;
