import { Hono, type Context } from 'hono';
import { clientOrigin } from '../shared/clientOrigin';
import { errorBody } from '../shared/errors';
import { PASSWORD_MAX_LENGTH } from '../../src/contract';
import type { AuthorizationCodes } from './authorizationCodes';
import { authorizeParams, callbackUrl, parseAuthorizeRequest, type AuthorizeClient, type AuthorizeRequest } from './authorizeRequest';
import { CALLBACK_PATH, isAllowedReturnTo } from './clientRegistration';
import type { CheckCredentials } from './credentials';
import { HOSTED_LOGIN_MESSAGES, hostedLoginCsp, renderHostedLogin, type HostedLoginView } from './hostedLogin';

/**
 * The redirect sign-in's browser side, as @auth0/auth0-spa-js drives it: `GET /authorize` shows
 * the hosted login form, its `POST /authorize` checks the password and sends the browser back to
 * the client with a one-time code (or the OAuth error), and `GET /v2/logout` sends it back to the
 * portal. The code is exchanged at `/oauth/token` (routes.ts).
 */
export interface AuthorizeSettings {
  client: AuthorizeClient;
  /** The issuer's origin (env ISSUER): the hosted login form is served there, and only posts from there are taken. */
  issuerOrigin: string;
  checkCredentials: CheckCredentials;
  codes: AuthorizationCodes;
  trustedProxies: string[];
}

export const LOGOUT_MESSAGES = {
  clientId: 'client_idが登録されたクライアントと一致しません。',
  returnTo: 'returnToが許可されたURLではありません。',
} as const;
const FORM_REQUIRED = 'Content-Type は application/x-www-form-urlencoded を指定してください。';
export const CROSS_SITE_LOGIN = '他のサイトから送信されたログインは受け付けられません。ログイン画面からもう一度ログインしてください。';
const MAX_EMAIL_LENGTH = 254;

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

export function createAuthorizeRoutes(s: AuthorizeSettings): Hono {
  const app = new Hono();
  const noStore = (c: Context) => c.header('cache-control', 'no-store');

  const page = (c: Context, view: HostedLoginView, status: 200 | 400 | 401 | 429 = 200) => {
    noStore(c);
    c.header('content-security-policy', hostedLoginCsp(s.client.origins));
    return c.html(renderHostedLogin(view), status);
  };

  const redirect = (c: Context, url: string) => {
    noStore(c);
    return c.redirect(url, 302);
  };

  /** Parses, and answers a request that cannot go on (refused here, or an OAuth error redirect). */
  const read = (c: Context, params: URLSearchParams): { request: AuthorizeRequest } | { response: Response } => {
    const parsed = parseAuthorizeRequest(params, s.client);
    if (parsed.kind === 'refused') return { response: c.json(errorBody([parsed.message]), 400) };
    if (parsed.kind === 'error') {
      const { redirectUri, error, description, state } = parsed;
      return { response: redirect(c, callbackUrl(redirectUri, { error, error_description: description, state })) };
    }
    return { request: parsed.request };
  };

  app.get('/authorize', (c) => {
    const result = read(c, new URL(c.req.url).searchParams);
    if ('response' in result) return result.response;
    return page(c, { hidden: authorizeParams(result.request) });
  });

  /**
   * Login CSRF: another site must not be able to sign a visitor's browser in (to the attacker's
   * account) by posting this form. A browser says where a post comes from: Sec-Fetch-Site (which
   * a page cannot forge) must be same-origin; without it (older browsers) Origin must be the
   * issuer's, and `null` is refused. A request with neither is not a browser's cross-site post
   * (every current browser sends Origin on one), so scripts and curl may still post the form.
   */
  const crossSite = (c: Context): boolean => {
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined) return site !== 'same-origin';
    const origin = c.req.header('origin');
    return origin !== undefined && origin !== s.issuerOrigin;
  };

  app.post('/authorize', async (c) => {
    if (crossSite(c)) {
      noStore(c);
      return c.json(errorBody([CROSS_SITE_LOGIN]), 403);
    }
    if (!FORM_TYPE.test(c.req.header('content-type') ?? '')) return c.json(errorBody([FORM_REQUIRED]), 415);
    const form = new URLSearchParams(await c.req.text());
    const result = read(c, form);
    if ('response' in result) return result.response;
    const { request } = result;
    const hidden = authorizeParams(request);
    if (form.get('action') === 'cancel') {
      return redirect(c, callbackUrl(request.redirectUri, { error: 'access_denied', error_description: HOSTED_LOGIN_MESSAGES.cancelled, state: request.state }));
    }

    const email = (form.get('username') ?? '').trim();
    const password = form.get('password') ?? '';
    const view: HostedLoginView = { hidden, email: email.slice(0, MAX_EMAIL_LENGTH) };
    if (!email) view.emailError = HOSTED_LOGIN_MESSAGES.emailRequired;
    else if (email.length > MAX_EMAIL_LENGTH) view.emailError = `メールアドレスは${MAX_EMAIL_LENGTH}文字以内で入力してください。`;
    if (!password) view.passwordError = HOSTED_LOGIN_MESSAGES.passwordRequired;
    else if (password.length > PASSWORD_MAX_LENGTH) view.passwordError = `パスワードは${PASSWORD_MAX_LENGTH}文字以内で入力してください。`;
    if (view.emailError || view.passwordError) return page(c, view, 400);

    const checked = await s.checkCredentials(email, password, clientOrigin(c, s.trustedProxies).address);
    if (!checked.ok) {
      if (checked.reason === 'throttled') {
        c.header('retry-after', String(checked.retryAfterSeconds));
        return page(c, { ...view, formError: HOSTED_LOGIN_MESSAGES.throttled }, 429);
      }
      return page(c, { ...view, formError: HOSTED_LOGIN_MESSAGES.invalid }, 401);
    }
    const code = s.codes.issue({
      userId: checked.user.id,
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      audience: request.audience,
      scope: request.scope,
      nonce: request.nonce,
    });
    return redirect(c, callbackUrl(request.redirectUri, { code, state: request.state }));
  });

  // No sign-in session is kept here (see authorizeRequest.ts), so signing out only sends the browser back.
  app.get('/v2/logout', (c) => {
    const params = new URL(c.req.url).searchParams;
    const clientId = params.get('client_id');
    if (params.getAll('client_id').length > 1 || (clientId !== null && clientId !== s.client.clientId)) {
      return c.json(errorBody([LOGOUT_MESSAGES.clientId]), 400);
    }
    const returnTo = params.getAll('returnTo');
    if (returnTo.length === 0) return redirect(c, `${s.client.origins[0]}${CALLBACK_PATH}`);
    if (returnTo.length > 1 || !isAllowedReturnTo(s.client, returnTo[0])) return c.json(errorBody([LOGOUT_MESSAGES.returnTo]), 400);
    return redirect(c, returnTo[0]);
  });
  return app;
}
