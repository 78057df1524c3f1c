import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { apiRootOf, type ApiRoot } from '../../src/contract';
import { clientOrigin, trustedProxies } from './clientOrigin';
import { errorBody, MESSAGES } from './errors';

/**
 * The HTTP hardening every response gets, in front of every route: unknown origins get no CORS
 * answer, case variants of API paths a JSON 404, bodies a size limit, JSON writes a JSON
 * Content-Type, and every response the security headers.
 */

/** JSON bodies are small: the largest form is a company or pharmacy; uploads go to blob storage. */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * The built SPA runs under this: its own scripts only (no inline script, no eval), inline styles
 * for MUI/emotion, API and cable calls to its own host, data:/blob: images (avatars, the icon).
 */
type CspDirectives = NonNullable<NonNullable<Parameters<typeof secureHeaders>[0]>['contentSecurityPolicy']>;
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
} satisfies CspDirectives;

/** The header as hono/secure-headers writes it from CSP_DIRECTIVES (`default-src 'self'; script-src 'self'; ...`). */
export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(([directive, values]) => [directive.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...values].join(' '))
  .join('; ');

/**
 * hono/secure-headers with only the headers we send (its other defaults off): CSP, nosniff,
 * X-Frame-Options DENY, Referrer-Policy and Cross-Origin-Opener-Policy same-origin. A route that
 * sets its own (storage's sandboxing CSP on downloads, the hosted login form's) keeps it.
 */
const securityHeaders = secureHeaders({
  contentSecurityPolicy: CSP_DIRECTIVES,
  xContentTypeOptions: 'nosniff',
  xFrameOptions: 'DENY',
  referrerPolicy: 'same-origin',
  crossOriginOpenerPolicy: 'same-origin',
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  removePoweredBy: false,
  overwrite: false,
});

/** Sent on answers to requests that came over HTTPS only (RFC 6797 ignores it over http): one year. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

const EXPOSED_HEADERS = ['x-total-count', 'x-current-page', 'x-total-pages', 'x-last-updated', 'x-store-cache-control', 'etag'];

/** Answers that must never be cached: per-user data and tokens. */
const NO_STORE_ROOTS: ReadonlySet<ApiRoot> = new Set(['core', 'medorder', 'legacy', 'oauth', 'userinfo', 'api']);

/** The API root a path falls under (`/demo/core/x` → `core`), or undefined for the SPA's paths (the shared contract's list). */
export const apiRoot = apiRootOf;

/** env CORS_ORIGINS: comma-separated origins allowed to call the API from another site (none by default). */
export const corsOrigins = () =>
  (process.env.CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);

const isOAuth = (c: Context) => apiRoot(c.req.path) === 'oauth';

/** Auth0's error shape on /oauth/*, ours elsewhere. */
const refuse = (c: Context, status: 404 | 413 | 415, message: string, oauthError: string, oauthDescription: string) =>
  isOAuth(c) ? c.json({ error: oauthError, error_description: oauthDescription }, status) : c.json(errorBody([message]), status);

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

const hasBody = (c: Context) =>
  c.req.raw.headers.has('transfer-encoding') || Number(c.req.header('content-length') ?? '0') > 0;

export interface HttpSecurityOptions {
  /** Origins allowed cross-origin (env CORS_ORIGINS). */
  origins?: string[];
  /** Proxies whose X-Forwarded-Proto is believed for HSTS (env TRUSTED_PROXIES). */
  trustedProxies?: string[];
}

export function httpSecurity(options: HttpSecurityOptions = {}): MiddlewareHandler[] {
  const origins = options.origins ?? corsOrigins();
  const trusted = options.trustedProxies ?? trustedProxies();
  // What secure-headers cannot say: HSTS only for requests that came over https, no-store by API root.
  const perRequestHeaders: MiddlewareHandler = async (c, next) => {
    await next();
    if (clientOrigin(c, trusted).https) c.res.headers.set('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    const root = apiRoot(c.req.path);
    if (root !== undefined && NO_STORE_ROOTS.has(root)) c.res.headers.set('cache-control', 'no-store');
  };

  // `/CORE/api/...` is not the SPA: a case variant of an API path is a JSON 404, not index.html.
  const caseVariants: MiddlewareHandler = async (c, next) => {
    const path = c.req.path;
    if (apiRoot(path) === undefined && apiRoot(path.toLowerCase()) !== undefined) return c.json(errorBody([MESSAGES.notFound]), 404);
    return next();
  };

  // Blob storage takes any file type within its own size limit (server/storage); everything else is JSON.
  const isUpload = (c: Context) => apiRoot(c.req.path) === 'storage';

  const contentType: MiddlewareHandler = async (c, next) => {
    if (!WRITES.has(c.req.method) || apiRoot(c.req.path) === undefined || isUpload(c) || !hasBody(c)) return next();
    const type = c.req.header('content-type') ?? '';
    if (JSON_TYPE.test(type) || (isOAuth(c) && FORM_TYPE.test(type))) return next();
    return refuse(c, 415, MESSAGES.unsupportedMediaType, 'invalid_request', 'Content-Type must be application/json or application/x-www-form-urlencoded.');
  };

  const jsonLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => refuse(c, 413, MESSAGES.tooLarge, 'invalid_request', 'Request body too large.'),
  });
  // A GET or HEAD has no body to limit, and asking for one (`c.req.raw.body`) makes the server
  // adapter build a whole fetch Request with an abort listener whose removal waits for a garbage
  // collection: thousands of them were removed in one go afterwards, holding the thread ~20 ms
  // during issue 36's combined run.
  const limit: MiddlewareHandler = (c, next) => (isUpload(c) || c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : jsonLimit(c, next));

  // A body refused for its size is left unread: the connection cannot carry another request, so
  // the answer says so (Connection: close) instead of the client's next request on it failing.
  const closeAfterRefusedBody: MiddlewareHandler = async (c, next) => {
    await next();
    if (c.res.status === 413) c.res.headers.set('connection', 'close');
  };

  return [
    closeAfterRefusedBody,
    securityHeaders,
    perRequestHeaders,
    cors({
      origin: (origin) => (origins.includes(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      // Auth0-Client: @auth0/auth0-spa-js sends it on /oauth/token and /oauth/revoke (redirect mode).
      allowHeaders: ['Authorization', 'Content-Type', 'If-Updated-Since', 'If-Unmodified-Since', 'If-Match', 'Auth0-Client'],
      exposeHeaders: EXPOSED_HEADERS,
    }),
    caseVariants,
    contentType,
    limit,
  ];
}
