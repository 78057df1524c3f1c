import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NSIPS_MESSAGES, NSIPS_PAGE_SIZE } from '../../server/services/core/nsips/names';
import { NSIPS_LINK_EXPIRES_IN } from '../../server/services/core/nsips/routes';
import { NSIPS_SEED } from '../../server/services/core/nsips/seed';
import { STORAGE_MESSAGES } from '../../server/storage/keys';
import { getJson, PHARMACY, startApp, type TestApp } from './helpers';

let app: TestApp;
let clock: Date;

beforeAll(() => {
  clock = new Date('2026-11-20T01:00:00Z');
  app = startApp({ now: () => clock, jobTickMs: 0 });
});
afterAll(() => app.dispose());

interface NsipsFile {
  key: string;
  filename: string;
  size: number;
  last_modified: string;
}
interface NsipsList {
  nsipses: NsipsFile[];
  next_continuation_token: string | null;
}

const BASE = '/core/api/v2/admin/pharmacies';
const list = (pharmacyId: number | string, query: Record<string, string> = {}) =>
  getJson<NsipsList>(app, `${BASE}/${pharmacyId}/s3_nsipses?${new URLSearchParams(query)}`);
/** Every page of a listing, following the continuation tokens. */
const listAll = async (pharmacyId: number, query: Record<string, string> = {}) => {
  const pages: NsipsList[] = [];
  let token: string | null = null;
  do {
    const { status, body }: { status: number; body: NsipsList } = await list(pharmacyId, { ...query, ...(token ? { next_continuation_token: token } : {}) });
    expect(status).toBe(200);
    pages.push(body);
    token = body.next_continuation_token;
  } while (token);
  return pages;
};
/** The link route with a raw (already encoded) file name. */
const link = (pharmacyId: number, rawFilename: string) => getJson<{ presigned_url?: string; errors?: string[] }>(app, `${BASE}/${pharmacyId}/s3_nsipses/${rawFilename}`);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('NSIPS listing (ListObjectsV2 semantics)', () => {
  it('pages the busy pharmacy by continuation token, in key order, each file once', async () => {
    const pages = await listAll(NSIPS_SEED.busyPharmacyId);
    expect(pages.map((page) => page.nsipses.length)).toEqual([NSIPS_PAGE_SIZE, NSIPS_SEED.busyFileCount + 1 - NSIPS_PAGE_SIZE]);
    expect(pages.at(-1)!.next_continuation_token).toBeNull();
    const files = pages.flatMap((page) => page.nsipses);
    const keys = files.map((file) => file.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))).toEqual(keys);
    for (const file of files) {
      expect(file.key).toBe(`${NSIPS_SEED.busyPharmacyId}/${file.filename}`);
      expect(Number.isNaN(Date.parse(file.last_modified))).toBe(false);
    }
    const large = files.find((file) => file.filename === NSIPS_SEED.largeFilename);
    expect(large!.size).toBeGreaterThanOrEqual(NSIPS_SEED.largeBytes);
  });

  it('honours a page size and a file name prefix', async () => {
    const pages = await listAll(NSIPS_SEED.busyPharmacyId, { max_keys: '7' });
    expect(pages.slice(0, -1).every((page) => page.nsipses.length === 7)).toBe(true);
    expect(pages.flatMap((page) => page.nsipses)).toHaveLength(NSIPS_SEED.busyFileCount + 1);

    const { body } = await list(NSIPS_SEED.busyPharmacyId, { query: '20261031_' });
    expect(body.nsipses.map((file) => file.filename)).toEqual([NSIPS_SEED.largeFilename]);
    const all = pages.flatMap((page) => page.nsipses);
    const date = all[0].filename.slice(0, 8);
    const day = (await listAll(NSIPS_SEED.busyPharmacyId, { query: date })).flatMap((page) => page.nsipses);
    expect(day).toEqual(all.filter((file) => file.filename.startsWith(date)));
    expect(day.length).toBeLessThan(all.length);
    expect((await list(NSIPS_SEED.busyPharmacyId, { query: 'nothing' })).body).toEqual({ nsipses: [], next_continuation_token: null });
  });

  it('lists only the pharmacy’s own files (pharmacy 10 is not pharmacy 1)', async () => {
    const own = (await listAll(10)).flatMap((page) => page.nsipses);
    expect(own.every((file) => file.key.startsWith('10/'))).toBe(true);
  });

  it('refuses a token of another pharmacy’s listing and a forged one', async () => {
    const { body } = await list(NSIPS_SEED.busyPharmacyId);
    const token = body.next_continuation_token!;
    const forged = ['not a token', Buffer.from('2/../1/x.csv').toString('base64url'), Buffer.from('1/x.csv').toString('base64url'), `${Buffer.from('2/x.csv').toString('base64url')}=`];
    for (const bad of [token, ...forged]) {
      const other = await list(2, { next_continuation_token: bad });
      expect(other.status).toBe(400);
      expect(other.body).toEqual({ errors: [NSIPS_MESSAGES.badToken] });
    }
  });

  it('refuses a search prefix that leaves the pharmacy’s folder', async () => {
    for (const query of ['../2/', '..', '2/2026', '..\\2', '%2e%2e', 'a\u0000b']) {
      const { status, body } = await list(1, { query });
      expect(status, query).toBe(400);
      expect((body as unknown as { errors: string[] }).errors[0]).toMatch(/^ファイル名に/);
    }
  });

  it('answers 404 for an unknown pharmacy, 401 without a token and 403 to a pharmacy user', async () => {
    expect((await list(999999)).status).toBe(404);
    expect((await app.call(`${BASE}/1/s3_nsipses`)).status).toBe(401);
    expect((await app.call(`${BASE}/1/s3_nsipses`, { token: await app.token(PHARMACY) })).status).toBe(403);
  });
});

describe('NSIPS download link', () => {
  it('is a signed link to the original CP932 bytes that expires', async () => {
    const [file] = (await list(2)).body.nsipses.length > 0 ? (await list(2)).body.nsipses : (await list(1)).body.nsipses;
    const pharmacyId = Number(file.key.split('/')[0]);
    const { status, body } = await link(pharmacyId, encodeURIComponent(file.filename));
    expect(status).toBe(200);
    const url = body.presigned_url!;
    const stored = app.environments.production.storage.get('nsips', file.key)!.body;

    const download = await app.app.request(url);
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(sha256(bytes)).toBe(sha256(stored));
    expect(download.headers.get('content-disposition')).toContain(`filename*=UTF-8''${file.filename}`);
    const text = new TextDecoder('shift_jis').decode(bytes);
    expect(text.startsWith('JAHIS10\r\n')).toBe(true);
    expect(text).toContain('①');
    expect(text).toContain('㈱');

    const issued = clock;
    clock = new Date(issued.getTime() + NSIPS_LINK_EXPIRES_IN * 1000);
    expect((await app.app.request(url)).status).toBe(200);
    clock = new Date(issued.getTime() + (NSIPS_LINK_EXPIRES_IN + 1) * 1000);
    const expired = await app.app.request(url);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ errors: [STORAGE_MESSAGES.expired] });
    clock = issued;
  });

  it('refuses every traversal attempt with a Japanese 400, never a link', async () => {
    const victim = (await listAll(NSIPS_SEED.busyPharmacyId)).flatMap((page) => page.nsipses)[0].filename;
    const attempts: [string, string][] = [
      [`..%2F1%2F${victim}`, NSIPS_MESSAGES.separator],
      [`%2e%2e%2F1%2F${victim}`, NSIPS_MESSAGES.separator],
      [`1%2F${victim}`, NSIPS_MESSAGES.separator],
      [`..%5C1%5C${victim}`, NSIPS_MESSAGES.separator],
      [`.%2e.`, NSIPS_MESSAGES.dots],
      [`%2e%2e.csv`, NSIPS_MESSAGES.dots],
      [`..${victim}`, NSIPS_MESSAGES.dots],
      [`%252e%252e%252f1%252f${victim}`, NSIPS_MESSAGES.encoded],
      [`%25252e%25252e`, NSIPS_MESSAGES.encoded],
      [`${victim}%00`, NSIPS_MESSAGES.encoded],
      [`%c0%ae%c0%ae%c0%af1%c0%af${victim}`, NSIPS_MESSAGES.encoded],
      [`${'a'.repeat(256)}.csv`, NSIPS_MESSAGES.tooLong],
    ];
    // Pharmacy 2 asks for pharmacy 1's file through its own route.
    for (const [raw, message] of attempts) {
      const { status, body } = await link(2, raw);
      expect(status, raw).toBe(400);
      expect(body, raw).toEqual({ errors: [message] });
    }
  });

  it('never lets an encoded dot segment reach the route: the URL parser resolves it first (a JSON 404)', async () => {
    for (const raw of ['%2e%2e', '.%2e', '%2E%2E', '%2e']) {
      const { status, body } = await link(2, raw);
      expect(status, raw).toBe(404);
      expect(body, raw).toEqual({ errors: ['見つかりません。'] });
    }
  });

  it('answers 404 for a file that is not there (even one another pharmacy has)', async () => {
    const victim = (await list(NSIPS_SEED.busyPharmacyId)).body.nsipses[0].filename;
    const own = new Set((await listAll(3)).flatMap((page) => page.nsipses).map((file) => file.filename));
    expect(own.has(victim)).toBe(false);
    const { status, body } = await link(3, victim);
    expect(status).toBe(404);
    expect(body).toEqual({ errors: [NSIPS_MESSAGES.fileNotFound] });
  });
});

describe('NSIPS seeds', () => {
  it('hold CP932 prescription records with NEC and IBM extension characters, differently per environment', async () => {
    const files = (await listAll(NSIPS_SEED.busyPharmacyId)).flatMap((page) => page.nsipses).filter((file) => file.filename !== NSIPS_SEED.largeFilename);
    const storage = app.environments.production.storage;
    const text = files.map((file) => new TextDecoder('shift_jis').decode(storage.get('nsips', file.key)!.body)).join('');
    for (const char of ['①', '㈱', 'Ⅲ', '髙', '﨑']) expect(text, char).toContain(char);
    expect(text).toMatch(/^201,\d,1,1,2,6\d{8},/m);

    const demo = app.environments.demo.storage.list('nsips', '1/').contents.map((object) => object.key);
    expect(demo).not.toEqual(files.map((file) => file.key));
  });
});
