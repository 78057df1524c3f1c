import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Env } from 'hono';
import { DEMO_ROOT } from '../../src/contract/apiRoots';
import { onError } from './errors';
import { defaultHook, labelled } from './validation';

export const SECURITY = [{ bearerAuth: [] as string[] }];

/**
 * An operation anyone may call (the identity provider's sign-in, its keys, the site's files):
 * said explicitly, as the document's default is the bearer token.
 */
export const PUBLIC: typeof SECURITY = [];

/** The document's servers: each environment serves the same paths, production at the root, demo under `/demo`. */
export const SERVERS = [
  { url: '/', description: '本番環境' },
  { url: `/${DEMO_ROOT}`, description: 'デモ環境' },
];

/**
 * The servers of an operation only the root has, for both environments (the identity provider,
 * `/config.json`): there is no copy under `/demo` to send it to.
 */
export const ROOT_ONLY = [{ url: '/', description: '本番環境・デモ環境で共通 (/demo 配下にはない)' }];

export const ErrorSchema = z
  .object({
    errors: z.array(z.string()),
    field_errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .openapi('Errors');

const err = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } });

/** Error responses every protected route can give. */
export const commonErrors = {
  401: err('認証が必要です'),
  403: err('権限がありません'),
  404: err('見つかりません'),
  422: err('入力内容に誤りがあります'),
} as const;

/**
 * The fairness guard's refusal (server/shared/fairness.ts): documented on every route that counts
 * as list work (the declared lists, legacy's lists, the lookups batch).
 */
export const tooManyRequests = {
  429: {
    ...err('一覧の読み込みが多すぎます (同じ利用者の同時読み込み、または短時間の読み込み量の上限)。Retry-After 秒後に再度お試しください'),
    headers: z.object({ 'retry-after': z.string().openapi({ description: '再試行できるまでの秒数', example: '1' }) }),
  },
} as const;

/**
 * A write refused because another connection (a master import's apply) held the database's write
 * lock past the write's turn (server/shared/writeTurns.ts): documented on every write route.
 */
export const lockedWrite = {
  503: {
    ...err('他の処理 (マスタの取り込みなど) がデータを更新中で、待っても保存できませんでした。何も変更していません。Retry-After 秒後に再度お試しください'),
    headers: z.object({ 'retry-after': z.string().openapi({ description: '再試行できるまでの秒数', example: '5' }) }),
  },
} as const;

export const listHeaders = z.object({
  'x-total-count': z.string(),
  'x-current-page': z.string(),
  'x-total-pages': z.string(),
  'x-last-updated': z.string().optional(),
});

export const idParam = z.object({
  id: labelled('ID', z.string().regex(/^\d{1,12}$/).openapi({ param: { name: 'id', in: 'path' }, example: '1' })),
});

/** An ISO 8601 instant in an answer (`created_at`, `updated_at`). */
export const instantSchema = () => z.string().openapi({ example: '2026-11-21T10:00:00.000Z' });
/** A calendar day in an answer, or null (`started_on`, `ended_on`). */
export const optionalDaySchema = () => z.string().nullable().openapi({ example: '2024-04-01' });

/** A sub-application with our 422 validation hook and JSON error handler. */
export function createApi<E extends Env = Env>(): OpenAPIHono<E> {
  const app = new OpenAPIHono<E>({ defaultHook });
  app.onError(onError);
  return app;
}

export function registerSecurity(app: OpenAPIHono): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
}

/** JSON request body spec for createRoute. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } } as const;
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } } as const;
}
