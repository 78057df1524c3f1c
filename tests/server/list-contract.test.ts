import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runList } from '../../server/db/list';
import { versionTriggersSql, tableVersionsSql } from '../../server/db/versions';
import { CORE_LISTS } from '../../server/services/core';
import { MEDORDER_LISTS } from '../../server/services/medorder';
import { getJson, startApp, type TestApp } from './helpers';

let app: TestApp;
beforeAll(() => {
  app = startApp({ now: () => new Date('2026-11-21T03:00:00.000Z') });
});
afterAll(() => app.dispose());

describe.each([...CORE_LISTS, ...MEDORDER_LISTS].map((list) => [list.path, list] as const))('list contract: %s', (_path, list) => {
  const url = (query: string) => `${list.base}${list.path}?${query}`;

  it('returns every declared field', async () => {
    const { status, body } = await getJson<Record<string, unknown>[]>(app, url(''));
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    expect(Object.keys(body[0]).sort()).toEqual([...list.fields].sort());
  });

  it('accepts every declared sort both ways, the rows reversed between them for a full list', async () => {
    for (const field of Object.keys(list.sortColumns)) {
      const asc = await getJson<{ id: number }[]>(app, url(`sort=${field}&fields=id&page=1`));
      const desc = await getJson<{ id: number }[]>(app, url(`sort=-${field}&fields=id&page=1`));
      expect(asc.status, field).toBe(200);
      expect(desc.status, field).toBe(200);
      if (Number(asc.headers.get('x-total-count')) <= 25) {
        expect(desc.body.map((r) => r.id), field).toEqual(asc.body.map((r) => r.id).reverse());
      }
    }
  });

  it('accepts every declared filter with its example, and refuses inherited sort keys', async () => {
    for (const [name, filter] of Object.entries(list.filters)) {
      expect((await getJson(app, url(`${name}=${filter.example}`))).status, name).toBe(200);
    }
    expect((await getJson(app, url('sort=constructor'))).status).toBe(422);
    expect((await getJson(app, url('page=0'))).status).toBe(422);
  });

  it('pages without gaps or repeats across the whole list', async () => {
    const first = await getJson<{ id: number }[]>(app, url('fields=id'));
    const pages = Number(first.headers.get('x-total-pages'));
    const seen: number[] = [];
    for (let page = 1; page <= pages; page++) {
      seen.push(...(await getJson<{ id: number }[]>(app, url(`fields=id&page=${page}`))).body.map((r) => r.id));
    }
    expect(seen.length).toBe(Number(first.headers.get('x-total-count')));
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('runList', () => {
  it('property: pages seeking from anchors or read from a cached order equal plain OFFSET pages, and counts follow changes', () => {
    const db = new Database(':memory:');
    db.exec(`${tableVersionsSql}
      CREATE TABLE items (id INTEGER PRIMARY KEY, score INTEGER NOT NULL, label TEXT NOT NULL, updated_at TEXT NOT NULL);
      CREATE INDEX items_score ON items(score, id);
      ${versionTriggersSql('items', 'updated_at')}`);
    const insert = db.prepare('INSERT INTO items (score, label, updated_at) VALUES (?, ?, ?)');
    db.transaction(() => {
      for (let i = 0; i < 400; i++) insert.run((i * 7919) % 13, `item ${i % 17}`, '2026-11-01T00:00:00.000Z');
    })();
    const base = {
      select: 'id, score', from: 'FROM items', idColumn: 'id', tables: ['items'],
    };
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 12 }),
        (desc, pageSize, page, below) => {
          const query = { ...base, where: ['score >= @below'], params: { below }, sort: { expr: 'score', desc }, page, pageSize };
          const seek = runList<{ id: number }>(db, { ...query, maxOffset: 0 });
          const walk = runList<{ id: number }>(db, { ...query, maxOffset: Number.MAX_SAFE_INTEGER });
          const cached = runList<{ id: number }>(db, { ...query, cacheOrder: true });
          expect(seek).toEqual(walk);
          expect(cached).toEqual(walk);
          const expected = (db.prepare('SELECT COUNT(*) AS n FROM items WHERE score >= ?').get(below) as { n: number }).n;
          expect(seek.total).toBe(expected);
        }),
      { numRuns: 200 },
    );
    const count = () => runList(db, { ...base, where: [], params: {}, sort: { expr: 'id', desc: false }, page: 1, pageSize: 10 }).total;
    expect(count()).toBe(400);
    db.prepare('DELETE FROM items WHERE id <= 5').run();
    expect(count()).toBe(395);
    insert.run(1, 'new', '2026-11-02T00:00:00.000Z');
    expect(count()).toBe(396);
    db.close();
  });
});
