import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Paths owned by the API side: never answered with the SPA. */
const API_PREFIXES = ['/core', '/medorder', '/legacy', '/cable', '/oauth', '/.well-known', '/userinfo', '/api', '/jobs', '/pc-app', '/config.json'];

export function isApiPath(path: string): boolean {
  const p = path.startsWith('/demo/') ? path.slice('/demo'.length) : path;
  return API_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
}

function sendFile(c: Context, file: string) {
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  c.header('content-type', type);
  c.header('cache-control', file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
  return c.body(readFileSync(file));
}

/**
 * Serves the built SPA: an existing file under `dir`, else (GET, no file extension)
 * `index.html` so history URLs work. Returns undefined when nothing applies.
 */
export function serveSpa(c: Context, dir: string): Response | undefined {
  const root = resolve(dir);
  const path = decodeURIComponent(c.req.path);
  const target = normalize(join(root, path));
  if (target.startsWith(root + sep) && existsSync(target) && statSync(target).isFile()) return sendFile(c, target);
  if (extname(path) !== '') return undefined;
  const index = join(root, 'index.html');
  if (!existsSync(index)) return undefined;
  return sendFile(c, index);
}
