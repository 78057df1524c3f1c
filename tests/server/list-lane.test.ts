import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDS } from '../../server/app';
import { RANK_WINDOW } from '../../server/db/list';
import { listLane } from '../../server/jobs/listLane';
import { INLINE_SEARCH_ROWS } from '../../server/shared/search';
import { openCoreDb } from '../../server/services/core';
import { PAGE_SIZE } from '../../server/shared/paging';
import { ADMIN, PHARMACY, startApp, type TestApp } from './helpers';

/**
 * Issue 36 item 1's goal through HTTP on a temporary database: a user's costly searches (ranked,
 * over more matches than the rank window) are read off the request thread (the list lane,
 * server/jobs/listLane.ts), so another user's users/me and a plain list page are answered while
 * they are still in progress; and a write between two reads of a search is seen by the second.
 * Order of completion is asserted, never time.
 */

const MEDICINES = '/core/api/v2/master/ethical_medicines';
const NAME = '窓枠並行';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely; the assertions check their shape
type Json = any;
const read = async (res: Response) => {
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as Json };
};

describe('costly searches do not hold other users', () => {
  let app: TestApp;
  const MATCHES = RANK_WINDOW + 500;
  beforeAll(() => {
    // The per-user budget out of reach: what is asserted here is the lane's own turns and bounds.
    app = startApp({ jobTickMs: 0, fairness: { concurrent: 100, burstMs: 1e9, msPerSecond: 1e9 } });
    // More medicines named alike than the rank window holds, through the core's own triggers (search index kept).
    const db = openCoreDb(app.dir, SEEDS.production, 'small');
    const insert = db.prepare('INSERT INTO ethical_medicines (brand_name, created_at, updated_at) VALUES (@name, @at, @at)');
    const at = new Date().toISOString();
    db.transaction(() => {
      for (let i = 0; i < MATCHES; i++) insert.run({ name: `${NAME}錠${i % 3 === 0 ? '' : 'イ'} ${i}mg`, at });
    })();
    db.close();
  }, 60_000);
  afterAll(() => app?.dispose());

  const get = (path: string, token: string) => app.call(path, { token }).then(read);
  const ranked = (query: string, page: number, token: string) => get(`${MEDICINES}?sort=relevance&query=${encodeURIComponent(query)}&page=${page}`, token);

  it("while a pharmacy user's ranked searches are in progress, another user's users/me and a list page are answered first", async () => {
    const [searcher, other] = [await app.token(PHARMACY), await app.token(ADMIN)];
    const finished: string[] = [];
    const track = <T>(label: string, answer: Promise<T>) => answer.then((value) => (finished.push(label), value));
    // Each search a query of its own: nothing is answered from a cache.
    const searches = Array.from({ length: 6 }, (_, i) => track('search', ranked(`${NAME} ${i + 1}`, 2, searcher)));
    const me = track('users/me', get('/core/api/v2/common/users/me', other));
    const page = track('page', get('/core/api/v2/admin/pharmacies?page=1', other));
    const [meAnswer, pageAnswer, ...searched] = await Promise.all([me, page, ...searches]);
    expect(meAnswer.status).toBe(200);
    expect(pageAnswer.status).toBe(200);
    expect(pageAnswer.body.length).toBeGreaterThan(0);
    for (const answer of searched) {
      expect(answer.status).toBe(200);
      expect(answer.body.length).toBeGreaterThan(0);
    }
    // Both of the other user's answers came before any of the searches'.
    expect(finished.slice(0, 2).sort()).toEqual(['page', 'users/me']);
  });

  it("one user's flood of searches is bounded in the lane (429, Retry-After, Japanese); another user's search goes in its turn", async () => {
    const [flooder, other] = [await app.token(PHARMACY), await app.token(ADMIN)];
    const finished: string[] = [];
    const flood = Array.from({ length: 20 }, (_, i) =>
      ranked(`${NAME} 2${i}`, 1, flooder).then((answer) => {
        if (answer.status === 200) finished.push('flooder');
        return answer;
      }),
    );
    const mine = ranked(`${NAME} 5`, 1, other).then((answer) => (finished.push('other'), answer));
    const [answers, own] = await Promise.all([Promise.all(flood), mine]);
    expect(own.status).toBe(200);
    expect(answers.map((answer) => answer.status).filter((status) => status !== 200 && status !== 429)).toEqual([]);
    const refused = answers.filter((answer) => answer.status === 429);
    // One read at a time and eight waiting: of twenty sent at once, some are refused.
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(answer.body.errors.join('')).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    }
    // The other user's search did not wait for the flooder's backlog.
    expect(finished.indexOf('other')).toBeLessThan(finished.lastIndexOf('flooder'));
  });

  it('a write between two reads of a search: the second answer is of the tables after it', async () => {
    const token = await app.token(PHARMACY);
    const query = `${NAME} 7`;
    const before = await ranked(query, 1, token);
    const total = Number(before.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(0);
    // A new match ranked as the others (its name starts with the first term), last by id: the last page's last row.
    const db = openCoreDb(app.dir, SEEDS.production, 'small');
    try {
      db.prepare('INSERT INTO ethical_medicines (brand_name, created_at, updated_at) VALUES (@name, @at, @at)').run({ name: `${NAME} 7 新規`, at: new Date().toISOString() });
    } finally {
      db.close();
    }
    const after = await ranked(query, Math.ceil((total + 1) / PAGE_SIZE), token);
    expect(after.status).toBe(200);
    expect(Number(after.headers.get('x-total-count'))).toBe(total + 1);
    expect(after.body.at(-1).brand_name).toBe(`${NAME} 7 新規`);
  });
});

describe('a search of a small table is read on the request thread (issue 38)', () => {
  let app: TestApp;
  beforeAll(() => {
    app = startApp({ jobTickMs: 0, fairness: { concurrent: 100, burstMs: 1e9, msPerSecond: 1e9 } });
  });
  afterAll(() => app?.dispose());

  it('asks the lane for a search of more rows than INLINE_SEARCH_ROWS only', async () => {
    const token = await app.token(ADMIN);
    const laneReads: string[] = [];
    const laneRead = listLane.read.bind(listLane);
    listLane.read = (user, file, query) => {
      laneReads.push(query.from);
      return laneRead(user, file, query);
    };
    try {
      const db = openCoreDb(app.dir, SEEDS.production, 'small');
      const rows = (table: string) => (db.prepare(`SELECT max(id) AS n FROM ${table}`).get() as { n: number }).n;
      // The seed's dealers fit the bound and its medicines do not: the test is about both sides of it.
      expect(rows('dealers')).toBeLessThanOrEqual(INLINE_SEARCH_ROWS);
      expect(rows('ethical_medicines')).toBeGreaterThan(INLINE_SEARCH_ROWS);
      db.close();
      const dealers = await app.call(`/core/api/v2/master/dealers?sort=relevance&query=${encodeURIComponent('薬品')}`, { token }).then(read);
      expect(dealers.status).toBe(200);
      expect(laneReads).toEqual([]);
      const medicines = await app.call(`${MEDICINES}?sort=relevance&query=${encodeURIComponent('錠')}`, { token }).then(read);
      expect(medicines.status).toBe(200);
      expect(laneReads).toEqual(['FROM ethical_medicines m']);
    } finally {
      listLane.read = laneRead;
    }
  });
});
