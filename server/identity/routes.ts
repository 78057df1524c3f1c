import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../db/open';
import { ApiError, errorBody, MESSAGES, onError } from '../shared/errors';
import { bearerToken, verifyAccessToken } from '../shared/auth';
import { commonErrors, createApi, jsonResponse } from '../shared/openapi';
import type { IdentityUserRow } from './db';
import { publicJwk, type SigningKey } from './keys';
import { verifyPassword } from './passwords';
import { issueTokens, profile, TOKEN_LIFETIME_SECONDS } from './tokens';

export interface IdentitySettings {
  db: DB;
  key: SigningKey;
  audience: string;
  clientId: string;
  claimNamespace: string;
  now: () => Date;
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
  })
  .openapi('TokenRequest');

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
  summary: 'トークン発行 (Auth0互換: password, password-realm, refresh_token)',
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
    403: jsonResponse(OAuthError, 'invalid_grant / unsupported_grant_type'),
  },
});

const jwksRoute = createRoute({
  method: 'get',
  path: '/.well-known/jwks.json',
  summary: '署名鍵 (JWKS)',
  tags: ['identity'],
  responses: { 200: jsonResponse(z.object({ keys: z.array(z.record(z.string(), z.unknown())) }), 'JWKS') },
});

const userinfoRoute = createRoute({
  method: 'get',
  path: '/userinfo',
  summary: 'サインイン中のユーザのプロフィール',
  tags: ['identity'],
  security: [{ bearerAuth: [] }],
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
    readonly status: 400 | 403,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function registerIdentityRoutes(app: OpenAPIHono, s: IdentitySettings): void {
  const api = createApi();
  api.onError((err, c) => {
    if (err instanceof OAuthFailure) return c.json({ error: err.error, error_description: err.description }, err.status);
    if (err instanceof HTTPException && err.status === 400 && c.req.path === '/oauth/token') {
      return c.json({ error: 'invalid_request', error_description: 'Malformed request body.' }, 400);
    }
    return onError(err, c);
  });

  const findByEmail = s.db.prepare('SELECT * FROM users WHERE email = ? COLLATE NOCASE');
  const findById = s.db.prepare('SELECT * FROM users WHERE id = ?');
  const insertRefresh = s.db.prepare(
    'INSERT INTO refresh_tokens (token_hash, user_id, client_id, audience, scope, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const findRefresh = s.db.prepare('SELECT * FROM refresh_tokens WHERE token_hash = ?');

  const respond = async (c: Context, user: IdentityUserRow, audience: string, clientId: string, scope: string, withRefresh: boolean) => {
    const issuer = `${new URL(c.req.url).origin}/`;
    const now = s.now();
    const { accessToken, idToken } = await issueTokens(user, {
      key: s.key, issuer, audience, clientId, scope, claimNamespace: s.claimNamespace, now,
    });
    const body: z.infer<typeof TokenResponse> = {
      access_token: accessToken,
      id_token: idToken,
      token_type: 'Bearer',
      expires_in: TOKEN_LIFETIME_SECONDS,
      scope,
    };
    if (withRefresh && scope.split(/\s+/).includes('offline_access')) {
      const token = randomBytes(32).toString('base64url');
      insertRefresh.run(sha256(token), user.id, clientId, audience, scope, now.toISOString());
      body.refresh_token = token;
    }
    c.header('cache-control', 'no-store');
    return c.json(body, 200);
  };

  api.openapi(
    tokenRoute,
    async (c) => {
      const isForm = /^application\/x-www-form-urlencoded/i.test(c.req.header('content-type') ?? '');
      const body = isForm ? c.req.valid('form') : c.req.valid('json');
      const grant = body.grant_type;
      if (!grant) throw new OAuthFailure(400, 'invalid_request', 'Missing required parameter: grant_type');
      const clientId = body.client_id || s.clientId;
      if (grant === 'password' || grant === PASSWORD_REALM) {
        for (const field of ['username', 'password'] as const) {
          if (!body[field]) throw new OAuthFailure(400, 'invalid_request', `Missing required parameter: ${field}`);
        }
        const audience = body.audience || s.audience;
        if (audience !== s.audience) throw new OAuthFailure(403, 'access_denied', `Service not found: ${audience}`);
        const user = findByEmail.get(body.username!.trim()) as IdentityUserRow | undefined;
        if (!user || !verifyPassword(body.password!, user.password_hash)) {
          throw new OAuthFailure(403, 'invalid_grant', 'Wrong email or password.');
        }
        return respond(c, user, audience, clientId, body.scope?.trim() || DEFAULT_SCOPE, true);
      }
      if (grant === 'refresh_token') {
        if (!body.refresh_token) throw new OAuthFailure(400, 'invalid_request', 'Missing required parameter: refresh_token');
        const stored = findRefresh.get(sha256(body.refresh_token)) as
          | { user_id: string; audience: string; scope: string }
          | undefined;
        const user = stored && (findById.get(stored.user_id) as IdentityUserRow | undefined);
        if (!stored || !user) throw new OAuthFailure(403, 'invalid_grant', 'Unknown or invalid refresh token.');
        return respond(c, user, stored.audience, clientId, stored.scope, false);
      }
      throw new OAuthFailure(403, 'unsupported_grant_type', `Unsupported grant type: ${grant}`);
    },
    (result, c) => {
      if (!result.success) return c.json({ error: 'invalid_request', error_description: 'Invalid request parameters.' }, 400);
    },
  );

  api.openapi(jwksRoute, async (c) => {
    c.header('cache-control', 'public, max-age=300');
    return c.json({ keys: [await publicJwk(s.key)] }, 200);
  });

  api.openapi(userinfoRoute, async (c) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) return c.json(errorBody([MESSAGES.unauthenticated]), 401);
    const principal = await verifyAccessToken(token, {
      audience: s.audience, claimNamespace: s.claimNamespace, publicKey: s.key.publicKey, now: s.now,
    });
    const user = findById.get(principal.sub.replace(/^auth0\|/, '')) as IdentityUserRow | undefined;
    if (!user) throw new ApiError(401, [MESSAGES.unauthenticated]);
    return c.json(profile(user), 200);
  });

  app.route('/', api);
}
