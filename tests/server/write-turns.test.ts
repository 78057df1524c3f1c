import Database from 'better-sqlite3';
import { Hono } from 'hono';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, onError } from '../../server/shared/errors';
import { openConnection } from '../../server/db/open';
import { writeTurns } from '../../server/shared/writeTurns';
import { ADMIN, startApp, tempDir, type TestApp } from './helpers';
import { createBody, masterPath, WRITABLE_MASTERS } from './plainMasterProbes';

/*
 * Issue 36: a master import applies its rows on a worker in one transaction and holds core's write
 * lock for seconds. A write to core made meanwhile (a company PUT, a pharmacy PATCH, a membership,
 * a plain master's save, a version's reify...) held the request thread in SQLite's busy wait for
 * 5 s, every other request waiting, and then answered 500. Here a second connection holds the lock
 * as the import does (BEGIN IMMEDIATE, released by the test, not by a clock): while it is held the
 * write waits and the server answers others (/config.json, a list page) between its tries; once it
 * is released the write is saved. One row per kind of core write.
 */

const CORE = '/core/api/v2/admin';
let app: TestApp;
let token: string;

beforeAll(async () => {
  app = startApp({ jobTickMs: 0 });
  token = await app.token(ADMIN);
});
afterAll(() => app.dispose());

type Rec = Record<string, unknown>;
async function call(method: string, path: string, json?: unknown) {
  const res = await app.call(path, { method, token, ...(json !== undefined && { json }) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as Rec };
}
const firstId = async (path: string) => {
  const { body } = await call('GET', path);
  return (body as unknown as { id: number }[])[0].id;
};
const created = async (path: string, json: unknown) => {
  const res = await call('POST', path, json);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body.id as number;
};

interface WriteCase {
  name: string;
  /** The write, prepared before the lock is taken (ids found, records created). */
  prepare: () => Promise<{ method: string; path: string; json?: unknown }>;
  status: number;
}

const stamp = Date.now().toString(36);
const plainMaster = WRITABLE_MASTERS[0];

const CASES: WriteCase[] = [
  { name: 'company PUT', status: 200, prepare: async () => ({ method: 'PUT', path: `${CORE}/companies/${await firstId(`${CORE}/companies`)}`, json: { note: `待って保存${stamp}` } }) },
  { name: 'company POST', status: 201, prepare: async () => ({ method: 'POST', path: `${CORE}/companies`, json: { name: `株式会社取り込み中${stamp}` } }) },
  { name: 'pharmacy PUT', status: 200, prepare: async () => ({ method: 'PUT', path: `${CORE}/pharmacies/${await firstId(`${CORE}/pharmacies`)}`, json: { note: `取り込み中の備考${stamp}` } }) },
  { name: 'group rename (PUT)', status: 200, prepare: async () => ({ method: 'PUT', path: `${CORE}/groups/${await firstId(`${CORE}/groups`)}`, json: { name: `取り込み中グループ${stamp}` } }) },
  {
    name: 'group membership (POST pharmacy)', status: 200,
    prepare: async () => {
      const group = await created(`${CORE}/groups`, { name: `所属テスト${stamp}` });
      return { method: 'POST', path: `${CORE}/groups/${group}/pharmacy`, json: { pharmacy_id: await firstId(`${CORE}/pharmacies`) } };
    },
  },
  { name: 'manual PATCH', status: 200, prepare: async () => ({ method: 'PATCH', path: `${CORE}/manuals/${await firstId(`${CORE}/manuals`)}`, json: { title: `取り込み中の手順${stamp}` } }) },
  { name: `plain master create (${plainMaster.shape.label})`, status: 201, prepare: async () => ({ method: 'POST', path: masterPath(plainMaster), json: createBody(plainMaster.shape) }) },
  {
    name: `plain master delete (${plainMaster.shape.label})`, status: 204,
    prepare: async () => ({ method: 'DELETE', path: `${masterPath(plainMaster)}/${await created(masterPath(plainMaster), createBody(plainMaster.shape))}` }),
  },
  {
    name: 'version reify (POST)', status: 200,
    prepare: async () => {
      const reply = await created(`${CORE}/saved_replies`, { title: `復元${stamp}`, shortcut: `reify${stamp}`, body: '本文' });
      expect((await call('DELETE', `${CORE}/saved_replies/${reply}`)).status).toBe(204);
      const { body } = await call('GET', `${CORE}/versions?item_type=v2/core/saved_replies&item_id=${reply}&event=destroy`);
      return { method: 'POST', path: `${CORE}/versions/${(body as unknown as { id: number }[])[0].id}/reify`, json: {} };
    },
  },
  { name: 'a manual read (GET, counts the view)', status: 200, prepare: async () => ({ method: 'GET', path: `${CORE}/manuals/${await firstId(`${CORE}/manuals`)}` }) },
  { name: 'inquiry message (POST)', status: 201, prepare: async () => ({ method: 'POST', path: `${CORE}/inquiry_rooms/${await firstId(`${CORE}/inquiry_rooms`)}/messages`, json: { content: `取り込み中の返信${stamp}` } }) },
];

describe('a core write while another connection holds the write lock (issue 36)', () => {
  for (const testCase of CASES) {
    it(`${testCase.name}: waits without holding the request thread, then is saved`, async () => {
      const write = await testCase.prepare();
      // As a master import's apply does, for seconds.
      const holder = new Database(join(app.dir, 'core.sqlite'));
      holder.exec('BEGIN IMMEDIATE');
      let settled = false;
      const saving = call(write.method, write.path, write.json).then((answer) => {
        settled = true;
        return answer;
      });
      try {
        // Many turns of the event loop: the write has long reached the lock, and still waits,
        // while the server answers a cheap request and a list page (a read of core) meanwhile.
        for (let probe = 0; probe < 30 && !settled; probe++) {
          expect((await app.call('/config.json')).status).toBe(200);
          expect((await call('GET', `${CORE}/companies?page=${(probe % 3) + 1}`)).status).toBe(200);
        }
        expect(settled).toBe(false);
      } finally {
        holder.exec('ROLLBACK');
        holder.close();
      }
      const saved = await saving;
      expect(saved.status, JSON.stringify(saved.body)).toBe(testCase.status);
    });
  }

  it('what writes no row of core does not wait for the lock: the lookups batch, a copy\'s or a master job\'s start', async () => {
    const holder = new Database(join(app.dir, 'core.sqlite'));
    holder.exec('BEGIN IMMEDIATE');
    try {
      const batch = await call('POST', '/core/api/v2/common/lookups', { calls: [{ path: '/api/v2/core/admin/companies', query: 'page=1' }] });
      expect(batch.status).toBe(200);
      const copy = await call('POST', '/core/api/v2/admin/embulks/execute_copy', { service_name: 'core', table_name: 'pharmacies' });
      expect(copy.status, JSON.stringify(copy.body)).toBe(200);
      const started = await call('POST', '/core/api/v2/master/ethical_medicines/imports/hot_code', {});
      expect(started.status, JSON.stringify(started.body)).toBe(202);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  });

  it('two writes waiting together are both saved, in turn', async () => {
    const company = await firstId(`${CORE}/companies`);
    const holder = new Database(join(app.dir, 'core.sqlite'));
    holder.exec('BEGIN IMMEDIATE');
    const first = call('PUT', `${CORE}/companies/${company}`, { note: `一つ目${stamp}` });
    const second = call('POST', `${CORE}/companies`, { name: `株式会社二つ目${stamp}` });
    for (let probe = 0; probe < 10; probe++) expect((await app.call('/config.json')).status).toBe(200);
    holder.exec('ROLLBACK');
    holder.close();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(201);
    expect((await call('GET', `${CORE}/companies/${company}`)).body.note).toBe(`一つ目${stamp}`);
  });
});

/** A WAL database with one table, opened twice: the server's connection and one that holds the lock. */
function notesDatabase() {
  const dir = tempDir();
  const file = join(dir, 'notes.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE notes (body TEXT)');
  db.close();
  const server = openConnection(file);
  const holder = openConnection(file);
  const dispose = () => {
    server.close();
    holder.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { server, holder, dispose };
}

describe('a write whose lock stays held past the wait (writeTurns)', () => {
  it('is answered 503 with Retry-After and a Japanese message, and changes nothing', async () => {
    const { server, holder, dispose } = notesDatabase();
    const api = new Hono();
    api.onError(onError);
    api.use('*', writeTurns(server, { waitMs: 30 }));
    api.post('/notes', (c) => {
      server.prepare('INSERT INTO notes (body) VALUES (@body)').run({ body: 'メモ' });
      return c.json({}, 201);
    });
    holder.exec('BEGIN IMMEDIATE');
    try {
      const refused = await api.request('/notes', { method: 'POST' });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toEqual({ errors: [MESSAGES.locked] });
    } finally {
      holder.exec('ROLLBACK');
    }
    expect(server.inTransaction).toBe(false);
    expect((await api.request('/notes', { method: 'POST' })).status).toBe(201);
    expect(server.prepare('SELECT COUNT(*) AS n FROM notes').get()).toEqual({ n: 1 });
    dispose();
  });

  it('a write that still meets the lock (not through a turn) is a 503, never a 500', async () => {
    const { server, holder, dispose } = notesDatabase();
    server.pragma('busy_timeout = 0');
    const api = new Hono();
    api.onError(onError);
    api.post('/notes', (c) => {
      server.prepare('INSERT INTO notes (body) VALUES (@body)').run({ body: 'メモ' });
      return c.json({}, 201);
    });
    holder.exec('BEGIN IMMEDIATE');
    try {
      const refused = await api.request('/notes', { method: 'POST' });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
    } finally {
      holder.exec('ROLLBACK');
      dispose();
    }
  });
});
