import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { DB } from '../db/open';
import { clientOrigin } from '../shared/clientOrigin';
import { ApiError, errorBody, MESSAGES, onError } from '../shared/errors';
import { bearerToken, verifyAccessToken } from '../shared/auth';
import { commonErrors, createApi, jsonResponse, PUBLIC, ROOT_ONLY, SECURITY } from '../shared/openapi';
import type { IdentityUserRow } from './db';
import { publicJwk, type SigningKey } from './keys';
import { PASSWORD_MAX_LENGTH } from '../../src/contract';
import { createAuthorizationCodes } from './authorizationCodes';
import { createAuthorizeRoutes } from './authorize';
import { documentAuthorizeRoutes } from './authorizeDocs';
import { clientOrigins } from './clientRegistration';
import { createCredentialCheck } from './credentials';
import { createRefreshTokens } from './refreshTokens';
import { createLoginThrottle, type ThrottleLimits } from './throttle';
import type { Sessions } from './sessions';
import { issueTokens, profile, TOKEN_LIFETIME_SECONDS } from './tokens';

export interface IdentitySettings {
  db: DB;
  /** Sign-in sessions: each grant begins one (or continues its refresh family's); the revocations end them. */
  sessions: Sessions;
  key: SigningKey;
  /** The configured issuer (`iss`), never derived from the request. */
  issuer: string;
  /** The APIs a token may be asked for, one per environment; the first is the default. */
  audiences: string[];
  clientId: string;
  claimNamespace: string;
  now: () => Date;
  throttle?: ThrottleLimits;
  /** Proxies whose X-Forwarded-For names the client for the per-address throttle; otherwise the socket's peer. */
  trustedProxies?: string[];
  /** Origins the SPA runs on, for the redirect sign-in (default: env CLIENT_ORIGINS, else the issuer's origin). */
  clientOrigins?: string[];
}

const PASSWORD_REALM = 'http://auth0.com/oauth/grant-type/password-realm';
const DEFAULT_SCOPE = 'openid profile email';

const TokenRequest = z
  .object({
    grant_type: z.string().optional(),
    username: z.string().optional(),
    password: z.string().optional(),
    realm: z.string().optional(),
    client_id: z.string().optional(),
    audience: z.string().optional(),
    scope: z.string().optional(),
    refresh_token: z.string().optional(),
    code: z.string().optional(),
    code_verifier: z.string().optional(),
    redirect_uri: z.string().optional(),
  })
  .openapi('TokenRequest');

const RevokeRequest = z.object({ client_id: z.string().optional(), token: z.string().optional() }).openapi('RevokeRequest');

const TokenResponse = z
  .object({
    access_token: z.string(),
    id_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number(),
    scope: z.string(),
    refresh_token: z.string().optional(),
  })
  .openapi('TokenResponse');

const OAuthError = z.object({ error: z.string(), error_description: z.string() }).openapi('OAuthError');

const tokenRoute = createRoute({
  method: 'post',
  path: '/oauth/token',
  security: PUBLIC,
  servers: ROOT_ONLY,
  summary: 'トークン発行 (Auth0互換: password, password-realm, authorization_code + PKCE, refresh_token)',
  tags: ['identity'],
  request: {
    body: {
      content: {
        'application/json': { schema: TokenRequest },
        'application/x-www-form-urlencoded': { schema: TokenRequest },
      },
    },
  },
  responses: {
    200: jsonResponse(TokenResponse, 'トークン'),
    400: jsonResponse(OAuthError, 'invalid_request'),
    401: jsonResponse(OAuthError, 'access_denied (未登録の client_id)'),
    403: jsonResponse(OAuthError, 'invalid_grant / unsupported_grant_type'),
    429: jsonResponse(OAuthError, 'too_many_attempts (連続失敗によるブロック、同一アドレスからの失敗の多発)'),
  },
});

const revokeRoute = createRoute({
  method: 'post',
  path: '/oauth/revoke',
  security: PUBLIC,
  servers: ROOT_ONLY,
  summary: 'リフレッシュトークンの失効 (Auth0互換: 同じサインインから続くトークンをすべて失効)',
  tags: ['identity'],
  request: {
    body: {
      content: {
        'application/json': { schema: RevokeRequest },
        'application/x-www-form-urlencoded': { schema: RevokeRequest },
      },
    },
  },
  responses: {
    200: { description: '失効しました (未知のトークンも200)' },
    400: jsonResponse(OAuthError, 'invalid_request'),
    401: jsonResponse(OAuthError, 'invalid_client'),
  },
});

const jwksRoute = createRoute({
  method: 'get',
  path: '/.well-known/jwks.json',
  security: PUBLIC,
  servers: ROOT_ONLY,
  summary: '署名鍵 (JWKS)',
  tags: ['identity'],
  responses: { 200: jsonResponse(z.object({ keys: z.array(z.record(z.string(), z.unknown())) }), 'JWKS') },
});

const userinfoRoute = createRoute({
  method: 'get',
  path: '/userinfo',
  summary: 'サインイン中のユーザのプロフィール',
  tags: ['identity'],
  security: SECURITY,
  servers: ROOT_ONLY,
  responses: {
    200: jsonResponse(
      z.object({ sub: z.string(), name: z.string(), email: z.string(), picture: z.string(), email_verified: z.boolean() }),
      'プロフィール',
    ),
    401: commonErrors[401],
  },
});

class OAuthFailure extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 429,
    readonly error: string,
    readonly description: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(description);
  }
}

/** Auth0 caps e-mail addresses at 254 characters. */
const MAX_USERNAME_LENGTH = 254;
export const PASSWORD_TOO_LONG = `パスワードは${PASSWORD_MAX_LENGTH}文字以内で入力してください。`;
const USERNAME_TOO_LONG = `メールアドレスは${MAX_USERNAME_LENGTH}文字以内で入力してください。`;

export function registerIdentityRoutes(app: OpenAPIHono, s: IdentitySettings): void {
  const api = createApi();
  api.onError((err, c) => {
    if (err instanceof OAuthFailure) {
      if (err.retryAfterSeconds !== undefined) c.header('retry-after', String(err.retryAfterSeconds));
      return c.json({ error: err.error, error_description: err.description }, err.status);
    }
    if (err instanceof HTTPException && err.status === 400 && c.req.path.startsWith('/oauth/')) {
      return c.json({ error: 'invalid_request', error_description: 'Malformed request body.' }, 400);
    }
    return onError(err, c);
  });

  const findById = s.db.prepare('SELECT * FROM users WHERE id = @id');
  const refreshTokens = createRefreshTokens(s.db, s.now, s.sessions);
  const checkCredentials = createCredentialCheck(s.db, createLoginThrottle(s.now, s.throttle));
  const codes = createAuthorizationCodes(s.now);
  // /userinfo refuses what the APIs refuse (a token of a revoked session); it needs no pharmacy rights.
  const access = { session: s.sessions.standing, pharmacyRights: () => new Map() };
  const authSettings = s.audiences.map((audience) => ({
    issuer: s.issuer, audience, claimNamespace: s.claimNamespace, publicKey: s.key.publicKey, now: s.now, access,
  }));

  const respond = async (
    c: Context, user: IdentityUserRow, sessionId: string, audience: string, clientId: string, scope: string, refreshToken?: string, nonce?: string,
  ) => {
    const { accessToken, idToken } = await issueTokens(user, {
      key: s.key, issuer: s.issuer, audience, clientId, scope, claimNamespace: s.claimNamespace, now: s.now(), sessionId, nonce,
    });
    const body: z.infer<typeof TokenResponse> = {
      access_token: accessToken,
      id_token: idToken,
      token_type: 'Bearer',
      expires_in: TOKEN_LIFETIME_SECONDS,
      scope,
    };
    if (refreshToken) body.refresh_token = refreshToken;
    c.header('cache-control', 'no-store');
    return c.json(body, 200);
  };

  const requireClient = (clientId: string | undefined) => {
    const id = clientId || s.clientId;
    if (id !== s.clientId) throw new OAuthFailure(401, 'access_denied', 'Unauthorized');
    return id;
  };

  const bodyOf = <T>(c: { req: { header(name: string): string | undefined; valid(target: 'form' | 'json'): T } }) =>
    /^application\/x-www-form-urlencoded/i.test(c.req.header('content-type') ?? '') ? c.req.valid('form') : c.req.valid('json');

  const passwordGrant = async (c: Context, body: z.infer<typeof TokenRequest>, clientId: string) => {
    for (const field of ['username', 'password'] as const) {
      if (!body[field]) throw new OAuthFailure(400, 'invalid_request', `Missing required parameter: ${field}`);
    }
    const username = body.username!.trim();
    if (body.password!.length > PASSWORD_MAX_LENGTH) throw new OAuthFailure(400, 'invalid_request', PASSWORD_TOO_LONG);
    if (username.length > MAX_USERNAME_LENGTH) throw new OAuthFailure(400, 'invalid_request', USERNAME_TOO_LONG);
    const audience = body.audience || s.audiences[0];
    if (!s.audiences.includes(audience)) throw new OAuthFailure(403, 'access_denied', `Service not found: ${audience}`);

    const checked = await checkCredentials(username, body.password!, clientOrigin(c, s.trustedProxies ?? []).address);
    if (!checked.ok && checked.reason === 'throttled') {
      throw new OAuthFailure(429, 'too_many_attempts', checked.description, checked.retryAfterSeconds);
    }
    if (!checked.ok) throw new OAuthFailure(403, 'invalid_grant', 'Wrong email or password.');
    const { user } = checked;
    const scope = body.scope?.trim() || DEFAULT_SCOPE;
    const sessionId = s.sessions.begin(user.id);
    const refreshToken = scope.split(/\s+/).includes('offline_access')
      ? refreshTokens.issue({ userId: user.id, sessionId, clientId, audience, scope })
      : undefined;
    return respond(c, user, sessionId, audience, clientId, scope, refreshToken);
  };

  const refreshGrant = async (c: Context, body: z.infer<typeof TokenRequest>, clientId: string) => {
    if (!body.refresh_token) throw new OAuthFailure(400, 'invalid_request', 'Missing required parameter: refresh_token');
    const next = refreshTokens.rotate(body.refresh_token, clientId);
    const user = next && (findById.get({ id: next.userId }) as IdentityUserRow | undefined);
    if (!next || !user) throw new OAuthFailure(403, 'invalid_grant', 'Unknown or invalid refresh token.');
    // A refreshed token stays in its session: a revocation of the session reaches it too.
    return respond(c, user, next.sessionId, next.audience, clientId, next.scope, next.token);
  };

  /** The redirect sign-in's code (authorize.ts) for tokens, once, with the PKCE verifier. */
  const codeGrant = async (c: Context, body: z.infer<typeof TokenRequest>, clientId: string) => {
    for (const field of ['code', 'code_verifier', 'redirect_uri'] as const) {
      if (!body[field]) throw new OAuthFailure(400, 'invalid_request', `Missing required parameter: ${field}`);
    }
    const redeemed = codes.redeem(body.code!, { clientId, redirectUri: body.redirect_uri!, codeVerifier: body.code_verifier! });
    if (!redeemed.ok) {
      // A replayed code: the tokens it gave may be in the wrong hands (RFC 6749 §4.1.2): their session ends.
      if (redeemed.reusedSession) s.sessions.revoke(redeemed.reusedSession);
      throw new OAuthFailure(403, 'invalid_grant', redeemed.description);
    }
    const { grant } = redeemed;
    const user = findById.get({ id: grant.userId }) as IdentityUserRow | undefined;
    if (!user) throw new OAuthFailure(403, 'invalid_grant', 'ユーザーが見つかりません。');
    const sessionId = s.sessions.begin(user.id);
    codes.bindSession(body.code!, sessionId);
    const refreshToken = grant.scope.split(' ').includes('offline_access')
      ? refreshTokens.issue({ userId: user.id, sessionId, clientId, audience: grant.audience, scope: grant.scope })
      : undefined;
    return respond(c, user, sessionId, grant.audience, clientId, grant.scope, refreshToken, grant.nonce);
  };

  api.openapi(
    tokenRoute,
    async (c) => {
      const body = bodyOf(c);
      const grant = body.grant_type;
      if (!grant) throw new OAuthFailure(400, 'invalid_request', 'Missing required parameter: grant_type');
      const clientId = requireClient(body.client_id);
      if (grant === 'password' || grant === PASSWORD_REALM) return passwordGrant(c, body, clientId);
      if (grant === 'refresh_token') return refreshGrant(c, body, clientId);
      if (grant === 'authorization_code') return codeGrant(c, body, clientId);
      throw new OAuthFailure(403, 'unsupported_grant_type', `Unsupported grant type: ${grant}`);
    },
    invalidRequest,
  );

  api.openapi(
    revokeRoute,
    (c) => {
      const body = bodyOf(c);
      if (!body.token) throw new OAuthFailure(400, 'invalid_request', 'Missing required parameter: token');
      if (!refreshTokens.revoke(body.token, requireClient(body.client_id))) {
        throw new OAuthFailure(401, 'invalid_client', 'The token was issued to another client.');
      }
      return c.body(null, 200);
    },
    invalidRequest,
  );

  api.openapi(jwksRoute, async (c) => {
    c.header('cache-control', 'public, max-age=300');
    return c.json({ keys: [await publicJwk(s.key)] }, 200);
  });

  api.openapi(userinfoRoute, async (c) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) return c.json(errorBody([MESSAGES.unauthenticated]), 401);
    // A token for any of the configured APIs (environments) may read its own profile.
    const principal = await firstAccepted(authSettings.map((settings) => () => verifyAccessToken(token, settings)));
    const user = findById.get({ id: principal.sub.replace(/^auth0\|/, '') }) as IdentityUserRow | undefined;
    if (!user) throw new ApiError(401, [MESSAGES.unauthenticated]);
    return c.json(profile(user), 200);
  });

  documentAuthorizeRoutes(api);
  app.route('/', api);
  app.route('/', createAuthorizeRoutes({
    client: { clientId: s.clientId, origins: s.clientOrigins ?? clientOrigins(undefined, s.issuer), audiences: s.audiences },
    issuerOrigin: new URL(s.issuer).origin,
    checkCredentials,
    codes,
    trustedProxies: s.trustedProxies ?? [],
  }));
}

function invalidRequest(result: { success: boolean }, c: Context) {
  if (!result.success) return c.json({ error: 'invalid_request', error_description: 'Invalid request parameters.' }, 400);
}

/** The first verification that succeeds; otherwise the last refusal (an expiry says so). */
async function firstAccepted<T>(attempts: (() => Promise<T>)[]): Promise<T> {
  let failure: unknown;
  for (const attempt of attempts) {
    try {
      return await attempt();
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}
