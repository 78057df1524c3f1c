import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, expect } from 'vitest';
import { readListWork, runList, type ListQuery } from '../../server/db/list';
import { tableVersionsSql, versionTriggersSql } from '../../server/db/versions';
import { listLane } from '../../server/jobs/listLane';
import { INLINE_SEARCH_ROWS, inlineSearch } from '../../server/shared/search';
import { startApp, type TestApp } from './helpers';

/**
 * The engine's own list for the search properties: `rows` items with sort keys (ties and NULLs,
 * the id breaks them) and names over a small alphabet in `items_short`, so a term matches from a
 * handful of rows to nearly all. `seen(id)` calls `onSeen` for each row a read checks.
 */
/** The letters the engine list's names are made of. */
export const ALPHABET = ['ア', 'イ', 'カ', 'ル', '薬', '局', 'a', '1'];

export const searchItemsDb = (rows: number, onSeen: () => void, { sortIndex }: { sortIndex: boolean }): Database.Database => {
  const db = new Database(':memory:');
  db.function('seen', (id: number) => {
    onSeen();
    return id;
  });
  db.exec(`${tableVersionsSql}
    CREATE TABLE items (id INTEGER PRIMARY KEY, grp INTEGER NOT NULL, sort_key TEXT);
    ${sortIndex ? 'CREATE INDEX items_sort ON items (sort_key, id);' : ''}
    CREATE TABLE items_short (id INTEGER PRIMARY KEY, text TEXT NOT NULL);
    ${versionTriggersSql('items')}`);
  const item = db.prepare('INSERT INTO items (id, grp, sort_key) VALUES (?, ?, ?)');
  const short = db.prepare('INSERT INTO items_short (id, text) VALUES (?, ?)');
  // A fixed stream of pseudo-random values, the same on every run.
  let seed = 38;
  const next = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n;
  db.transaction(() => {
    for (let id = 1; id <= rows; id++) {
      item.run(id, next(rows), next(10) === 0 ? null : `k${next(300)}`);
      short.run(id, Array.from({ length: 4 + next(8) }, () => ALPHABET[next(ALPHABET.length)]).join(''));
    }
  })();
  return db;
};

/** Katakana as hiragana, ASCII as full-width: spellings the folding must make one. */
const respell = (text: string, script: number) =>
  [...text]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      if (script === 1 && code >= 0x30a1 && code <= 0x30f6) return String.fromCodePoint(code - 0x60);
      if (script === 2 && code >= 0x21 && code <= 0x7e) return String.fromCodePoint(code + 0xfee0);
      return ch;
    })
    .join('');

/**
 * The real lists of a seeded app, searched: every search goes to the list lane, however small its
 * table, where the query each request handed it is kept (`askedOf(url)`) for the test to hold to
 * today's answer. Not a vi.mock: server test files share their modules, so a mock would not take.
 */
export const searchedLists = () => {
  let app: TestApp;
  let token = '';
  let db: Database.Database;
  let current = '';
  const asked = new Map<string, ListQuery>();
  const read = listLane.read.bind(listLane);

  beforeAll(async () => {
    app = startApp({ jobTickMs: 0, fairness: { concurrent: 100, burstMs: 1e9, msPerSecond: 1e9 } });
    token = await app.token();
    db = new Database(`${app.dir}/core.sqlite`, { readonly: true });
    inlineSearch.maxRows = 0;
    listLane.read = (user, file, query) => {
      asked.set(current, query);
      return read(user, file, query);
    };
  });
  afterAll(() => {
    listLane.read = read;
    inlineSearch.maxRows = INLINE_SEARCH_ROWS;
    db.close();
    app.dispose();
  });

  return {
    /** The app's database, read-only. */
    db: () => db,
    /** A signed-in staff GET. */
    call: (url: string) => {
      current = url;
      return app.call(url, { token });
    },
    /** The query the list lane read for a URL; none when nothing was searched or the page was kept. */
    askedOf: (url: string) => asked.get(url),
    /**
     * Texts to search for: pieces of the lists' own names, codes and addresses (in three
     * scripts), digits, and hostile characters, one to three of them.
     */
    async searchTexts(lists: readonly string[]) {
      const names: string[] = [];
      for (const list of lists) {
        const rows = (await (await this.call(`${list}&page=1`)).json()) as Record<string, unknown>[];
        for (const row of rows.slice(0, 8)) for (const key of ['name', 'brand_name', 'micode', 'address1']) if (typeof row[key] === 'string') names.push(row[key] as string);
      }
      const fragment = fc
        .tuple(fc.constantFrom(...names), fc.nat(), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 2 }))
        .map(([name, start, length, script]) => respell([...name].slice(start % name.length, (start % name.length) + length).join(''), script));
      const hostile = fc.constantFrom('%', '_', '%00', '\u0000', '"', "'", '*', 'NEAR(', 'AND', '(', ')', ':', '^', '\\', '　', '-', 'ー', 'ﾒﾃﾞｨｶﾙ', 'ふぁーま', '薬局', '本町', 'ア', '薬');
      const digits = fc.stringMatching(/^[0-9]{1,14}$/);
      return fc.array(fc.oneof(fragment, fragment, hostile, digits), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(' '));
    },
  };
};

/**
 * The engine's answer to `q`, page `page`, holds to `expected` (the count-then-order answer): its
 * total; the order it read, whole or (walked, or the best rank filling the page) its beginning up
 * to the page's end, or beyond the kept order the page's ids alone; and the request thread's own
 * read of the page.
 */
export const expectSameAnswer = (db: Database.Database, q: ListQuery, expected: { total: number; order: number[] }, page: number): void => {
  const work = readListWork(db, q);
  expect(work.total).toBe(expected.total);
  if (work.pageIds) {
    // More matches than an order is kept for: the page's ids alone.
    expect(expected.total).toBeGreaterThan(20_000);
    expect(Array.from(work.pageIds)).toEqual(expected.order.slice((page - 1) * 25, page * 25));
  } else if ((page - 1) * 25 < expected.total) {
    // A page beyond the matches needs no order (the engine may skip it).
    const order = Array.from(work.order ?? []);
    expect(order).toEqual(expected.order.slice(0, order.length));
    expect(order.length).toBeGreaterThanOrEqual(Math.min(expected.order.length, page * 25));
  }
  const { rows, total } = runList<{ id: number }>(db, q);
  expect(total).toBe(expected.total);
  expect(rows.map((row) => row.id)).toEqual(expected.order.slice((page - 1) * 25, page * 25));
};
