import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { existsSync } from 'node:fs';
import { notFoundJson } from '../shared/errors';
import type { Capability } from '../../src/contract/additions';
import { PUBLIC, ROOT_ONLY } from '../shared/openapi';
import { runtimeConfig } from './config';
import { latestYml } from './pc-app';
import { createSpaHandler, isApiPath } from './static';

const JOB_SERVICES = ['core', 'medorder', 'share'] as const;

function jobsPage(service: string): string {
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><title>ジョブキュー (${service})</title></head>
<body style="font-family: sans-serif; margin: 2rem">
<h1>ジョブキュー: ${service}</h1>
<p>${service} サービスのジョブキュー管理画面はリファレンスAPIには含まれていません。</p>
<p>本番環境ではこのリンクから実際の管理画面が開きます。</p>
</body></html>`;
}

const configRoute = createRoute({
  method: 'get',
  path: '/config.json',
  summary: 'SPAの実行時設定 (環境ごとのAPIベース、認証設定)',
  tags: ['site'],
  security: PUBLIC,
  servers: ROOT_ONLY,
  responses: { 200: { description: 'RuntimeConfig', content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } } },
});

/**
 * The demo environment's copies serve the same paths under `/demo`, which is one of the
 * document's servers: they are documented once, by the root's.
 */
const documentedOnce = (prefix: string) => ({ hide: prefix !== '' });

const ymlRoute = (prefix: string, file: string) =>
  createRoute({
    method: 'get',
    path: `${prefix}/pc-app/${file}`,
    summary: 'PCアプリの更新情報 (electron-builder形式、?t= は無視)',
    tags: ['site'],
    security: PUBLIC,
    ...documentedOnce(prefix),
    responses: { 200: { description: 'YAML', content: { 'text/yaml': { schema: z.string() } } } },
  });

const jobsRoute = (prefix: string) =>
  createRoute({
    method: 'get',
    path: `${prefix}/jobs/{service}`,
    summary: 'ジョブキュー管理画面の案内 (リファレンスAPIには含まれない)',
    tags: ['site'],
    security: PUBLIC,
    ...documentedOnce(prefix),
    request: { params: z.object({ service: z.string().openapi({ param: { name: 'service', in: 'path' }, example: 'core' }) }) },
    responses: {
      200: { description: 'HTML', content: { 'text/html': { schema: z.string() } } },
      404: { description: '見つかりません' },
    },
  });

/** Root routes besides identity: runtime config, PC-app descriptors, job-queue placeholders, SPA. */
export function registerSiteRoutes(app: OpenAPIHono, staticDir: string | undefined, capabilities: readonly Capability[]): void {
  app.openapi(configRoute, (c) => {
    c.header('cache-control', 'no-store');
    // Spread into an object literal: an interface has no index signature, its copy's type does.
    return c.json({ ...runtimeConfig(capabilities) }, 200);
  });

  for (const prefix of ['', '/demo']) {
    for (const [file, platform] of [['latest.yml', 'win'], ['latest-mac.yml', 'mac']] as const) {
      app.openapi(ymlRoute(prefix, file), (c) => {
        c.header('content-type', 'text/yaml; charset=utf-8');
        c.header('cache-control', 'no-store');
        return c.body(latestYml(platform), 200);
      });
    }
    app.openapi(jobsRoute(prefix), (c) => {
      const { service } = c.req.valid('param');
      if (!(JOB_SERVICES as readonly string[]).includes(service)) return notFoundJson(c);
      return c.html(jobsPage(service), 200);
    });
  }

  // The SPA (not an API route, so not in the OpenAPI document).
  const serveSpa = staticDir !== undefined && existsSync(staticDir) ? createSpaHandler(staticDir) : undefined;
  app.get('*', async (c) => {
    if (isApiPath(c.req.path)) return notFoundJson(c);
    if (serveSpa) {
      const res = await serveSpa(c);
      if (res) return res;
    } else if (c.req.path === '/') {
      return c.text('CS portal reference API. The SPA is not built (dist/ missing): run `npm run build`.', 200);
    }
    return notFoundJson(c);
  });
}
