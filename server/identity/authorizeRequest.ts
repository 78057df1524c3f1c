import { isRegisteredCallback, type ClientRegistration } from './clientRegistration';

/**
 * Reads an authorization request (`/authorize`, RFC 6749 §4.1.1 with PKCE) into what the hosted
 * login needs. Until client_id and redirect_uri are known good nothing may be sent to the
 * redirect_uri (§4.1.2.1): those failures are answered here, in Japanese; every later one goes
 * back to the client as the OAuth error redirect, with its state.
 */
export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state?: string;
  nonce?: string;
  audience: string;
  scope: string;
  codeChallenge: string;
}

export type ParsedAuthorizeRequest =
  | { kind: 'refused'; message: string }
  | { kind: 'error'; redirectUri: string; state?: string; error: string; description: string }
  | { kind: 'login'; request: AuthorizeRequest; prompt?: string };

export interface AuthorizeClient extends ClientRegistration {
  audiences: string[];
}

/** The SDK's state and nonce are ~60 characters; nothing legitimate is longer than this. */
export const MAX_STATE_LENGTH = 512;
const MAX_SCOPE_LENGTH = 1024;
/** base64url of a SHA-256 digest: 43 characters, no padding. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export const AUTHORIZE_MESSAGES = {
  clientId: 'client_idが登録されたクライアントと一致しません。',
  redirectUriMissing: 'redirect_uriを指定してください。',
  redirectUri: 'redirect_uriが登録されたコールバックURLと一致しません。',
  duplicate: (name: string) => `${name}が複数指定されています。`,
  responseType: 'response_typeはcodeのみ対応しています。',
  responseMode: 'response_modeはqueryのみ対応しています。',
  challengeMethod: 'code_challenge_methodはS256を指定してください。',
  challenge: 'code_challengeはSHA-256のbase64url (43文字) で指定してください。',
  tooLong: (name: string) => `${name}が長すぎます。`,
  audience: (audience: string) => `APIが見つかりません: ${audience}`,
  loginRequired: 'ログインが必要です。',
} as const;

/** The parameters of a request; a repeated one is refused (RFC 6749 §3.1). */
export function parseAuthorizeRequest(params: URLSearchParams, client: AuthorizeClient): ParsedAuthorizeRequest {
  const repeated = (name: string) => params.getAll(name).length > 1;
  for (const name of ['client_id', 'redirect_uri']) {
    if (repeated(name)) return { kind: 'refused', message: AUTHORIZE_MESSAGES.duplicate(name) };
  }
  if (params.get('client_id') !== client.clientId) return { kind: 'refused', message: AUTHORIZE_MESSAGES.clientId };
  const redirectUri = params.get('redirect_uri');
  if (!redirectUri) return { kind: 'refused', message: AUTHORIZE_MESSAGES.redirectUriMissing };
  if (!isRegisteredCallback(client, redirectUri)) return { kind: 'refused', message: AUTHORIZE_MESSAGES.redirectUri };

  const rawState = params.get('state') ?? undefined;
  // A state too long to echo is not echoed: the client then rejects the answer, as it should.
  const state = rawState !== undefined && rawState.length <= MAX_STATE_LENGTH && !repeated('state') ? rawState : undefined;
  const fail = (error: string, description: string) => ({ kind: 'error' as const, redirectUri, state, error, description });

  if (rawState !== undefined && state === undefined) {
    return fail('invalid_request', repeated('state') ? AUTHORIZE_MESSAGES.duplicate('state') : AUTHORIZE_MESSAGES.tooLong('state'));
  }
  for (const name of ['response_type', 'response_mode', 'nonce', 'audience', 'scope', 'code_challenge', 'code_challenge_method', 'prompt']) {
    if (repeated(name)) return fail('invalid_request', AUTHORIZE_MESSAGES.duplicate(name));
  }
  if (params.get('response_type') !== 'code') return fail('unsupported_response_type', AUTHORIZE_MESSAGES.responseType);
  const responseMode = params.get('response_mode');
  if (responseMode !== null && responseMode !== 'query') return fail('invalid_request', AUTHORIZE_MESSAGES.responseMode);
  if (params.get('code_challenge_method') !== 'S256') return fail('invalid_request', AUTHORIZE_MESSAGES.challengeMethod);
  const codeChallenge = params.get('code_challenge') ?? '';
  if (!S256_CHALLENGE.test(codeChallenge)) return fail('invalid_request', AUTHORIZE_MESSAGES.challenge);
  const nonce = params.get('nonce') || undefined;
  if (nonce !== undefined && nonce.length > MAX_STATE_LENGTH) return fail('invalid_request', AUTHORIZE_MESSAGES.tooLong('nonce'));
  const scope = (params.get('scope') ?? '').trim().split(/\s+/).filter(Boolean).join(' ') || 'openid';
  if (scope.length > MAX_SCOPE_LENGTH) return fail('invalid_scope', AUTHORIZE_MESSAGES.tooLong('scope'));
  const audience = params.get('audience') || client.audiences[0];
  if (!client.audiences.includes(audience)) return fail('access_denied', AUTHORIZE_MESSAGES.audience(audience));
  // No sign-in session is kept at the identity provider (the SDK renews with refresh tokens), so
  // a request that must not show the login form can only be told to log in.
  const prompt = params.get('prompt') ?? undefined;
  if (prompt === 'none') return fail('login_required', AUTHORIZE_MESSAGES.loginRequired);

  return { kind: 'login', request: { clientId: client.clientId, redirectUri, state, nonce, audience, scope, codeChallenge }, prompt };
}

/** The parameters that carry a request from the login form's GET to its POST (hidden fields). */
export function authorizeParams(request: AuthorizeRequest): [string, string][] {
  const fields: [string, string | undefined][] = [
    ['client_id', request.clientId],
    ['redirect_uri', request.redirectUri],
    ['response_type', 'code'],
    ['response_mode', 'query'],
    ['state', request.state],
    ['nonce', request.nonce],
    ['audience', request.audience],
    ['scope', request.scope],
    ['code_challenge', request.codeChallenge],
    ['code_challenge_method', 'S256'],
  ];
  return fields.filter((field): field is [string, string] => field[1] !== undefined);
}

/** `{redirect_uri}?code=…&state=…` or `?error=…&error_description=…&state=…` (RFC 6749 §4.1.2). */
export function callbackUrl(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}
