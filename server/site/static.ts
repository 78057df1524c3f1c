import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type { Context } from 'hono';
import { apiRootOf } from '../../src/contract';
import { errorBody } from '../shared/errors';


export const MALFORMED_PATH_MESSAGE = 'URLの形式が正しくありません。';

/** Vite names every file under assets/ by its content hash, so a cached copy never goes stale. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html (and anything unhashed) is revalidated on every load so a deploy shows at once. */
export const REVALIDATE_CACHE = 'no-cache';

/** Paths owned by the API side (the shared contract's roots, at `/` and `/demo/`): never answered with the SPA. */
export function isApiPath(path: string): boolean {
  return apiRootOf(path) !== undefined;
}

const isDecodable = (path: string) => {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
};

const noop = async () => {};

/** Where the spec's route table puts its screens (never a built file). */
const SPA_ROUTE_ROOTS = /^\/v[12]\//;

/**
 * Serves the built SPA from `dir`: an existing file, else (GET, no file extension, or any path under
 * the route table's `/v1/` and `/v2/`) `index.html` so history URLs work. Files come precompressed (`.br`, `.gz` written at build time by
 * vite.config.ts) as the request's Accept-Encoding allows. Returns undefined when nothing applies.
 */
export function createSpaHandler(dir: string) {
  const root = resolve(dir);
  const hasIndex = () => existsSync(join(root, 'index.html'));
  const file = serveStatic({ root, precompressed: true });
  const index = serveStatic({ root, path: 'index.html', precompressed: true });

  const finish = (response: Response, cacheControl: string) => {
    response.headers.set('cache-control', cacheControl);
    // Caches must key on the encoding even when this client took the identity version.
    const vary = (response.headers.get('vary') ?? '').split(',').map((token) => token.trim()).filter(Boolean);
    if (!vary.some((token) => token.toLowerCase() === 'accept-encoding')) vary.push('Accept-Encoding');
    response.headers.set('vary', vary.join(', '));
    return response;
  };

  return async (c: Context): Promise<Response | undefined> => {
    // The raw path: Hono's c.req.path is already (leniently) decoded.
    if (!isDecodable(new URL(c.req.url).pathname)) return c.json(errorBody([MALFORMED_PATH_MESSAGE]), 400);
    const path = c.req.path;
    const asset = (await file(c, noop)) as Response | undefined;
    if (asset) return finish(asset, path.startsWith('/assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    // The route table's screens live under /v1/ and /v2/ and may end in a file's name (an NSIPS
    // file's detail, `/v2/core/nsipses/1/20261031_all.csv`); elsewhere an extension means a file.
    if ((extname(path) !== '' && !SPA_ROUTE_ROOTS.test(path)) || !hasIndex()) return undefined;
    const page = (await index(c, noop)) as Response | undefined;
    return page && finish(page, REVALIDATE_CACHE);
  };
}
