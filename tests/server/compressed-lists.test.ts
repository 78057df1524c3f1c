import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chooseEncoding, MIN_COMPRESSED_BYTES } from '../../server/shared/compressedBody';
import { startApp, type TestApp } from './helpers';

describe('chooseEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['deflate', undefined],
  ] as const)('%s -> %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  it('property: never picks an encoding the header refuses with q=0', () => {
    const token = fc.constantFrom('br', 'gzip', 'deflate', 'zstd', '*', 'identity');
    const entry = fc.tuple(token, fc.option(fc.constantFrom('0', '0.5', '1', '0.001'), { nil: undefined }));
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), (entries) => {
        const header = entries.map(([name, q]) => (q === undefined ? name : `${name};q=${q}`)).join(', ');
        const chosen = chooseEncoding(header);
        if (chosen === undefined) return;
        // What the header said about the chosen encoding (the last mention wins), or `*`.
        const own = entries.filter(([name]) => name === chosen).at(-1);
        const any = entries.filter(([name]) => name === '*').at(-1);
        const said = own ?? any;
        expect(said, header).toBeDefined();
        expect(Number(said![1] ?? '1'), header).toBeGreaterThan(0);
      }),
    );
  });
});

let app: TestApp;
beforeAll(() => {
  app = startApp();
});
afterAll(() => app.dispose());

const PHARMACIES = '/core/api/v2/admin/pharmacies';

const get = async (path: string, acceptEncoding?: string) =>
  app.call(path, { token: await app.token(), headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('list answers, compressed as the client accepts', () => {
  it('sends brotli, gzip or plain JSON, each the same page, with the same paging headers', async () => {
    const plain = await get(PHARMACIES);
    const text = await plain.text();
    expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(MIN_COMPRESSED_BYTES);
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      // Twice: the second answer comes from the page cache with its compressed form.
      for (let read = 0; read < 2; read++) {
        const res = await get(PHARMACIES, accept);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-encoding')).toBe(encoding);
        expect(res.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
        expect(res.headers.get('x-total-count')).toBe(plain.headers.get('x-total-count'));
        const body = Buffer.from(await res.arrayBuffer());
        expect(body.length).toBeLessThan(Buffer.byteLength(text));
        expect(decode(body).toString()).toBe(text);
      }
    }
  });

  it('sends a small page as it is', async () => {
    const res = await get(`${PHARMACIES}?fields=id&ids=1`, 'br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual([{ id: 1 }]);
  });
});
