import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readListWork, runList, WALKED_ID, type ListQuery } from '../../server/db/list';
import { ALPHABET, expectSameAnswer, searchedLists, searchItemsDb } from './searchedLists';

/*
 * An unranked search (the spec's plain list calls, the palette without the batch) reads its first
 * pages by walking the sort's index with the search unseekable, and counts its matches from the
 * search's own tables when the list is the searched table alone (issue 38). Before, a count
 * sought every match and the order sought them again and sorted them. The answers must be the
 * same rows in the same order with the same total: `todaysOrder` is the engine before the change
 * (a count, then every match by the sort), and both the engine and the real lists are held to it.
 */

/** The total and order as the engine read them before: a count, then every match by the sort and the id. */
function todaysOrder(db: Database.Database, q: ListQuery): { total: number; order: number[] } {
  const where = q.where.length ? ` WHERE ${q.where.map((w) => `(${w})`).join(' AND ')}` : '';
  const dir = q.sort.desc ? 'DESC' : 'ASC';
  const orderBy = q.sort.expr === q.idColumn ? `${q.idColumn} ${dir}` : `${q.sort.expr} ${dir}, ${q.idColumn} ${dir}`;
  const total = (db.prepare(`SELECT COUNT(*) AS n ${q.from}${where}`).get(q.params) as { n: number }).n;
  return { total, order: (db.prepare(`SELECT ${q.idColumn} ${q.from}${where} ORDER BY ${orderBy}`).raw(true).all(q.params) as [number][]).map(([id]) => id) };
}

describe('the list engine walks the sort index for an unranked search', () => {
  // More rows than an order is kept for (20,000): a filter can match fewer, exactly as many or more.
  const ROWS = 21_500;
  let db: Database.Database;
  /** Rows the walk checked the search on. */
  let evaluated = 0;

  beforeAll(() => {
    db = searchItemsDb(ROWS, () => (evaluated += 1), { sortIndex: true });
  });
  afterAll(() => db.close());

  const SEARCH = 'i.id IN (SELECT id FROM items_short WHERE instr(text, @term) > 0)';
  /** With `walk`, the matches are also counted apart (as `searchWalk`'s count from the FTS index). */
  const searched = (below: number | undefined, term: string, expr: string, desc: boolean, page: number, walk: boolean): ListQuery => {
    const filters = below === undefined ? [] : ['i.grp < @below'];
    return {
      select: 'i.id, i.sort_key',
      from: 'FROM items i',
      where: [...filters, SEARCH],
      params: { below, term },
      sort: { expr, desc },
      walk: walk
        ? { filters, search: `${WALKED_ID} IN (SELECT id FROM items_short WHERE instr(text, @term) > 0)`, count: `SELECT COUNT(*) AS n FROM items i WHERE ${[...filters, SEARCH].join(' AND ')}` }
        : undefined,
      page,
      pageSize: 25,
      idColumn: 'i.id',
      tables: ['items'],
      cacheOrder: true,
    };
  };

  it('answers every filter, term, sort and page as the count-then-order did, walked or not', () => {
    const below = fc.option(fc.oneof(fc.integer({ min: 0, max: ROWS + 1 }), fc.constantFrom(19_999, 20_000, 20_001)), { nil: undefined });
    const term = fc.oneof(fc.string({ unit: fc.constantFrom(...ALPHABET), minLength: 1, maxLength: 3 }), fc.constantFrom('ア', 'アイ', '薬局a'));
    fc.assert(
      fc.property(below, term, fc.constantFrom('i.sort_key', 'i.id'), fc.boolean(), fc.oneof(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 300 })), fc.boolean(), (limit, text, expr, desc, page, walk) => {
        const q = searched(limit, text, expr, desc, page, walk);
        expectSameAnswer(db, q, todaysOrder(db, q), page);
      }),
      { numRuns: 200 },
    );
  });

  it('reads a common term\'s first page by the list\'s order up to its end, and a later page past that prefix whole', () => {
    for (const page of [1, 2, 6, 1]) {
      const q = searched(15_000, 'ア', 'i.sort_key', true, page, true);
      const expected = todaysOrder(db, q);
      expect(expected.total).toBeGreaterThan(5_000);
      expect(expected.total).toBeLessThan(20_000);
      // Pages ending within the walk's reach keep the prefix; page 6 (its end past 100) the whole order.
      expect(readListWork(db, q).order?.length).toBe(page * 25 <= 100 ? page * 25 : expected.total);
      const { rows, total } = runList<{ id: number }>(db, q);
      expect(total).toBe(expected.total);
      expect(rows.map((row) => row.id)).toEqual(expected.order.slice((page - 1) * 25, page * 25));
    }
    // Matches that sit late in the order end the walk at its bound (4 rows a match): the whole order is read as before.
    const late = ALPHABET.flatMap((a) => ALPHABET.flatMap((b) => ALPHABET.map((c) => a + b + c))).find((text) => {
      const { total, order } = todaysOrder(db, searched(undefined, text, 'i.sort_key', true, 1, false));
      const rows = todaysOrder(db, { ...searched(undefined, text, 'i.sort_key', true, 1, false), where: [] }).order;
      return total > 25 && rows.indexOf(order[24]) >= 4 * total;
    })!;
    expect(late).toBeDefined();
    const rare = searched(undefined, late, 'i.sort_key', true, 1, true);
    const expected = todaysOrder(db, rare);
    expect(expected.total).toBeGreaterThan(25);
    expect(Array.from(readListWork(db, rare).order ?? [])).toEqual(expected.order);
    expect(runList<{ id: number }>(db, rare).rows.map((row) => row.id)).toEqual(expected.order.slice(0, 25));
  });

  it('checks the search on the rows up to the first page\'s end only, where the count-then-order checked every row', () => {
    const q = searched(15_000, 'ア', 'i.sort_key', true, 1, true);
    const counted = { ...q, walk: { ...q.walk!, search: `seen(${WALKED_ID}) IS NOT NULL AND ${q.walk!.search}` } };
    evaluated = 0;
    expect(readListWork(db, counted).order?.length).toBe(25);
    // A quarter of the rows or so hold ア: the page's 25 are among the first hundred-odd rows.
    expect(evaluated).toBeGreaterThanOrEqual(25);
    expect(evaluated).toBeLessThan(300);
  });
});

describe('the real lists searched in their default order, for random queries (three scripts, codes, hostile characters)', () => {
  const lists = searchedLists();
  let current = '';

  const LISTS = [
    '/core/api/v2/admin/pharmacies?add_ended=true',
    '/core/api/v2/admin/pharmacies?',
    '/core/api/v2/admin/pharmacies?add_ended=true&sort=-name',
    '/core/api/v2/admin/companies?',
    '/core/api/v2/admin/users?',
    '/core/api/v2/admin/groups?',
    '/core/api/v2/master/dealers?',
    '/core/api/v2/master/ethical_medicines?include_inactive=true',
  ];

  it('walks a common name\'s first page and counts it from the index, as the count-then-order did', async () => {
    const { term, n } = lists.db().prepare('SELECT substr(text, 1, 3) AS term, COUNT(*) AS n FROM pharmacies_search_short GROUP BY term ORDER BY n DESC LIMIT 1').get() as { term: string; n: number };
    expect(n).toBeGreaterThan(25);
    current = `/core/api/v2/admin/pharmacies?add_ended=true&query=${encodeURIComponent(term)}&page=1`;
    const response = await lists.call(current);
    expect(response.status).toBe(200);
    const q = lists.askedOf(current)!;
    expect(q.walk?.count).toBeDefined();
    const expected = todaysOrder(lists.db(), q);
    expect(Number(response.headers.get('x-total-count'))).toBe(expected.total);
    expect(((await response.json()) as { id: number }[]).map((row) => row.id)).toEqual(expected.order.slice(0, 25));
    // With the ended ones left out, the list is filtered beyond the search: counted by its rows.
    current = `/core/api/v2/admin/pharmacies?query=${encodeURIComponent(term)}&page=1`;
    expect((await lists.call(current)).status).toBe(200);
    expect(lists.askedOf(current)!.walk).toBeDefined();
    expect(lists.askedOf(current)!.walk!.count).toBeUndefined();
  });

  it('answers each list and page with the same rows, order and total as the count-then-order did', async () => {
    const query = await lists.searchTexts(LISTS);
    let compared = 0;
    // Pages within the walk's reach (1-4) and past it (5, 9).
    const page = fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant(9));
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom(...LISTS), page, async (text, list, page) => {
        current = `${list}&query=${encodeURIComponent(text)}&page=${page}`;
        const response = await lists.call(current);
        expect(response.status).toBe(200);
        const ids = ((await response.json()) as { id: number }[]).map((row) => row.id);
        const q = lists.askedOf(current);
        // No lane read: no search (a text that folds to nothing) or a page kept from an earlier identical request.
        if (!q) return;
        const expected = todaysOrder(lists.db(), q);
        expect(Number(response.headers.get('x-total-count'))).toBe(expected.total);
        expect(ids).toEqual(expected.order.slice((page - 1) * 25, page * 25));
        compared += 1;
      }),
      { numRuns: 300 },
    );
    expect(compared).toBeGreaterThan(150);
  });
});
