import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { ErrorSchema, PUBLIC, ROOT_ONLY } from '../shared/openapi';

/**
 * The redirect sign-in's browser routes (authorize.ts) in /api/openapi.json. They answer HTML and
 * redirects, not JSON, so they are plain Hono handlers documented here.
 */
const AuthorizeParams = z
  .object({
    client_id: z.string().openapi({ title: 'クライアントID', example: 'cs-portal' }),
    redirect_uri: z.string().openapi({ title: 'コールバックURL ({登録済みのオリジン}/login と完全一致)', example: 'https://cs-portal.example.com/login' }),
    response_type: z.literal('code').openapi({ title: 'レスポンスタイプ' }),
    response_mode: z.literal('query').optional().openapi({ title: 'レスポンスモード' }),
    state: z.string().max(512).optional().openapi({ title: 'state (そのまま返す)' }),
    nonce: z.string().max(512).optional().openapi({ title: 'nonce (id_tokenに入れる)' }),
    audience: z.string().optional().openapi({ title: 'API (audience)', example: 'https://api.cs-portal.example.com' }),
    scope: z.string().optional().openapi({ title: 'スコープ', example: 'openid profile email offline_access' }),
    code_challenge: z.string().length(43).openapi({ title: 'PKCEチャレンジ (SHA-256のbase64url)' }),
    code_challenge_method: z.literal('S256').openapi({ title: 'PKCE方式' }),
    prompt: z.string().optional().openapi({ title: 'prompt (noneはlogin_requiredを返す)' }),
  })
  .openapi('AuthorizeParams');

const LoginForm = AuthorizeParams.omit({ prompt: true })
  .extend({
    username: z.string().max(254).openapi({ title: 'メールアドレス' }),
    password: z.string().openapi({ title: 'パスワード' }),
    action: z.enum(['login', 'cancel']).openapi({ title: '操作 (ログイン / キャンセル)' }),
  })
  .openapi('HostedLoginForm');

const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
const errors = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } });
const backToClient = { description: '{redirect_uri}?code=…&state=… またはOAuthエラー (?error=…&error_description=…&state=…) へリダイレクト' };

export function documentAuthorizeRoutes(api: OpenAPIHono): void {
  api.openAPIRegistry.registerPath({
    method: 'get',
    path: '/authorize',
    summary: 'ホスト型ログイン画面 (Auth0互換: 認可コード + PKCE)',
    tags: ['identity'],
    security: PUBLIC,
    servers: ROOT_ONLY,
    request: { query: AuthorizeParams },
    responses: { 200: html('ログインフォーム'), 302: backToClient, 400: errors('未登録のclient_idまたはredirect_uri (リダイレクトしない)') },
  });
  api.openAPIRegistry.registerPath({
    method: 'post',
    path: '/authorize',
    summary: 'ホスト型ログインの送信',
    tags: ['identity'],
    security: PUBLIC,
    servers: ROOT_ONLY,
    request: { body: { required: true, content: { 'application/x-www-form-urlencoded': { schema: LoginForm } } } },
    responses: {
      302: backToClient,
      400: html('未入力 (フォームを再表示) / 未登録のclient_idまたはredirect_uri (JSON)'),
      401: html('メールアドレスまたはパスワードが正しくない (フォームを再表示)'),
      415: errors('フォーム以外の本文'),
      429: html('ログイン試行の制限中 (フォームを再表示)'),
    },
  });
  api.openAPIRegistry.registerPath({
    method: 'get',
    path: '/v2/logout',
    summary: 'ログアウト後の戻り先へリダイレクト (Auth0互換)',
    tags: ['identity'],
    security: PUBLIC,
    servers: ROOT_ONLY,
    request: {
      query: z.object({
        client_id: z.string().optional().openapi({ title: 'クライアントID' }),
        returnTo: z.string().optional().openapi({ title: '戻り先 (登録済みのオリジンのページ)' }),
      }),
    },
    responses: { 302: { description: 'returnTo (省略時は {最初のオリジン}/login) へリダイレクト' }, 400: errors('許可されていないreturnToまたはclient_id') },
  });
}
