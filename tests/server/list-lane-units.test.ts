import Database from 'better-sqlite3';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { readListWork, renderListElsewhere, runList, type ListQuery, type ListWork } from '../../server/db/list';
import { tableVersionsSql, versionTriggersSql } from '../../server/db/versions';
import { FairQueue } from '../../server/jobs/fairQueue';
import { createListLane, ListWorkAbandoned, ListWorkRefused, type ListWorkAnswer } from '../../server/jobs/listLane';

/**
 * The list lane's parts (issue 36 item 1) without threads or timing: the queue that takes turns
 * between users, the lane's dispatch over workers the test answers itself, and the rule that
 * costly parts read elsewhere serve only the tables' state they were read at.
 */

describe('FairQueue: turns between users', () => {
  const pushes = fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd'), fc.nat()), { maxLength: 60 });

  it('keeps each user\'s order, and while two users wait neither is taken twice before the other once', () => {
    fc.assert(
      fc.property(pushes, (items) => {
        const queue = new FairQueue<number>({ perUser: 1000, total: 1000 });
        items.forEach(([user, value]) => expect(queue.push(user, value)).toBeUndefined());
        const taken: { user: string; item: number }[] = [];
        for (let next = queue.shift(); next; next = queue.shift()) taken.push(next);
        expect(taken).toHaveLength(items.length);
        expect(queue.size).toBe(0);
        for (const user of new Set(items.map(([u]) => u))) {
          expect(taken.filter((t) => t.user === user).map((t) => t.item)).toEqual(items.filter(([u]) => u === user).map(([, v]) => v));
        }
        // Round by round: between two items of a user, every user that still had items had one taken.
        const left = new Map<string, number>();
        for (const [user] of items) left.set(user, (left.get(user) ?? 0) + 1);
        const lastTurn = new Map<string, number>();
        taken.forEach(({ user }, index) => {
          const previous = lastTurn.get(user);
          if (previous !== undefined) {
            for (const [other, count] of left) {
              if (other === user || count === 0) continue;
              expect(taken.slice(previous + 1, index).some((t) => t.user === other), `${other} between two of ${user}`).toBe(true);
            }
          }
          lastTurn.set(user, index);
          left.set(user, left.get(user)! - 1);
        });
      }),
    );
  });

  it('a user just served waits behind a newcomer: another user\'s one item goes next, whatever the backlog', () => {
    const queue = new FairQueue<string>({ perUser: 10, total: 100 });
    for (let i = 0; i < 6; i++) queue.push('flooder', `f${i}`);
    expect(queue.shift()?.item).toBe('f0');
    queue.push('person', 'p0');
    expect(queue.shift()?.item).toBe('p0');
  });

  it('refuses beyond a user\'s places and beyond everyone\'s', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 12 }), pushes, (perUser, total, items) => {
        const queue = new FairQueue<number>({ perUser, total });
        const held = new Map<string, number>();
        for (const [user, value] of items) {
          const [mine, waiting] = [held.get(user) ?? 0, queue.size];
          const refused = queue.push(user, value);
          expect(refused).toBe(mine >= perUser ? 'user' : waiting >= total ? 'total' : undefined);
          if (!refused) held.set(user, mine + 1);
          expect(queue.size).toBeLessThanOrEqual(total);
        }
      }),
    );
  });
});

/** A worker the test answers: it records what it was posted and says when ref'd. */
class FakeWorker extends EventEmitter {
  posted: { id: number; file: string; query: ListQuery }[] = [];
  referenced = false;
  terminated = false;
  postMessage(message: { id: number; file: string; query: ListQuery }) {
    this.posted.push(message);
  }
  ref() {
    this.referenced = true;
  }
  unref() {
    this.referenced = false;
  }
  terminate() {
    this.terminated = true;
    return Promise.resolve(0);
  }
  answer(answer: Partial<ListWorkAnswer>) {
    this.emit('message', { id: this.posted.at(-1)!.id, ranMs: 1, ...answer });
  }
}

const query = (label: string): ListQuery => ({
  select: 'id',
  from: 'FROM items',
  where: [],
  params: { label },
  sort: { expr: 'id', desc: false },
  page: 1,
  pageSize: 25,
  idColumn: 'id',
  tables: ['items'],
  cacheOrder: true,
});
const labelOf = (posted: { query: ListQuery }) => posted.query.params.label;
const work = (total: number): ListWork => ({ state: 'items:1', total });

describe('the list lane over workers', () => {
  const lanes: ReturnType<typeof createListLane>[] = [];
  afterEach(async () => {
    await Promise.all(lanes.splice(0).map((lane) => lane.stop()));
  });
  const setup = (workers = 1, perUser = 3, total = 5) => {
    const spawned: FakeWorker[] = [];
    const lane = createListLane({ workers, perUser, total }, () => {
      const worker = new FakeWorker();
      spawned.push(worker);
      return worker as unknown as Worker;
    });
    lanes.push(lane);
    return { lane, spawned };
  };

  it('one worker: a user\'s queued searches wait while another user\'s goes next; answers reach their callers', async () => {
    const { lane, spawned } = setup();
    const flooder = ['f1', 'f2', 'f3'].map((label) => lane.read('flooder', '/db/core.sqlite3', query(label)));
    const person = lane.read('person', '/db/core.sqlite3', query('p1'));
    expect(spawned).toHaveLength(1);
    const [worker] = spawned;
    expect(worker.referenced).toBe(true);
    expect(worker.posted.map(labelOf)).toEqual(['f1']);
    worker.answer({ work: work(1) });
    expect(worker.posted.map(labelOf)).toEqual(['f1', 'p1']);
    worker.answer({ work: work(2) });
    expect(worker.posted.map(labelOf)).toEqual(['f1', 'p1', 'f2']);
    worker.answer({ work: work(3) });
    worker.answer({ work: work(4) });
    expect((await person).work.total).toBe(2);
    expect((await Promise.all(flooder)).map((done) => done.work.total)).toEqual([1, 3, 4]);
    // Idle, the worker keeps nothing alive.
    expect(worker.referenced).toBe(false);
  });

  it('refuses beyond a user\'s waiting places (concurrent) and everyone\'s (busy) with Retry-After', async () => {
    const { lane } = setup(1, 2, 3);
    const running = lane.read('a', '/f', query('a0'));
    const waiting = [lane.read('a', '/f', query('a1')), lane.read('a', '/f', query('a2'))];
    await expect(lane.read('a', '/f', query('a3'))).rejects.toEqual(new ListWorkRefused({ reason: 'concurrent', retryAfterSeconds: 1 }));
    waiting.push(lane.read('b', '/f', query('b1')));
    const busy = await lane.read('c', '/f', query('c1')).catch((error: unknown) => error);
    expect(busy).toBeInstanceOf(ListWorkRefused);
    expect((busy as ListWorkRefused).refusal).toEqual({ reason: 'busy', retryAfterSeconds: 1 });
    await lane.stop();
    for (const promise of [running, ...waiting]) await expect(promise).rejects.toThrow();
  });

  it('a worker\'s error fails its own task only; a worker that dies is replaced for the next', async () => {
    const { lane, spawned } = setup(1);
    const failing = lane.read('a', '/f', query('x'));
    const next = lane.read('b', '/f', query('y'));
    spawned[0].answer({ error: 'no such table' });
    await expect(failing).rejects.toThrow('no such table');
    expect(spawned[0].posted.map(labelOf)).toEqual(['x', 'y']);
    spawned[0].emit('exit', 1);
    await expect(next).rejects.toThrow();
    const after = lane.read('a', '/f', query('z'));
    expect(spawned).toHaveLength(2);
    spawned[1].answer({ work: work(7) });
    expect((await after).work.total).toBe(7);
  });

  it('a waiting task whose request is abandoned leaves the queue, unread; one a worker has begun is read to its end', async () => {
    const { lane, spawned } = setup(1, 3, 5);
    const [first, second] = [new AbortController(), new AbortController()];
    const running = lane.read('a', '/f', query('a1'), first.signal);
    const waiting = lane.read('a', '/f', query('a2'), second.signal);
    const after = lane.read('a', '/f', query('a3'));
    second.abort();
    await expect(waiting).rejects.toBeInstanceOf(ListWorkAbandoned);
    first.abort();
    const [worker] = spawned;
    worker.answer({ work: work(1) });
    expect((await running).work.total).toBe(1);
    // The abandoned task never reached the worker: the next one did, and its place was freed.
    expect(worker.posted.map(labelOf)).toEqual(['a1', 'a3']);
    worker.answer({ work: work(3) });
    expect((await after).work.total).toBe(3);
    // Abandoned before it was asked: refused at once, nothing queued.
    await expect(lane.read('a', '/f', query('a4'), first.signal)).rejects.toBeInstanceOf(ListWorkAbandoned);
    expect(worker.posted.map(labelOf)).toEqual(['a1', 'a3']);
  });

  it('started ahead (at the server\'s start): its workers wait idle, keeping nothing alive, and the first read goes to one of them', async () => {
    const { lane, spawned } = setup(2);
    lane.start();
    expect(spawned).toHaveLength(2);
    expect(spawned.every((worker) => !worker.referenced && worker.posted.length === 0)).toBe(true);
    const read = lane.read('a', '/f', query('a1'));
    expect(spawned).toHaveLength(2);
    expect(spawned[0].posted.map(labelOf)).toEqual(['a1']);
    spawned[0].answer({ work: work(5) });
    expect((await read).work.total).toBe(5);
    lane.start();
    expect(spawned).toHaveLength(2);
  });

  it('one task after another goes to the idle worker that read least recently, so each stays warm', async () => {
    const { lane, spawned } = setup(2);
    lane.start();
    for (const label of ['a1', 'a2', 'a3']) {
      const read = lane.read('a', '/f', query(label));
      spawned.find((worker) => worker.referenced)!.answer({ work: work(1) });
      await read;
    }
    expect(spawned.map((worker) => worker.posted.map(labelOf))).toEqual([['a1', 'a3'], ['a2']]);
  });

  it('two workers read two tasks at once', () => {
    const { lane, spawned } = setup(2);
    void lane.read('a', '/f', query('a1')).catch(() => undefined);
    void lane.read('a', '/f', query('a2')).catch(() => undefined);
    void lane.read('a', '/f', query('a3')).catch(() => undefined);
    expect(spawned.map((worker) => worker.posted.map(labelOf))).toEqual([['a1'], ['a2']]);
  });
});

describe('costly parts read elsewhere serve only the state they were read at', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const open = () => {
    dir = mkdtempSync(join(tmpdir(), 'cs-portal-list-lane-'));
    const file = join(dir, 'list.sqlite3');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec(`${tableVersionsSql} CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL); ${versionTriggersSql('items')}`);
    const insert = db.prepare('INSERT INTO items (name) VALUES (?)');
    for (let i = 0; i < 60; i++) insert.run(`item ${i % 7}`);
    // The worker's side: a connection of its own to the same file.
    const other = new Database(file, { readonly: true });
    return { db, other, insert };
  };
  const search = (page: number): ListQuery => ({
    select: 'id, name',
    from: 'FROM items',
    where: ["name LIKE '%' || @term || '%'"],
    params: { term: '3' },
    sort: { expr: 'id', desc: true },
    page,
    pageSize: 5,
    idColumn: 'id',
    tables: ['items'],
    cacheOrder: true,
  });
  const render = (rows: { id: number; name: string }[]) => rows;

  it('reads the page from the parts when the tables are as they were read, without reading them here', async () => {
    const { db, other } = open();
    const reads: ListQuery[] = [];
    const page = await renderListElsewhere(db, search(2), 'rows', render, (q) => (reads.push(q), Promise.resolve(readListWork(other, q))));
    expect(reads).toHaveLength(1);
    expect(page.total).toBe(9);
    expect(page.value.map((row) => row.id)).toEqual([25, 18, 11, 4]);
    // Read again: cached, nothing asked elsewhere.
    await renderListElsewhere(db, search(2), 'rows', render, (q) => (reads.push(q), Promise.resolve(readListWork(other, q))));
    expect(reads).toHaveLength(1);
  });

  it('a write while the parts were read: the older parts never serve, the page is of the tables after it', async () => {
    const { db, other, insert } = open();
    let tries = 0;
    const page = await renderListElsewhere(db, search(1), 'rows', render, (q) => {
      tries += 1;
      // The parts are read from a snapshot before the write, which lands before they are handed back.
      const stale = readListWork(other, q);
      if (tries === 1) insert.run('item 3 new');
      return Promise.resolve(stale);
    });
    expect(tries).toBe(2);
    expect(page.total).toBe(10);
    expect(page.value[0]).toEqual({ id: 61, name: 'item 3 new' });
    // The same as a read on this thread alone.
    expect(page.value).toEqual(runList(db, search(1)).rows);
  });

  it('writes on every try: after its tries the page is read here, still of the current tables', async () => {
    const { db, other, insert } = open();
    let tries = 0;
    const page = await renderListElsewhere(db, search(1), 'rows', render, (q) => {
      tries += 1;
      const stale = readListWork(other, q);
      insert.run(`item 3 new ${tries}`);
      return Promise.resolve(stale);
    });
    expect(tries).toBe(3);
    expect(page.total).toBe(9 + tries);
    expect(page.value[0].name).toBe('item 3 new 3');
  });

  it('a costly filter matching more than an order is kept for: each page\'s ids are read elsewhere, the rows are those of the plain query', async () => {
    const { db, other } = open();
    const insert = db.prepare('INSERT INTO items (name) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 20_010; i++) insert.run(`many ${i}`);
    })();
    const many = (page: number): ListQuery => ({ ...search(page), params: { term: 'many' } });
    const works: ListWork[] = [];
    for (const page of [1, 3, 500]) {
      const answer = await renderListElsewhere(db, many(page), 'rows', render, (q) => {
        const work = readListWork(other, q);
        works.push(work);
        return Promise.resolve(work);
      });
      expect(answer.total).toBe(20_010);
      expect(answer.value).toEqual(db.prepare("SELECT id, name FROM items WHERE name LIKE '%many%' ORDER BY id DESC LIMIT 5 OFFSET ?").all((page - 1) * 5));
    }
    expect(works.map((work) => [work.order, work.pageIds?.length])).toEqual([[undefined, 5], [undefined, 5], [undefined, 5]]);
  });

  it('parts that could not be read elsewhere (undefined) are read here; a refusal reaches the caller', async () => {
    const { db } = open();
    const page = await renderListElsewhere(db, search(1), 'rows', render, () => Promise.resolve(undefined));
    expect(page.total).toBe(9);
    const refusal = new ListWorkRefused({ reason: 'busy', retryAfterSeconds: 1 });
    const { db: fresh } = open();
    await expect(renderListElsewhere(fresh, search(1), 'rows', render, () => Promise.reject(refusal))).rejects.toBe(refusal);
  });
});
