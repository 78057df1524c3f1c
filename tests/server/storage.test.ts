import fc from 'fast-check';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageError } from '../../server/shared/storage';
import { createLocalStorage, type LocalStorage } from '../../server/storage';
import { compareKeys } from '../../server/storage/keys';
import { startApp, type TestApp } from './helpers';

let app: TestApp;
let clock: Date;
let storage: LocalStorage;

beforeAll(() => {
  clock = new Date('2026-11-20T01:00:00Z');
  app = startApp({ now: () => clock, jobTickMs: 0 });
  storage = app.environments.production.storage;
});
afterAll(() => app.dispose());

const PDF = 'application/pdf';

/** PUT or GET a presigned URL (a path with its query) through the app. */
const put = async (url: string, body: string, contentType = PDF) =>
  app.app.request(url, { method: 'PUT', headers: { 'content-type': contentType }, body });
const get = async (url: string) => app.app.request(url);
const errors = async (res: Response) => ((await res.json()) as { errors: string[] }).errors;

/** A URL with one query parameter replaced. */
function withParam(url: string, name: string, value: string): string {
  const [path, query] = url.split('?');
  const q = new URLSearchParams(query);
  q.set(name, value);
  return `${path}?${q}`;
}

describe('presigned PUT and GET', () => {
  it('uploads with a content type the link takes and downloads the same bytes', async () => {
    const url = storage.presignPut('licenses', 'pharmacies/12/免許証.pdf', { contentTypes: [PDF], maxBytes: 1000 });
    expect(url.startsWith('/storage/licenses/pharmacies/12/%E5%85%8D%E8%A8%B1%E8%A8%BC.pdf?')).toBe(true);
    const res = await put(url, '%PDF-1.7 免許');
    expect(res.status).toBe(200);
    const file = join(app.dir, 'storage', 'production', 'licenses', 'pharmacies', '12', '免許証.pdf');
    expect(readFileSync(file, 'utf8')).toBe('%PDF-1.7 免許');

    const download = await get(storage.presignGet('licenses', 'pharmacies/12/免許証.pdf', { filename: '免許証 2026.pdf' }));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe(PDF);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="___ 2026.pdf"; filename*=UTF-8''${encodeURIComponent('免許証 2026.pdf')}`,
    );
    expect(await download.text()).toBe('%PDF-1.7 免許');
  });

  it('serves the demo environment at /demo/storage from its own folder', async () => {
    const demo = app.environments.demo.storage;
    const url = demo.presignPut('licenses', 'demo-only.pdf', { contentTypes: [PDF], maxBytes: 100 });
    expect(url.startsWith('/demo/storage/licenses/demo-only.pdf?')).toBe(true);
    expect((await put(url, '%PDF-demo')).status).toBe(200);
    expect(existsSync(join(app.dir, 'storage', 'demo', 'licenses', 'demo-only.pdf'))).toBe(true);
    expect(storage.get('licenses', 'demo-only.pdf')).toBeUndefined();
    // The same signature on the other environment's path is refused.
    expect((await put(url.replace('/demo/storage', '/storage'), 'x')).status).toBe(403);
  });

  it('refuses a content type the link does not take (415) and a body over the limit (413), saving nothing', async () => {
    const url = storage.presignPut('licenses', 'limits.pdf', { contentTypes: [PDF], maxBytes: 10 });
    const wrongType = await put(url, '%PDF-x', 'text/html');
    expect(wrongType.status).toBe(415);
    expect(await errors(wrongType)).toEqual(['この種類のファイルはアップロードできません。アップロードできるのはPDFです。']);
    const tooBig = await put(url, '%PDF-123456');
    expect(tooBig.status).toBe(413);
    expect(await errors(tooBig)).toEqual(['ファイルが大きすぎます。上限は10バイトです。']);
    expect(storage.get('licenses', 'limits.pdf')).toBeUndefined();
    expect((await put(url, '%PDF-12345', 'Application/PDF; charset=binary')).status).toBe(200);
    expect(storage.get('licenses', 'limits.pdf')?.contentType).toBe(PDF);
  });

  it('takes any of the types the link names, each checked by its bytes against its Content-Type, and keeps the type it was sent with', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const link = (key: string) => storage.presignPut('licenses', key, { contentTypes: [PDF, 'image/png', 'image/jpeg'], maxBytes: 100 });
    const send = (url: string, body: Buffer | string, contentType?: string) =>
      app.app.request(url, { method: 'PUT', headers: contentType === undefined ? {} : { 'content-type': contentType }, body: typeof body === 'string' ? body : new Uint8Array(body) });
    expect((await send(link('several/a'), '%PDF-1.4 a', PDF)).status).toBe(200);
    expect((await send(link('several/b'), png, 'image/png')).status).toBe(200);
    expect(storage.get('licenses', 'several/a')?.contentType).toBe(PDF);
    expect(storage.get('licenses', 'several/b')?.contentType).toBe('image/png');
    const served = await get(storage.presignGet('licenses', 'several/b'));
    expect(served.headers.get('content-type')).toBe('image/png');
    // Bytes that are not what the Content-Type says, a type the link does not name, or no type at all: 415, nothing kept.
    const refusals: [string, Response, string][] = [
      ['PNG bytes sent as PDF', await send(link('several/c'), png, PDF), 'ファイルの中身がPDFではありません。'],
      ['text sent as PNG', await send(link('several/d'), 'これは画像ではありません', 'image/png'), 'ファイルの中身がPNGではありません。'],
      ['a GIF sent as a GIF', await send(link('several/e'), 'GIF89a......', 'image/gif'), 'この種類のファイルはアップロードできません。アップロードできるのはPDF・PNG・JPEGです。'],
      ['no Content-Type', await send(link('several/f'), '%PDF-1.4'), 'この種類のファイルはアップロードできません。アップロードできるのはPDF・PNG・JPEGです。'],
    ];
    for (const [name, res, message] of refusals) {
      expect(res.status, name).toBe(415);
      expect(await errors(res), name).toEqual([message]);
    }
    for (const key of ['several/c', 'several/d', 'several/e', 'several/f']) expect(storage.get('licenses', key), key).toBeUndefined();
  });

  it('signs only bare media types, at least one', () => {
    expect(() => storage.presignPut('licenses', 'x.pdf', { contentTypes: [], maxBytes: 10 })).toThrow(RangeError);
    expect(() => storage.presignPut('licenses', 'x.pdf', { contentTypes: ['text/plain; charset=utf-8'], maxBytes: 10 })).toThrow(RangeError);
    expect(() => storage.presignPut('licenses', 'x.pdf', { contentTypes: ['application/pdf,text/html'], maxBytes: 10 })).toThrow(RangeError);
  });

  it('answers HEAD with the headers only, and judges the body, not a Content-Length that lies', async () => {
    const head = await app.app.request(storage.presignGet('licenses', 'limits.pdf'), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('10');
    expect(await head.text()).toBe('');
    const url = storage.presignPut('licenses', 'liar.pdf', { contentTypes: [PDF], maxBytes: 4 });
    const liar = await app.app.request(url, { method: 'PUT', headers: { 'content-type': PDF, 'content-length': '4' }, body: '123456789' });
    expect(liar.status).toBe(413);
    expect(storage.get('licenses', 'liar.pdf')).toBeUndefined();
    const honestButBig = await app.app.request(url, { method: 'PUT', headers: { 'content-type': PDF, 'content-length': '5' }, body: '12345' });
    expect(honestButBig.status).toBe(413);
  });

  it('expires on the injected clock', async () => {
    const url = storage.presignGet('licenses', 'limits.pdf', { expiresIn: 60 });
    const start = clock;
    try {
      clock = new Date(start.getTime() + 60_000);
      expect((await get(url)).status).toBe(200);
      clock = new Date(start.getTime() + 61_000);
      const late = await get(url);
      expect(late.status).toBe(403);
      expect(await errors(late)).toEqual(['URLの有効期限が切れています。']);
    } finally {
      clock = start;
    }
  });

  it('refuses every tampered URL with 403', async () => {
    storage.put('licenses', 'tamper.pdf', 'secret', PDF);
    const putUrl = storage.presignPut('licenses', 'tamper.pdf', { contentTypes: [PDF], maxBytes: 10, expiresIn: 60 });
    const getUrl = storage.presignGet('licenses', 'tamper.pdf', { expiresIn: 60, filename: 'a.pdf' });
    const signature = new URLSearchParams(getUrl.split('?')[1]).get('X-Signature')!;
    const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const later = String(Math.floor(clock.getTime() / 1000) + 3600);
    const cases: [string, Promise<Response>][] = [
      ['expiry moved', get(withParam(getUrl, 'X-Expires', later))],
      ['signature flipped', get(withParam(getUrl, 'X-Signature', flipped))],
      ['signature empty', get(withParam(getUrl, 'X-Signature', ''))],
      ['no query', get(getUrl.split('?')[0])],
      ['filename changed', get(withParam(getUrl, 'X-Filename', 'b.html'))],
      ['other key', get(getUrl.replace('tamper.pdf', 'limits.pdf'))],
      ['other bucket', get(getUrl.replace('/licenses/', '/inquiry-files/'))],
      ['GET URL used to PUT', put(getUrl, 'x')],
      ['PUT URL used to GET', get(putUrl)],
      ['size raised', put(withParam(putUrl, 'X-Max-Bytes', '100000'), 'x')],
      ['type changed', put(withParam(putUrl, 'X-Content-Types', 'text/html'), 'x', 'text/html')],
      ['type added', put(withParam(putUrl, 'X-Content-Types', 'application/pdf,text/html'), 'x', 'text/html')],
      ['types left out', put(withParam(putUrl, 'X-Content-Types', ''), 'x', 'text/html')],
      ['expiry not a number', put(withParam(putUrl, 'X-Expires', '1e99'), 'x')],
    ];
    for (const [name, response] of cases) {
      const res = await response;
      expect(res.status, name).toBe(403);
      expect(await errors(res), name).toEqual(['URLの署名が正しくありません。']);
    }
    expect(storage.get('licenses', 'tamper.pdf')?.body.toString()).toBe('secret');
  });

  it('keeps its signing key in DATA_DIR across restarts', async () => {
    const url = storage.presignGet('licenses', 'tamper.pdf', { expiresIn: 60 });
    const again = startApp({ now: () => clock, jobTickMs: 0 }, app.dir);
    try {
      expect((await again.app.request(url)).status).toBe(200);
    } finally {
      again.close();
    }
  });
});

describe('keys', () => {
  const tricks = ['\ud800.pdf', '../x', 'a/../b', 'a/./b', '.', '..', 'a//b', '/a', 'a/', '', 'a\\b', '..\\x', 'a\0b', 'a\nb', '%2e%2e/x', 'a%2fb', '%252e%252e/x', 'a%00b'];

  it.each(tricks)('refuses %j at every call with 400', (key) => {
    for (const call of [
      () => storage.presignPut('licenses', key, { contentTypes: [PDF], maxBytes: 10 }),
      () => storage.presignGet('licenses', key),
      () => storage.put('licenses', key, 'x', PDF),
      () => storage.get('licenses', key),
      () => storage.delete('licenses', key),
    ]) {
      let thrown: unknown;
      try {
        call();
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(StorageError);
      expect((thrown as StorageError).status).toBe(400);
    }
  });

  it('refuses encoded traversals in URLs with 400 before looking at the signature', async () => {
    // Each reaches the storage route (the URL parser does not fold these) and names no key.
    for (const path of [
      '/storage/licenses/pharmacies%2F12%2Fa.pdf',
      '/storage/licenses/a%2f..%2f..%2fidentity.sqlite',
      '/storage/licenses/%2e%2e%2fidentity.sqlite',
      '/storage/licenses/..%2f..%2fidentity.sqlite',
      '/storage/licenses/a%5c..%5c..%5cidentity.sqlite',
      '/storage/licenses/%252e%252e/%252e%252e/identity.sqlite',
      '/storage/licenses/a%00.pdf',
      '/storage/licenses/a//b.pdf',
      '/storage/licenses/%E0%A4%A.pdf',
      '/demo/storage/licenses/%2e%2e%2f%2e%2e%2fcore.sqlite',
    ]) {
      for (const method of ['GET', 'PUT']) {
        const res = await app.app.request(path, { method, headers: { 'content-type': PDF }, body: method === 'PUT' ? 'x' : undefined });
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(await errors(res)).toEqual(['オブジェクトのキーが正しくありません。']);
      }
    }
  });

  it('never serves a file outside the bucket through dot segments', async () => {
    // The URL parser folds these before routing; whatever answers, it is not a stored file.
    for (const path of [
      '/storage/licenses/../../identity.sqlite',
      '/storage/licenses/%2e%2e/%2e%2e/identity.sqlite',
      '/storage/licenses/.%2e/storage-signing.key',
      '/storage/manual-images/../licenses/tamper.pdf',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it('normalises keys to NFC so both spellings name one object', () => {
    storage.put('licenses', 'ガ.pdf'.normalize('NFD'), 'nfc', PDF);
    expect(storage.get('licenses', 'ガ.pdf'.normalize('NFC'))?.body.toString()).toBe('nfc');
  });
});

describe('buckets', () => {
  it('serves a public bucket without a signature and no other', async () => {
    storage.put('manual-images', 'manuals/1/図.png', 'png-bytes', 'image/png');
    const url = storage.publicUrl('manual-images', 'manuals/1/図.png');
    expect(url).toBe(`/storage/manual-images/manuals/1/${encodeURIComponent('図')}.png`);
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(() => storage.publicUrl('licenses', 'tamper.pdf')).toThrow(RangeError);
    expect((await get('/storage/licenses/tamper.pdf')).status).toBe(403);
  });

  it('answers 404 for an unknown bucket or object', async () => {
    expect((await get('/storage/nope/a.pdf')).status).toBe(404);
    expect((await get('/storage/manual-images/missing.png')).status).toBe(404);
    expect(() => storage.list('unknown-bucket')).toThrow(StorageError);
  });
});

describe('list (ListObjectsV2)', () => {
  let dir: string;
  let s: LocalStorage;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cs-storage-'));
    s = createLocalStorage({ root: dir, mount: '/storage', buckets: { nsips: {} }, secret: Buffer.alloc(32, 1), now: () => clock });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('pages in UTF-8 byte order with keyCount, isTruncated and a continuation token', () => {
    const keys = ['p/1/b.xml', 'p/1/a.xml', 'p/1/ｱ.xml', 'p/1/😀.xml', 'p/10/a.xml', 'p/1-x.xml', 'q/a.xml'];
    for (const key of keys) s.put('nsips', key, key, 'text/xml');
    const first = s.list('nsips', 'p/1/', undefined, 2);
    expect(first).toMatchObject({ keyCount: 2, isTruncated: true });
    expect(first.contents.map((c) => c.key)).toEqual(['p/1/a.xml', 'p/1/b.xml']);
    expect(first.contents[0]).toEqual({ key: 'p/1/a.xml', size: 9, lastModified: clock });
    const second = s.list('nsips', 'p/1/', first.nextContinuationToken, 2);
    // Half-width katakana (U+FF71) sorts before an emoji in UTF-8, not in UTF-16.
    expect(second.contents.map((c) => c.key)).toEqual(['p/1/ｱ.xml', 'p/1/😀.xml']);
    expect(second).toMatchObject({ keyCount: 2, isTruncated: false });
    expect(second.nextContinuationToken).toBeUndefined();
    // A prefix is a string prefix, not a folder: `p/1` also matches `p/1-x.xml` and `p/10/`.
    expect(s.list('nsips', 'p/1').contents.map((c) => c.key)).toEqual(['p/1-x.xml', 'p/1/a.xml', 'p/1/b.xml', 'p/1/ｱ.xml', 'p/1/😀.xml', 'p/10/a.xml']);
    expect(s.list('nsips', 'nothing/')).toEqual({ contents: [], keyCount: 0, isTruncated: false });
    expect(() => s.list('nsips', '', 'not base64url!')).toThrow(StorageError);
    expect(() => s.list('nsips', '../')).toThrow(StorageError);
  });

  it('keeps a copy as it was when the original is replaced or deleted, and shares the file instead of copying its bytes', async () => {
    storage.put('licenses', 'copies/original', Buffer.from('%PDF-1.4 first'), PDF);
    expect(await storage.copy('licenses', 'copies/original', 'copies/kept', PDF)).toBe(true);
    // Issue 36 item 3: one file under two names, not a second 10 MB written by the kernel.
    const root = join(app.dir, 'storage', 'production', 'licenses', 'copies');
    expect(statSync(join(root, 'kept')).ino).toBe(statSync(join(root, 'original')).ino);
    const second = (async function* () {
      yield Buffer.from('%PDF-1.4 second');
    })();
    const replaced = await storage.putStream('licenses', 'copies/original', second, PDF, 100);
    expect(replaced).toBe('ok');
    expect((await storage.read('licenses', 'copies/original'))?.body.toString()).toBe('%PDF-1.4 second');
    expect((await storage.read('licenses', 'copies/kept'))?.body.toString()).toBe('%PDF-1.4 first');
    storage.delete('licenses', 'copies/original');
    const kept = await storage.read('licenses', 'copies/kept');
    expect(kept?.body.toString()).toBe('%PDF-1.4 first');
    expect(kept?.contentType).toBe(PDF);
    expect(await storage.copy('licenses', 'copies/original', 'copies/again', PDF)).toBe(false);
    expect(await storage.copy('licenses', 'copies', 'copies/folder', PDF)).toBe(false);
    storage.delete('licenses', 'copies/kept');
  });

  it('places an upload even when a delete in its folder prunes the folder between its mkdir and its rename', async () => {
    // A chat attachment's message deletes its upload (and the user's uploads folder, once empty)
    // while another upload of the same user is being placed: that was a 500 in issue 36's bench.
    const outcomes: string[] = [];
    for (let i = 0; i < 20; i++) {
      let placed = false;
      const body = (async function* () {
        yield Buffer.from('%PDF-1.4 race');
      })();
      const putting = storage.putStream('licenses', `race/user/${i}`, body, PDF, 100).then(
        (o) => outcomes.push(o),
        (e: Error) => outcomes.push(e.message),
      ).finally(() => (placed = true));
      // Meanwhile, on every turn, another object of the folder comes and goes (its delete prunes the folder when it is left empty).
      while (!placed) {
        storage.put('licenses', 'race/user/other', Buffer.from('%PDF-1.4 other'), PDF);
        storage.delete('licenses', 'race/user/other');
        await new Promise((resolve) => setImmediate(resolve));
      }
      await putting;
      storage.delete('licenses', `race/user/${i}`);
    }
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => 'ok'));
  });

  it('deletes objects and the folders they leave empty; a missing key is no error', () => {
    s.put('nsips', 'gone/deep/x.xml', 'x', 'text/xml');
    s.delete('nsips', 'gone/deep/x.xml');
    s.delete('nsips', 'gone/deep/x.xml');
    expect(s.get('nsips', 'gone/deep/x.xml')).toBeUndefined();
    expect(existsSync(join(dir, 'nsips', 'gone'))).toBe(false);
    expect(s.list('nsips', 'gone/').keyCount).toBe(0);
  });

  it('refuses a key that would turn an object into a folder (409)', () => {
    s.put('nsips', 'clash', 'x', 'text/plain');
    expect(() => s.put('nsips', 'clash/inner', 'y', 'text/plain')).toThrow(expect.objectContaining({ status: 409 }));
    expect(() => s.put('nsips', 'p', 'y', 'text/plain')).toThrow(expect.objectContaining({ status: 409 }));
    expect(s.get('nsips', 'clash')?.body.toString()).toBe('x');
  });

  it('pages through any set of keys, each exactly once, in byte order (property)', () => {
    const segment = fc.stringMatching(/^[a-zA-Z0-9ｱ-ｴあ-お😀_-]{1,4}$/u);
    const keyArb = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));
    fc.assert(
      fc.property(fc.uniqueArray(keyArb, { minLength: 0, maxLength: 12 }), fc.integer({ min: 1, max: 5 }), (candidates, maxKeys) => {
        const root = mkdtempSync(join(tmpdir(), 'cs-storage-prop-'));
        try {
          const p = createLocalStorage({ root, mount: '/storage', buckets: { b00: {} }, secret: Buffer.alloc(32), now: () => clock });
          const stored: string[] = [];
          for (const key of candidates) {
            try {
              p.put('b00', key, 'x', 'text/plain');
              stored.push(key);
            } catch (e) {
              if (!(e instanceof StorageError && e.status === 409)) throw e;
            }
          }
          const seen: string[] = [];
          let token: string | undefined;
          do {
            const page = p.list('b00', '', token, maxKeys);
            expect(page.keyCount).toBe(page.contents.length);
            expect(page.keyCount).toBeLessThanOrEqual(maxKeys);
            seen.push(...page.contents.map((c) => c.key));
            token = page.nextContinuationToken;
            expect(page.isTruncated).toBe(token !== undefined);
          } while (token);
          expect(seen).toEqual([...stored].sort(compareKeys));
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      }),
      { numRuns: 20 },
    );
  });
});
