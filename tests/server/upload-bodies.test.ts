import { serve } from '@hono/node-server';
import Database from 'better-sqlite3';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WAL_CHECKPOINT_MS } from '../../server/db/walCheckpoint';
import { createLocalStorage } from '../../server/storage';
import { isFileOf } from '../../server/storage/fileBytes';
import { createIntake } from '../../server/storage/intake';
import { ADMIN, startApp, type TestApp } from './helpers';

/**
 * Issue 36 item 3: 16 uploads of 10 MB beside an import and warehouse copies must not hold the
 * request thread. What can be checked without a clock:
 * - an upload's body is taken as it comes: the server answers other requests while a PUT is
 *   half sent, and stores exactly the bytes sent;
 * - taking an upload (a licence, a chat attachment) never reads the whole object on the request
 *   thread: only its first bytes, its size and type (storage.readHead), the attachment's copy made
 *   by the file system (storage.copy);
 * - what those takes look up is found by an index, not by scanning every licence or message.
 */
const BASE = '/core/api/v2/admin';
const TEN_MB = 10 * 1024 * 1024;
const CHUNK = 64 * 1024;

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = startApp({ jobTickMs: 0 });
  token = await app.token(ADMIN);
});
afterAll(() => app.dispose());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely; the assertions check their shape
type Json = any;
async function call(path: string, init: { method?: string; json?: unknown } = {}) {
  const res = await app.call(path, { token, ...init });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Json };
}

/** A 10 MB file of the given type: its magic number, then padding. */
function bigFile(magic: number[]): Buffer {
  const body = Buffer.alloc(TEN_MB, 0x20);
  Buffer.from(magic).copy(body);
  return body;
}
const PDF = [...Buffer.from('%PDF-1.4\n')];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const put = (url: string, body: Buffer | ReadableStream<Uint8Array>, contentType: string) =>
  app.app.request(url, { method: 'PUT', headers: { 'content-type': contentType }, body: body instanceof Buffer ? new Uint8Array(body) : body, duplex: 'half' } as RequestInit);

/** Records every whole-object read of the storage (`get`, `read`) while `during` runs. */
async function wholeReadsDuring(during: () => Promise<void>): Promise<string[]> {
  const { storage } = app.environments.production;
  const { get, read } = storage;
  const reads: string[] = [];
  storage.get = (bucket, key) => {
    reads.push(`${bucket}/${key}`);
    return get.call(storage, bucket, key);
  };
  storage.read = (bucket, key) => {
    reads.push(`${bucket}/${key}`);
    return read.call(storage, bucket, key);
  };
  try {
    await during();
  } finally {
    storage.get = get;
    storage.read = read;
  }
  return reads;
}

describe('an upload while other requests come (issue 36)', () => {
  it('is taken as it comes: a request is answered while a 10 MB PUT is half sent, and the bytes stored are the bytes sent', async () => {
    const presign = await call(`${BASE}/pharmacies/3/licenses/presigned_url`);
    expect(presign.status).toBe(200);
    const file = bigFile(PDF);
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    let settled = false;
    const uploading = Promise.resolve(put(presign.body.presigned_url, body, 'application/pdf')).then((res) => {
      settled = true;
      return res;
    });
    const half = TEN_MB / 2;
    for (let at = 0; at < half; at += CHUNK) controller.enqueue(new Uint8Array(file.subarray(at, at + CHUNK)));

    const meanwhile = await app.call('/config.json');
    expect(meanwhile.status).toBe(200);
    expect(settled).toBe(false);

    for (let at = half; at < TEN_MB; at += CHUNK) controller.enqueue(new Uint8Array(file.subarray(at, at + CHUNK)));
    controller.close();
    expect((await uploading).status).toBe(200);
    const stored = await app.environments.production.storage.read('licenses', presign.body.object_name);
    expect(stored?.body.equals(file)).toBe(true);
  });

  it('a licence takes its 10 MB file by the file\'s first bytes, never reading it whole', async () => {
    const presign = await call(`${BASE}/pharmacies/3/licenses/presigned_url`);
    const file = bigFile(PDF);
    expect((await put(presign.body.presigned_url, file, 'application/pdf')).status).toBe(200);
    let created: Awaited<ReturnType<typeof call>> | undefined;
    const reads = await wholeReadsDuring(async () => {
      created = await call(`${BASE}/pharmacies/3/licenses`, {
        method: 'POST',
        json: { number: '13薬第36号', expires_on: '2099-12-31', filename_s3: presign.body.object_name },
      });
    });
    expect(created?.status).toBe(201);
    expect(reads).toEqual([]);
    const view = await app.app.request(created!.body.signed_url as string);
    expect(view.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await view.arrayBuffer()).equals(file)).toBe(true);
  });

  it('a message takes its 10 MB attachment by a copy and the copy\'s first bytes, never reading it whole', async () => {
    const roomId = (await call(`${BASE}/inquiry_rooms`)).body[0].id as number;
    const presign = await call(`${BASE}/inquiry_messages/file_presigned_url`);
    const file = bigFile(PNG);
    expect((await put(presign.body.presigned_url, file, 'image/png')).status).toBe(200);
    let sent: Awaited<ReturnType<typeof call>> | undefined;
    const reads = await wholeReadsDuring(async () => {
      sent = await call(`${BASE}/inquiry_rooms/${roomId}/messages`, {
        method: 'POST',
        json: { content: '大きな写真', file: { file_name_s3: presign.body.object_name, name: 'big.png' } },
      });
    });
    expect(sent?.status).toBe(201);
    expect(reads).toEqual([]);
    expect(sent!.body.files[0]).toMatchObject({ size: TEN_MB });
    const download = await app.app.request(sent!.body.files[0].url as string);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(file)).toBe(true);
    // The upload itself is gone once the message holds its copy.
    expect(app.environments.production.storage.get('inquiry-files', presign.body.object_name)).toBeUndefined();
  });

  it('finds what a take looks up by an index: the licence of a file, a room\'s unread messages', () => {
    const core = new Database(join(app.dir, 'core.sqlite'), { readonly: true });
    try {
      const plan = (sql: string) => (core.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail).join('; ');
      expect(plan(`SELECT 1 FROM licenses WHERE object_name = 'pharmacies/3/x.pdf'`)).toMatch(/USING (COVERING )?INDEX licenses_object_name/);
      expect(plan('SELECT COUNT(*) FROM inquiry_messages m WHERE m.room_id = 1 AND m.id > 5 AND (m.sender_id IS NULL OR m.sender_id != 2)')).toMatch(/USING COVERING INDEX/);
    } finally {
      core.close();
    }
  });
});

describe('core\'s WAL (issue 36)', () => {
  it('is never copied into the file by the request thread: writes stay in the WAL until the checkpoint chore runs on a worker lane', async () => {
    let clock = Date.parse('2026-11-21T01:00:00.000Z');
    const probe = startApp({ jobTickMs: 0, now: () => new Date(clock) });
    try {
      const file = join(probe.dir, 'core.sqlite');
      const { jobs } = probe.environments.production;
      // This turn checkpoints what opening left; the chore then waits out its interval.
      await jobs.tick();
      const before = statSync(file).size;
      const admin = await probe.token(ADMIN);
      const roomId = ((await (await probe.call(`${BASE}/inquiry_rooms`, { token: admin })).json()) as { id: number }[])[0].id;
      // Far past SQLite's automatic checkpoint (1,000 pages), all from the request thread's connection.
      for (let i = 0; i < 200; i++) {
        const res = await probe.call(`${BASE}/inquiry_rooms/${roomId}/messages`, { method: 'POST', token: admin, json: { content: `${i}${'あ'.repeat(4990)}` } });
        expect(res.status).toBe(201);
      }
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(1000 * 4096);
      expect(statSync(file).size).toBe(before);

      clock += WAL_CHECKPOINT_MS;
      await jobs.tick();
      expect(statSync(file).size).toBeGreaterThan(before);
    } finally {
      probe.dispose();
    }
  });
});

describe('the upload links\' sweep (issue 36)', () => {
  it('never waits on the request thread for a write lock a worker holds: it skips that turn, and a later turn sweeps', async () => {
    let clock = Date.parse('2026-11-21T01:00:00.000Z');
    const probe = startApp({ jobTickMs: 0, now: () => new Date(clock) });
    const holder = new Database(join(probe.dir, 'core.sqlite'));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { jobs } = probe.environments.production;
      await jobs.tick();
      const admin = await probe.token(ADMIN);
      const link = (await (await probe.call(`${BASE}/pharmacies/3/licenses/presigned_url`, { token: admin })).json()) as { object_name: string };
      const links = () => (holder.prepare('SELECT COUNT(*) AS n FROM upload_links WHERE object_name = ?').get(link.object_name) as { n: number }).n;
      expect(links()).toBe(1);

      // Long expired; meanwhile another connection (as a master import's apply does) holds the write lock.
      clock += 6 * 3600_000;
      holder.exec('BEGIN IMMEDIATE');
      await jobs.tick();
      expect(errors).not.toHaveBeenCalled();
      expect(links()).toBe(1);
      holder.exec('ROLLBACK');

      clock += 6 * 3600_000;
      await jobs.tick();
      expect(links()).toBe(0);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      holder.close();
      probe.dispose();
    }
  });
});

describe('taking an upload while a worker holds core\'s write lock (issue 36)', () => {
  it('waits for the lock without holding the request thread, then saves the licence', async () => {
    const presign = await call(`${BASE}/pharmacies/3/licenses/presigned_url`);
    expect((await put(presign.body.presigned_url, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf')).status).toBe(200);
    // As a master import's apply does, for seconds.
    const holder = new Database(join(app.dir, 'core.sqlite'));
    holder.exec('BEGIN IMMEDIATE');
    let settled = false;
    const saving = call(`${BASE}/pharmacies/3/licenses`, {
      method: 'POST',
      json: { number: '13薬第3636号', expires_on: '2099-12-31', filename_s3: presign.body.object_name },
    }).then((answer) => {
      settled = true;
      return answer;
    });
    try {
      // Many turns of the event loop, each also a round trip through libuv's pool (which the save's
      // file reads go through, in order): the save has long reached its write, and still waits.
      const { storage } = app.environments.production;
      for (let probe = 0; probe < 50 && !settled; probe++) {
        expect((await app.call('/config.json')).status).toBe(200);
        expect(await storage.readHead('licenses', presign.body.object_name, 1)).toBeDefined();
      }
      expect(settled).toBe(false);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    const saved = await saving;
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ number: '13薬第3636号' });
  });
});

describe('an upload through Node\'s HTTP server (issue 36 item 3)', () => {
  // Under @hono/node-server the body is read from the request's own stream, not the web stream made
  // of it (which copies every chunk): the bytes stored are exactly those sent, and one byte more
  // than signed is still refused.
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: app.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('stores exactly the bytes sent', async () => {
    const presign = await call(`${BASE}/pharmacies/3/licenses/presigned_url`);
    const file = bigFile(PDF);
    for (let at = 0; at < file.length; at += 4093) file[at] = at % 251;
    file.set(PDF);
    const sent = await fetch(`${origin}${presign.body.presigned_url}`, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: new Uint8Array(file) });
    expect(sent.status).toBe(200);
    const stored = await app.environments.production.storage.read('licenses', presign.body.object_name);
    expect(stored?.body.equals(file)).toBe(true);
  });

  it('refuses a body past its signed size, sent without a length, and stores nothing', async () => {
    const presign = await call(`${BASE}/pharmacies/3/licenses/presigned_url`);
    const maxBytes = Number(new URL(presign.body.presigned_url, origin).searchParams.get('X-Max-Bytes') ?? NaN);
    const chunk = new Uint8Array(CHUNK).fill(0x20);
    chunk.set(PDF);
    let sentBytes = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sentBytes > maxBytes) return controller.close();
        controller.enqueue(chunk.slice());
        sentBytes += CHUNK;
      },
    });
    const outcome = await fetch(`${origin}${presign.body.presigned_url}`, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body, duplex: 'half' } as RequestInit)
      .then((res) => res.status)
      .catch(() => 'cut off');
    // Answered 413, or the connection closed under the sender's feet: never stored.
    expect([413, 'cut off']).toContain(outcome);
    expect(await app.environments.production.storage.read('licenses', presign.body.object_name)).toBeUndefined();
  });
});

describe('upload bodies read at a bounded pace, all uploads together (issue 36 item 3)', () => {
  const KB = 1024;
  const RATE = 1024 * KB; // bytes per second of the hand clock
  const BURST = 256 * KB;
  const BODY = 2 * 1024 * KB;

  /** A storage whose intake runs on a hand-moved clock; `due` is its one pending wake-up. */
  function pacedStorage() {
    const hand = { clock: 0, due: undefined as { at: number; run: () => void } | undefined };
    const intake = createIntake({ bytesPerSecond: RATE, burstBytes: BURST, now: () => hand.clock, later: (run, ms) => (hand.due = { at: hand.clock + ms, run }) });
    const root = mkdtempSync(join(tmpdir(), 'cs-portal-paced-'));
    const storage = createLocalStorage({ root, mount: '/storage', buckets: { licenses: { accepts: isFileOf } }, secret: Buffer.alloc(32, 1), now: () => new Date(), intake });
    return { hand, storage, root };
  }

  /** A body of `BODY` bytes in 64 KB chunks, first a PDF's magic, counting what the storage pulled. */
  function body(pulled: { bytes: number }, onPull: () => void, magic = PDF): AsyncIterable<Uint8Array> {
    return (async function* () {
      for (let at = 0; at < BODY; at += CHUNK) {
        const chunk = new Uint8Array(CHUNK).fill(at / CHUNK);
        if (at === 0) chunk.set(magic);
        pulled.bytes += CHUNK;
        onPull();
        yield chunk;
      }
    })();
  }

  /** Until `done` or the intake waits for time to pass: each turn lets the file writes on libuv's pool finish. */
  async function untilIdle(hand: { due?: unknown }, done: () => boolean) {
    while (!hand.due && !done()) await new Promise((resolve) => setImmediate(resolve));
  }

  it('reads three concurrent bodies no faster than the pace: the burst, the rate over the time passed and a chunk each', async () => {
    const { hand, storage, root } = pacedStorage();
    const pulled = [{ bytes: 0 }, { bytes: 0 }, { bytes: 0 }];
    let most = 0;
    const total = () => pulled.reduce((sum, p) => sum + p.bytes, 0);
    // Checked at every pull: what the three bodies gave so far against what the pace allows by now.
    const onPull = () => {
      most = Math.max(most, total() - (BURST + (RATE / 1000) * hand.clock));
    };
    const outcomes: string[] = [];
    const puts = pulled.map((p, i) => storage.putStream('licenses', `paced/${i}.pdf`, body(p, onPull), 'application/pdf', BODY).then((o) => outcomes.push(o)));
    let wakes = 0;
    let othersWhenFirstDone: number[] | undefined;
    for (;;) {
      await untilIdle(hand, () => outcomes.length === 3);
      if (outcomes.length > 0 && !othersWhenFirstDone) othersWhenFirstDone = pulled.map((p) => p.bytes).sort((a, b) => a - b);
      if (outcomes.length === 3) break;
      const { at, run } = hand.due!;
      hand.due = undefined;
      hand.clock = at;
      wakes += 1;
      run();
    }
    await Promise.all(puts);
    expect(outcomes).toEqual(['ok', 'ok', 'ok']);
    // The old code read the 6 MB at once, never waiting: 5.75 MB over the burst at time 0.
    expect(wakes).toBeGreaterThan(0);
    // Beyond what the pace allowed, at most the chunk each body had pulled while waiting its turn, and the one take granted into debt.
    expect(most).toBeLessThanOrEqual(4 * CHUNK);
    // 6 MB at 1 MB/s after a 256 KB burst: about 5.75 s of the hand clock.
    expect(hand.clock).toBeGreaterThanOrEqual(((3 * BODY - BURST - 4 * CHUNK) / RATE) * 1000);
    // Shared chunk by chunk: when the first body was in, the others were more than half way.
    expect(othersWhenFirstDone![0]).toBeGreaterThan(BODY / 2);
    for (let i = 0; i < 3; i++) expect((await storage.read('licenses', `paced/${i}.pdf`))?.body.length).toBe(BODY);
    rmSync(root, { recursive: true, force: true });
  });

  it('judges a body by its first bytes as they come: a refused one is read out (for its 415) but never written', async () => {
    const { hand, storage, root } = pacedStorage();
    const pulled = { bytes: 0 };
    let outcome: string | undefined;
    let written = 0;
    // At every pull, what the temporary file holds so far.
    const onPull = () => {
      for (const name of readdirSync(join(root, '.tmp'))) written = Math.max(written, statSync(join(root, '.tmp', name)).size);
    };
    void storage.putStream('licenses', 'paced/fake.pdf', body(pulled, onPull, PNG), 'application/pdf', BODY).then((o) => (outcome = o));
    for (;;) {
      await untilIdle(hand, () => outcome !== undefined);
      if (outcome !== undefined) break;
      const { at, run } = hand.due!;
      hand.due = undefined;
      hand.clock = at;
      run();
    }
    expect(outcome).toBe('refused');
    expect(pulled.bytes).toBe(BODY);
    // The old code wrote the refused body's 1 MB batches to its temporary file before judging it at the end.
    expect(written).toBe(0);
    expect(readdirSync(join(root, '.tmp'))).toEqual([]);
    expect(await storage.read('licenses', 'paced/fake.pdf')).toBeUndefined();
    rmSync(root, { recursive: true, force: true });
  });
});
