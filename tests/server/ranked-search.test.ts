import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANK_WINDOW, readListWork, runList, type ListQuery } from '../../server/db/list';
import { ALPHABET, expectSameAnswer, searchedLists, searchItemsDb } from './searchedLists';

/*
 * A ranked search (`sort=relevance`, the jump palette's) reads its matches in one pass (issue 38):
 * each match's rank and sort value as it is matched, and the count only when the matches fill the
 * window. Before, a count walked every match and the order walked them again. The answers must
 * be the same rows in the same order, with the same total, for every query: `todaysRanked` is the
 * engine's semantics before the change (a count, then every match ordered by rank, or the first
 * RANK_WINDOW by id when more match), and both the engine and the real lists are held to it.
 */


/** The ranked total and order as the engine read them before issue 38: a count, then the order. */
function todaysRanked(db: Database.Database, q: ListQuery): { total: number; order: number[] } {
  const where = q.where.length ? ` WHERE ${q.where.map((w) => `(${w})`).join(' AND ')}` : '';
  const dir = q.sort.desc ? 'DESC' : 'ASC';
  const sorted = q.sort.expr === q.idColumn ? `${q.idColumn} ${dir}` : `${q.sort.expr} ${dir}, ${q.idColumn} ${dir}`;
  const orderBy = `${q.sort.rank} ASC, ${sorted}`;
  const total = (db.prepare(`SELECT COUNT(*) AS n ${q.from}${where}`).get(q.params) as { n: number }).n;
  const sql =
    total > RANK_WINDOW
      ? `SELECT ${q.idColumn} ${q.from} WHERE ${q.idColumn} IN (SELECT ${q.idColumn} ${q.from}${where} ORDER BY ${q.idColumn} LIMIT ${RANK_WINDOW}) ORDER BY ${orderBy}`
      : `SELECT ${q.idColumn} ${q.from}${where} ORDER BY ${orderBy}`;
  return { total, order: (db.prepare(sql).raw(true).all(q.params) as [number][]).map(([id]) => id) };
}

describe('the list engine ranks a search in one pass', () => {
  // More rows than the window, so a filter can match fewer, exactly as many or more.
  const ROWS = RANK_WINDOW + 1_500;
  let db: Database.Database;
  /** Rows the filter was evaluated for: each pass over the matches counts each of them once. */
  let evaluated = 0;

  beforeAll(() => {
    db = searchItemsDb(ROWS, () => (evaluated += 1), { sortIndex: false });
  });
  afterAll(() => db.close());

  const RANK = 'COALESCE(NULLIF((SELECT instr(s.text, @term) FROM items_short s WHERE s.id = i.id), 0), 1000000)';
  /** With `best`, the rows of rank 1 are found as a search's are (`searchBestRank`): a superset counted, the rank checked. */
  const rankedQuery = (below: number, term: string, expr: string, desc: boolean, page: number, best = false): ListQuery => ({
    select: 'i.id, i.sort_key',
    from: 'FROM items i',
    where: ['i.grp < @below AND seen(i.id) IS NOT NULL'],
    params: { below, term },
    sort: { expr, desc, rank: RANK },
    best: best ? { where: ['i.grp < @below AND seen(i.id) IS NOT NULL', `+i.id IN (SELECT id FROM items_short WHERE text LIKE @term || '%') AND ${RANK} = 1`], candidates: "SELECT COUNT(*) AS n FROM items_short WHERE text LIKE @term || '%'" } : undefined,
    page,
    pageSize: 25,
    idColumn: 'i.id',
    tables: ['items'],
    cacheOrder: true,
  });


  it('answers every filter, term, sort and page as the count-then-order did, below, at and beyond the window', () => {
    const below = fc.oneof(fc.integer({ min: 0, max: ROWS + 1 }), fc.constantFrom(RANK_WINDOW - 1, RANK_WINDOW, RANK_WINDOW + 1));
    // The seeded texts mostly start with ア: its runs are the terms whose best rank fills a page.
    const term = fc.oneof(fc.string({ unit: fc.constantFrom(...ALPHABET), minLength: 1, maxLength: 3 }), fc.constantFrom('ア', 'アア', 'アアア'));
    fc.assert(
      fc.property(below, term, fc.constantFrom('i.sort_key', 'i.id'), fc.boolean(), fc.oneof(fc.integer({ min: 1, max: 900 }), fc.integer({ min: 1, max: 4 })), fc.boolean(), (limit, text, expr, desc, page, best) => {
        const q = rankedQuery(limit, text, expr, desc, page, best);
        expectSameAnswer(db, q, todaysRanked(db, q), page);
      }),
      { numRuns: 120 },
    );
  });

  it('reads a page of the best rank from its rows alone, then a later page beyond them whole, each as the count-then-order did', () => {
    // Most seeded texts start with アア: the first pages are of rank 1 only, a page past them is not.
    const below = RANK_WINDOW - 1_000;
    const { n: bestRows } = db.prepare("SELECT COUNT(*) AS n FROM items i JOIN items_short s ON s.id = i.id WHERE i.grp < @below AND s.text LIKE 'アア%'").get({ below }) as { n: number };
    const past = Math.floor(bestRows / 25) + 2;
    for (const page of [1, 2, past, 1]) {
      const q = rankedQuery(below, 'アア', 'i.sort_key', true, page, true);
      const expected = todaysRanked(db, { ...q, best: undefined });
      expect(expected.total).toBeGreaterThan(past * 25);
      expect(readListWork(db, q).order?.length).toBe(page < past ? page * 25 : expected.total);
      const { rows, total } = runList<{ id: number }>(db, q);
      expect(total).toBe(expected.total);
      expect(rows.map((row) => row.id)).toEqual(expected.order.slice((page - 1) * 25, page * 25));
    }
  });

  it('walks the matches once when they fit the window (the count walked them a second time)', () => {
    const q = rankedQuery(5_000, 'カル', 'i.sort_key', true, 1);
    const matches = todaysRanked(db, q).total;
    evaluated = 0;
    const work = readListWork(db, q);
    expect(work.total).toBe(matches);
    expect(evaluated).toBe(matches);
    // A full window still needs the count: the matches beyond it are counted, never ranked.
    const many = rankedQuery(ROWS + 1, 'カル', 'i.sort_key', true, 1);
    evaluated = 0;
    expect(readListWork(db, many).total).toBe(ROWS);
    expect(evaluated).toBe(RANK_WINDOW + ROWS);
  });
});

describe('the real lists ranked, for random queries (three scripts, codes, hostile characters)', () => {
  const lists = searchedLists();
  let current = '';

  const LISTS = [
    '/core/api/v2/admin/pharmacies?add_ended=true',
    '/core/api/v2/admin/pharmacies?',
    '/core/api/v2/admin/companies?',
    '/core/api/v2/admin/users?',
    '/core/api/v2/admin/groups?',
    '/core/api/v2/master/dealers?',
    '/core/api/v2/master/ethical_medicines?include_inactive=true',
  ];

  it('reads the first page of a name many pharmacies start with from those alone, its total from the index, as the count-then-order did', async () => {
    const { term, n } = lists.db().prepare('SELECT substr(text, 1, 3) AS term, COUNT(*) AS n FROM pharmacies_search_short GROUP BY term ORDER BY n DESC LIMIT 1').get() as { term: string; n: number };
    expect(n).toBeGreaterThan(25);
    current = `/core/api/v2/admin/pharmacies?add_ended=true&query=${encodeURIComponent(term)}&sort=relevance&page=1`;
    const response = await lists.call(current);
    expect(response.status).toBe(200);
    const q = lists.askedOf(current)!;
    // The list reads the pharmacies alone, searched only: the index counts the matches.
    expect(q.best?.count).toBeDefined();
    const expected = todaysRanked(lists.db(), q);
    expect(expected.total).toBeGreaterThan(25);
    expect(Number(response.headers.get('x-total-count'))).toBe(expected.total);
    expect(((await response.json()) as { id: number }[]).map((row) => row.id)).toEqual(expected.order.slice(0, 25));
    // Read from the best rank's rows: the order kept is the page's prefix, not every match's.
    const work = readListWork(lists.db(), q);
    expect(work.total).toBe(expected.total);
    expect(Array.from(work.order!)).toEqual(expected.order.slice(0, 25));
  });

  it('answers each list and page with the same rows, order and total as the count-then-order did', async () => {
    const query = await lists.searchTexts(LISTS);
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom(...LISTS), fc.integer({ min: 1, max: 3 }), async (text, list, page) => {
        current = `${list}&query=${encodeURIComponent(text)}&sort=relevance&page=${page}`;
        const response = await lists.call(current);
        expect(response.status).toBe(200);
        const ids = ((await response.json()) as { id: number }[]).map((row) => row.id);
        const q = lists.askedOf(current);
        // No lane read: no search (a text that folds to nothing) or the page was kept from an
        // earlier identical request, checked then.
        if (!q) return;
        const expected = todaysRanked(lists.db(), q);
        expect(Number(response.headers.get('x-total-count'))).toBe(expected.total);
        expect(ids).toEqual(expected.order.slice((page - 1) * 25, page * 25));
        compared += 1;
      }),
      { numRuns: 250 },
    );
    // Most texts are searches read on the lane (the rest fold to nothing or repeat a page).
    expect(compared).toBeGreaterThan(150);
  });
});
