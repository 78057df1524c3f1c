import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE, MALFORMED_PATH_MESSAGE, REVALIDATE_CACHE } from '../../server/site/static';
import { startApp, tempDir, type TestApp } from './helpers';

let app: TestApp;
let staticDir: string;
const script = `export const answer = ${JSON.stringify('薬局'.repeat(400))};\n`;
const html = '<!doctype html><title>SPA</title>';

// The layout vite.config.ts writes: every compressible file beside its .br and .gz.
beforeAll(() => {
  staticDir = tempDir();
  mkdirSync(join(staticDir, 'assets'));
  for (const [file, text] of [
    ['index.html', html],
    ['assets/main-abc123.js', script],
  ]) {
    writeFileSync(join(staticDir, file), text);
    writeFileSync(join(staticDir, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(staticDir, `${file}.gz`), gzipSync(text));
  }
  writeFileSync(join(staticDir, 'assets', 'plain-def456.css'), 'body{margin:0}');
  app = startApp({ staticDir });
});
afterAll(() => {
  app.dispose();
  rmSync(staticDir, { recursive: true, force: true });
});

const get = (path: string, acceptEncoding?: string) =>
  app.call(path, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('the SPA static files', () => {
  it('sends brotli when the browser accepts it, gzip when only that, identity otherwise', async () => {
    const br = await get('/assets/main-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toContain('javascript');
    const brBody = await bytes(br);
    expect(brBody.length).toBeLessThan(Buffer.byteLength(script) / 4);
    expect(brotliDecompressSync(brBody).toString()).toBe(script);

    const gz = await get('/assets/main-abc123.js', 'gzip, deflate');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gz)).toString()).toBe(script);

    const identity = await get('/assets/main-abc123.js', 'identity');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect((await bytes(identity)).toString()).toBe(script);
  });

  it('varies on Accept-Encoding for every static answer, compressed or not', async () => {
    for (const [path, encoding] of [
      ['/assets/main-abc123.js', 'br'],
      ['/assets/main-abc123.js', ''],
      ['/assets/plain-def456.css', 'gzip'],
      ['/v2/core/pharmacies', 'br'],
    ]) {
      const res = await get(path, encoding);
      expect(res.status, path).toBe(200);
      // Other middleware (CORS) may add its own tokens; Accept-Encoding must be there once.
      const vary = (res.headers.get('vary') ?? '').split(',').map((token) => token.trim().toLowerCase());
      expect(vary.filter((token) => token === 'accept-encoding'), `${path} ${encoding}`).toHaveLength(1);
    }
  });

  it('caches hashed assets for a year, immutable, and revalidates index.html on every load', async () => {
    expect((await get('/assets/main-abc123.js', 'br')).headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    expect((await get('/assets/plain-def456.css')).headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    for (const path of ['/', '/login', '/v2/core/pharmacies', '/index.html', '/v2/core/nsipses/1/20261031_all.csv']) {
      const res = await get(path, 'br');
      expect(res.headers.get('cache-control'), path).toBe(REVALIDATE_CACHE);
      expect(res.headers.get('content-type'), path).toContain('text/html');
      expect(brotliDecompressSync(await bytes(res)).toString(), path).toBe(html);
    }
  });

  it('answers a missing asset with a JSON 404, never index.html or a stale cache header', async () => {
    const res = await get('/assets/missing-000.js', 'br');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBeNull();
    expect(await res.json()).toEqual({ errors: ['見つかりません。'] });
    expect((await get('/assets/../../package.json')).status).toBe(404);
    // A file name is a screen only under the route table's roots.
    expect((await get('/missing.csv')).status).toBe(404);
  });

  it('answers malformed percent-encoding in an SPA path with a Japanese 400, not a 500', async () => {
    for (const path of ['/%E0%A4%A', '/v2/core/pharmacies/%', '/%ZZ', '/assets/%E0%A4%A.js']) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toEqual({ errors: [MALFORMED_PATH_MESSAGE] });
    }
    // Well-formed escapes still reach the SPA.
    const encoded = await get(`/v2/core/companies/${encodeURIComponent('薬局')}`);
    expect(encoded.status).toBe(200);
    expect((await bytes(encoded)).toString()).toBe(html);
  });
});
