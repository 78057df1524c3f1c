import type { DB } from './open';
import { cachedStatement } from './statements';
import { tablesState } from './versions';
import { inList, listParam } from '../shared/sql';

/** One sort of a list: SQL expression (indexed together with the id column) and direction. */
export interface ListSort {
  expr: string;
  desc: boolean;
  /**
   * An ascending key ordered before `expr` (a search's relevance, `searchRank`). No index holds
   * it, so it is computed row by row: only for the first `RANK_WINDOW` matches (see there).
   */
  rank?: string;
}

export interface ListQuery {
  /** `SELECT ... ` columns (without FROM). */
  select: string;
  /** `FROM ...` clause including joins. */
  from: string;
  where: string[];
  /** The named parameters (`@name`) of the `where` fragments; names starting `list_` are the engine's. */
  params: Record<string, unknown>;
  sort: ListSort;
  page: number;
  pageSize: number;
  /** When given, every matching row is returned (no paging). */
  ids?: number[];
  idColumn: string;
  /** Tables the list reads: their change counters invalidate the cached counts and page anchors. */
  tables: readonly string[];
  /** Deepest OFFSET walked before seeking from an anchor instead (default 1000 rows). */
  maxOffset?: number;
  /**
   * A ranked list's rows of the best rank (1), when an index can find them (`searchBestRank`):
   * `where` is the whole filter and the rank's check, written to walk the sort's index, and
   * `candidates` counts a superset of those rows from the index alone, and `count` (when it can)
   * every match, as the list's count does. A page whose every row is of that rank is read from
   * them, and the order kept is that prefix (issue 38).
   */
  best?: { where: string[]; candidates: string; count?: string };
  /**
   * An unranked search's first pages read by walking the list's order (issue 38): `filters` are
   * the list's other filters (`where` without the search), `search` the search's condition over
   * `WALKED_ID` (the walked row's id), and `count` (when it can) every match from the search's
   * own tables, as the list's count does. Together `filters` and `search` match exactly the rows
   * `where` does. See `walkSql`.
   */
  walk?: { filters: string[]; search: string; count?: string };
  /**
   * The filter is costly to evaluate (a search): keep the ordered ids of all its rows (up to
   * 20,000) per state of the tables, or of one page at a time beyond that, so every page is a
   * primary-key lookup of 25 rows.
   */
  cacheOrder?: boolean;
}

/** Pages up to this deep use OFFSET over the sort index; deeper pages seek from a cached anchor. */
const MAX_OFFSET = 1000;
/** Cached counts and anchor sets per database (least recently used dropped first). */
const CACHE_ENTRIES = 500;
/** Ordered id lists kept for costly filters: at most this many lists of at most this many ids. */
const ORDER_ENTRIES = 100;
const ORDER_MAX_IDS = 20_000;
/**
 * A ranked list (issue 36) orders at most this many matches: the first ones by id (the longest
 * registered), ranked and kept like any costly filter's order. Ranking every match of a short
 * term over the national master (347,000 medicines) took 3.3 s a page; ranking 20,000 is the
 * order a search of up to that many matches always had, read once and cached. A list that
 * matches more ranks within this window, and its pages beyond it are refused by the API
 * (`assertRankedPage`, server/shared/listEndpoint.ts): a person narrows the search instead.
 */
export const RANK_WINDOW = ORDER_MAX_IDS;
/**
 * An unranked search's order is read by walking the list's order (`ListQuery.walk`) up to a page
 * ending at most this deep; a later page reads (and keeps) the whole order, as before.
 */
const WALK_MAX_END = 100;
/**
 * A walk visits at most this many of the list's rows (entries of the sort's index) per match,
 * about what seeking every match and sorting them costs (an entry read in order costs a fraction
 * of a seek): matches that sit late in the order (a name sort, an import's run of ids) end the
 * walk there, and the whole order is read as before.
 */
const WALK_ENTRIES_PER_MATCH = 4;
/** The walked row's id in `ListQuery.walk.search`. */
export const WALKED_ID = 'list_id';
/** Pages kept (as rendered), for the first pages that every visit of a list asks for again. */
const PAGE_ENTRIES = 300;

interface Cached<T> {
  state: string;
  value: T;
}

/** A small LRU keyed by query text, its entries valid for one state of the tables. */
class StateCache<T> {
  private map = new Map<string, Cached<T>>();

  constructor(private readonly entries = CACHE_ENTRIES) {}

  get(key: string, state: string, compute: () => T): T {
    const hit = this.map.get(key);
    if (hit && hit.state === state) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit.value;
    }
    const value = compute();
    this.set(key, state, value);
    return value;
  }

  has(key: string, state: string): boolean {
    return this.map.get(key)?.state === state;
  }

  set(key: string, state: string, value: T): void {
    this.map.delete(key);
    this.map.set(key, { state, value });
    if (this.map.size > this.entries) this.map.delete(this.map.keys().next().value!);
  }
}

interface DbCaches {
  counts: StateCache<number>;
  anchors: StateCache<unknown[] | undefined>;
  orders: StateCache<Float64Array>;
  /** The ids of one page of a costly filter that matches too much to keep its order (a search of a common term). */
  pageIds: StateCache<Float64Array>;
  rendered: StateCache<{ value: unknown; total: number }>;
}

const caches = new WeakMap<DB, DbCaches>();

function cachesOf(db: DB): DbCaches {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = { counts: new StateCache(), anchors: new StateCache(), orders: new StateCache(ORDER_ENTRIES), pageIds: new StateCache(), rendered: new StateCache(PAGE_ENTRIES) }));
  return c;
}

const whereSql = (where: string[]) => (where.length ? ` WHERE ${where.map((w) => `(${w})`).join(' AND ')}` : '');

const orderBySql = (q: ListQuery) => {
  const dir = q.sort.desc ? 'DESC' : 'ASC';
  const order = q.sort.expr === q.idColumn ? `${q.idColumn} ${dir}` : `${q.sort.expr} ${dir}, ${q.idColumn} ${dir}`;
  return q.sort.rank ? `${q.sort.rank} ASC, ${order}` : order;
};

interface Page<T> {
  rows: T[];
  total: number;
}

/**
 * Runs a paged, parameterised list query; `where` fragments are ANDed. Everything is cached per
 * state of the list's tables (triggers move the state on every change, so a cache entry can never
 * outlive the data it was read from): the total per filter, the page itself (lists are read far
 * more often than written), the ordered ids of a costly filter, and for a deep page the key of
 * its first row, so reading it seeks from that anchor instead of walking the skipped rows.
 */
export function runList<T>(db: DB, q: ListQuery): { rows: T[]; total: number; page: number } {
  const { value, total, page } = renderList<T, T[]>(db, q, 'rows', (rows) => rows);
  return { rows: value, total, page };
}

const pageKey = (q: ListQuery) =>
  [q.select, q.from, ...q.where, JSON.stringify(q.params), orderBySql(q), q.page, q.pageSize, q.cacheOrder, q.maxOffset].join('\u0000');

/**
 * A page as `render` turns it into its answer (e.g. the JSON body), cached like the page itself
 * under `variant` (what else the rendering depends on, such as the requested fields).
 */
export function renderList<T, R>(db: DB, q: ListQuery, variant: string, render: (rows: T[]) => R): { value: R; total: number; page: number } {
  if (q.ids) {
    // A batch by ids has no search, so no relevance to order by.
    const sql = `SELECT ${q.select} ${q.from} WHERE ${q.idColumn} IN ${inList('list_ids')} ORDER BY ${orderBySql({ ...q, sort: { ...q.sort, rank: undefined } })}`;
    const rows = cachedStatement(db, sql).all({ list_ids: listParam(q.ids) }) as T[];
    return { value: render(rows), total: rows.length, page: 1 };
  }
  const state = tablesState(db, q.tables).key;
  const cached = cachesOf(db).rendered.get(`${pageKey(q)}\u0000${variant}`, state, () => {
    const page = readPage<T>(db, q, state);
    return { value: render(page.rows), total: page.total };
  });
  return { value: cached.value as R, total: cached.total, page: q.page };
}

/**
 * A page the engine does not read itself (a ranked search), kept like the engine's own pages:
 * until one of `tables` changes. `key` must name everything the page depends on.
 */
export function cachedPage<R>(db: DB, tables: readonly string[], key: string, read: () => { value: R; total: number }): { value: R; total: number } {
  return cachesOf(db).rendered.get(`custom\u0000${key}`, tablesState(db, tables).key, read) as { value: R; total: number };
}

/**
 * `rank`, then the sort, then the id, over the window's rows: the same keys as `orderBySql`, each
 * evaluated once inside (the outer query reads them as columns, so no row is looked up again).
 */
function rankedSql(q: ListQuery, where: string): string {
  const dir = q.sort.desc ? 'DESC' : 'ASC';
  const bySort = q.sort.expr !== q.idColumn;
  const columns = `${q.idColumn} AS list_id, ${q.sort.rank ?? '0'} AS list_rank${bySort ? `, ${q.sort.expr} AS list_sort` : ''}`;
  const order = `list_rank ASC, ${bySort ? `list_sort ${dir}, ` : ''}list_id ${dir}`;
  return `SELECT list_id FROM (SELECT ${columns} ${q.from}${where} ORDER BY ${q.idColumn} LIMIT ${RANK_WINDOW}) ORDER BY ${order}`;
}

/** The SQL and cache keys of a list's costly parts: its count, a costly filter's order, a deep page's anchor. */
function costlySql(q: ListQuery) {
  const orderBy = orderBySql(q);
  const where = whereSql(q.where);
  const filterKey = `${q.from}${where}\u0000${JSON.stringify(q.params)}`;
  const offset = (q.page - 1) * q.pageSize;
  const keyColumns = q.sort.expr === q.idColumn ? q.idColumn : `${q.sort.expr}, ${q.idColumn}`;
  return {
    orderBy,
    where,
    offset,
    countKey: filterKey,
    count: `SELECT COUNT(*) AS n ${q.from}${where}`,
    orderKey: `${filterKey}\u0000${orderBy}`,
    /** Whether the page is read from the ordered ids of the whole filter, given its total. */
    ordered: (total: number) => (q.cacheOrder && total <= ORDER_MAX_IDS) || q.sort.rank !== undefined,
    // A costly filter's whole order (a ranked one is read by `ranked`, with its total).
    order: `SELECT ${q.idColumn} ${q.from}${where} ORDER BY ${orderBy}`,
    /** The whole order when it is at most ORDER_MAX_IDS, else one id more (then the filter is counted). */
    orderOrMore: `SELECT ${q.idColumn} ${q.from}${where} ORDER BY ${orderBy} LIMIT ${ORDER_MAX_IDS + 1}`,
    /**
     * A costly filter whose order is not kept is still read a page of ids at a time, by OFFSET
     * (on the list lane, where the walk holds no one else): reading its rows in the same query
     * would evaluate the filter (a search's subquery, all its matches) on the request thread.
     */
    /**
     * A ranked search in one pass (issue 38): the first `RANK_WINDOW` matches by id, each with its
     * rank and sort value read as it is matched, then ordered. Fewer rows than the window are all
     * the matches, so their number is the total and no count walks them again; a full window is
     * exactly `order(total)`'s ids for any total, and only the count is read besides.
     */
    ranked: rankedSql(q, where),
    /** The best rank's rows up to the page's end, by the sort (their rank is one and the same). */
    best: q.best && `SELECT ${q.idColumn} ${q.from}${whereSql(q.best.where)} ORDER BY ${orderBySql({ ...q, sort: { ...q.sort, rank: undefined } })} LIMIT ${q.page * q.pageSize}`,
    pageIdsKey: `${filterKey}\u0000${orderBy}\u0000${offset}\u0000${q.pageSize}`,
    pageIds: `SELECT ${q.idColumn} ${q.from}${where} ORDER BY ${orderBy} LIMIT ${q.pageSize} OFFSET ${offset}`,
    deep: offset > (q.maxOffset ?? MAX_OFFSET),
    anchorKey: `${filterKey}\u0000${orderBy}\u0000${offset}`,
    // Keyset: the (sort value, id) of the page's first row, found by a bounded OFFSET that reads
    // only the sort's index (it covers the sort expression, the id and the default filter).
    anchor: `SELECT ${keyColumns} ${q.from}${where} ORDER BY ${orderBy} LIMIT 1 OFFSET ${offset}`,
  };
}

const countOf = (db: DB, sql: string, q: ListQuery) => (cachedStatement(db, sql).get(q.params) as { n: number }).n;
/** Ids in order, in a typed array: handed from the list lane's worker without a copy (a 20,000-id array cloned cost ~2 ms). */
const idsOf = (db: DB, sql: string, q: ListQuery) => Float64Array.from(cachedStatement(db, sql).raw(true).all(q.params) as [number][], ([id]) => id);
const anchorOf = (db: DB, sql: string, q: ListQuery) => cachedStatement(db, sql).raw(true).get(q.params) as unknown[] | undefined;

/**
 * A ranked search's total and order (`costlySql(q).ranked`): one pass over its matches, and a count
 * only when they fill the window. When the page holds rows of the best rank only, the order is its
 * prefix up to the page's end, read from those rows alone (`bestPrefix`).
 */
function readRanked(db: DB, q: ListQuery, sql: ReturnType<typeof costlySql>): { total: number; order: Float64Array } {
  const prefix = bestPrefix(db, q, sql);
  if (prefix) return prefix;
  const order = idsOf(db, sql.ranked, q);
  return { total: order.length < RANK_WINDOW ? order.length : countOf(db, sql.count, q), order };
}

/**
 * The order up to the page's end when the best rank fills it: the first rows of the order are the
 * best rank's, by the sort and the id, so the page needs neither the other matches' ranks nor
 * their sort values (a popular name's thousands of matches each read a row and a rank before).
 * Undefined when it cannot be so: fewer such rows than the page's end, or more matches than the
 * window (whose order is of the first matches by id only).
 */
function bestPrefix(db: DB, q: ListQuery, sql: ReturnType<typeof costlySql>): { total: number; order: Float64Array } | undefined {
  const end = q.page * q.pageSize;
  if (!q.best || !sql.best || end > RANK_WINDOW || countOf(db, q.best.candidates, q) < end) return undefined;
  const order = idsOf(db, sql.best, q);
  if (order.length < end) return undefined;
  const total = countOf(db, q.best.count ?? sql.count, q);
  return total <= RANK_WINDOW ? { total, order } : undefined;
}

/**
 * The first `end` matches of an unranked search by the list's order, from its first `entries`
 * rows: the list's order without the search (the sort's index, walked in order), then the search
 * checked on each row, stopping at the page's end. The outer ORDER BY repeats the inner one, so
 * the answer is defined by SQL alone; SQLite reads it from the inner walk as it comes (no sort).
 */
function walkSql(q: ListQuery, walk: NonNullable<ListQuery['walk']>, entries: number, end: number): string {
  const dir = q.sort.desc ? 'DESC' : 'ASC';
  const bySort = q.sort.expr !== q.idColumn;
  const columns = `${q.idColumn} AS ${WALKED_ID}${bySort ? `, ${q.sort.expr} AS list_sort` : ''}`;
  const order = `${bySort ? `list_sort ${dir}, ` : ''}${WALKED_ID} ${dir}`;
  return `SELECT ${WALKED_ID} FROM (SELECT ${columns} ${q.from}${whereSql(walk.filters)} ORDER BY ${orderBySql(q)} LIMIT ${entries}) WHERE ${walk.search} ORDER BY ${order} LIMIT ${end}`;
}

/**
 * An unranked search's order up to the page's end by walking the list's order, or undefined when
 * it cannot serve: a page deeper than WALK_MAX_END, every match on the page (few, each sought
 * anyway), or the walk's bound reached first.
 */
function walkedOrder(db: DB, q: ListQuery, total: number): Float64Array | undefined {
  const end = q.page * q.pageSize;
  if (!q.walk || q.sort.rank !== undefined || end > WALK_MAX_END || total <= end) return undefined;
  const order = idsOf(db, walkSql(q, q.walk, WALK_ENTRIES_PER_MATCH * total, end), q);
  return order.length === end ? order : undefined;
}

/**
 * An unranked costly filter's (a search's) total, and its order or the page's ids. With a count
 * from the search's own index (`walk.count`), a page near the start is read by a walk
 * (`walkedOrder`) when it can be; otherwise the order is read in one pass, its length the total
 * when it holds every match (at most ORDER_MAX_IDS), so no count seeks the matches a second time
 * (before, a count and then the order each read them all).
 */
function readSearched(db: DB, q: ListQuery, sql: ReturnType<typeof costlySql>): Omit<ListWork, 'state'> {
  const pageOf = (order: Float64Array) => (sql.offset + q.pageSize <= order.length ? order.slice(sql.offset, sql.offset + q.pageSize) : idsOf(db, sql.pageIds, q));
  if (q.walk?.count) {
    const total = countOf(db, q.walk.count, q);
    if (sql.offset >= total) return { total };
    const walked = walkedOrder(db, q, total);
    if (walked) return total <= ORDER_MAX_IDS ? { total, order: walked } : { total, pageIds: pageOf(walked) };
    return sql.ordered(total) ? { total, order: idsOf(db, sql.order, q) } : { total, pageIds: idsOf(db, sql.pageIds, q) };
  }
  const order = idsOf(db, sql.orderOrMore, q);
  if (order.length <= ORDER_MAX_IDS) return { total: order.length, order };
  const total = countOf(db, sql.count, q);
  return { total, pageIds: pageOf(order) };
}

/** A kept order serves the page: it is whole, or a ranked prefix that reaches the page's end. */
const orderServes = (order: Float64Array, total: number, q: ListQuery) => order.length >= Math.min(total, RANK_WINDOW, q.page * q.pageSize);

function readPage<T>(db: DB, q: ListQuery, state: string): Page<T> {
  const sql = costlySql(q);
  const { counts, anchors, orders, pageIds: idPages } = cachesOf(db);
  const keptOrder = () => orders.has(sql.orderKey, state) && orderServes(orders.get(sql.orderKey, state, () => new Float64Array()), counts.get(sql.countKey, state, () => 0), q);
  if (q.sort.rank !== undefined && !(counts.has(sql.countKey, state) && keptOrder())) {
    const { total, order } = readRanked(db, q, sql);
    counts.set(sql.countKey, state, total);
    orders.set(sql.orderKey, state, order);
  }
  // A search's parts, unless kept (a kept order may be a walk's prefix that ends before this page).
  if (q.sort.rank === undefined && q.cacheOrder && !costlyPartsCached(db, q, state)) keepListWork(db, q, { state, ...readSearched(db, q, sql) });
  const total = counts.get(sql.countKey, state, () => countOf(db, sql.count, q));
  const { offset, orderBy } = sql;
  if (offset >= total) return { rows: [], total };
  const ids = sql.ordered(total)
    ? orders.get(sql.orderKey, state, () => idsOf(db, sql.order, q)).subarray(offset, offset + q.pageSize)
    : q.cacheOrder
      ? idPages.get(sql.pageIdsKey, state, () => idsOf(db, sql.pageIds, q))
      : undefined;
  if (ids) {
    const pageIds = Array.from(ids);
    const byId = new Map<unknown, T>();
    const rows = cachedStatement(db, `SELECT ${q.select}, ${q.idColumn} AS __list_id ${q.from} WHERE ${q.idColumn} IN ${inList('list_ids')}`).all({ list_ids: listParam(pageIds) }) as (T & {
      __list_id: number;
    })[];
    for (const { __list_id, ...row } of rows) byId.set(__list_id, row as T);
    return { rows: pageIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])), total };
  }
  if (!sql.deep) {
    const page = `SELECT ${q.select} ${q.from}${sql.where} ORDER BY ${orderBy} LIMIT ${q.pageSize} OFFSET ${offset}`;
    return { rows: cachedStatement(db, page).all(q.params) as T[], total };
  }
  // The page itself seeks from its anchor.
  const start = anchors.get(sql.anchorKey, state, () => anchorOf(db, sql.anchor, q));
  if (!start) return { rows: [], total };
  const op = q.sort.desc ? '<=' : '>=';
  const byIdOnly = q.sort.expr === q.idColumn;
  const seek = byIdOnly ? `${q.idColumn} ${op} @list_anchor_id` : `(${q.sort.expr}, ${q.idColumn}) ${op} (@list_anchor_sort, @list_anchor_id)`;
  const anchor = byIdOnly ? { list_anchor_id: start[0] } : { list_anchor_sort: start[0], list_anchor_id: start[1] };
  const page = `SELECT ${q.select} ${q.from}${whereSql([...q.where, seek])} ORDER BY ${orderBy} LIMIT ${q.pageSize}`;
  return { rows: cachedStatement(db, page).all({ ...q.params, ...anchor }) as T[], total };
}

/**
 * The costly parts of a list page (issue 36 item 1), as one snapshot of the tables read them:
 * the filter's total, and the ordered ids of a costly filter or the anchor of a deep page when
 * the page needs them. Computed by the list lane's worker (server/jobs/listLane.ts) on a
 * connection of its own, so the request thread only reads the page's rows by primary key.
 */
export interface ListWork {
  /** `tablesState(...).key` of the snapshot the parts were read from: they are valid for it only. */
  state: string;
  total: number;
  order?: Float64Array;
  /** The page's ids, for a costly filter whose order is not kept (see `pageIdsKey`). */
  pageIds?: Float64Array;
  /** The deep page's anchor; null when the filter has no row at that offset. */
  anchor?: unknown[] | null;
}

/**
 * A page whose costly parts are worth reading off the request thread: a search (its count and
 * order evaluate the filter row by row, a ranked one a lookup per match) or a page deeper than
 * OFFSET walks. A page of an indexed list near its start is cheaper read here than handed over.
 */
export const isCostlyList = (q: ListQuery): boolean => q.ids === undefined && (q.cacheOrder === true || q.sort.rank !== undefined || costlySql(q).deep);

/** Reads `q`'s costly parts in one read transaction (so the state and the parts agree): the worker's side. */
export function readListWork(db: DB, q: ListQuery): ListWork {
  return db.transaction(() => {
    const sql = costlySql(q);
    const state = tablesState(db, q.tables).key;
    if (q.sort.rank !== undefined) return { state, ...readRanked(db, q, sql) };
    if (q.cacheOrder) return { state, ...readSearched(db, q, sql) };
    const total = countOf(db, sql.count, q);
    if (sql.offset >= total) return { state, total };
    if (sql.deep) return { state, total, anchor: anchorOf(db, sql.anchor, q) ?? null };
    return { state, total };
  })();
}

/** Whether every costly part the page needs is cached for `state` (then reading it here costs little). */
function costlyPartsCached(db: DB, q: ListQuery, state: string): boolean {
  const sql = costlySql(q);
  const { counts, orders, pageIds, anchors } = cachesOf(db);
  if (!counts.has(sql.countKey, state)) return false;
  // The total decides whether the order or the anchor is needed: reading it cached costs nothing.
  const total = counts.get(sql.countKey, state, () => 0);
  if (sql.offset >= total) return true;
  if (sql.ordered(total)) return orders.has(sql.orderKey, state) && orderServes(orders.get(sql.orderKey, state, () => new Float64Array()), total, q);
  if (q.cacheOrder) return pageIds.has(sql.pageIdsKey, state);
  return !sql.deep || anchors.has(sql.anchorKey, state);
}

/** Keeps parts the worker read, when they are of the tables' current state (older ones would never be asked for). */
function keepListWork(db: DB, q: ListQuery, work: ListWork): void {
  const sql = costlySql(q);
  const { counts, orders, pageIds, anchors } = cachesOf(db);
  counts.set(sql.countKey, work.state, work.total);
  if (work.order) orders.set(sql.orderKey, work.state, work.order);
  if (work.pageIds) pageIds.set(sql.pageIdsKey, work.state, work.pageIds);
  if (work.anchor !== undefined) anchors.set(sql.anchorKey, work.state, work.anchor ?? undefined);
}

/**
 * Reads a list's costly parts elsewhere (the list lane): undefined when they could not be read
 * there (the page is then read here, as it always could be); rejects when the work is refused.
 */
export type ListWorkReader = (q: ListQuery) => Promise<ListWork | undefined>;

/**
 * Times the costly parts are read elsewhere before the page is read here after all: each try
 * fails only when a write changed the tables while the worker read them.
 */
const OFFLOAD_TRIES = 3;

/**
 * `renderList` with a costly page's count, order or anchor read by `readWork` (another thread)
 * first, so the request thread's share of the page is its primary-key read and rendering. The
 * parts are kept for the state the worker read them at and used only while the tables are in it:
 * a write in between is a miss, and the parts are read again (after `OFFLOAD_TRIES`, here).
 */
export async function renderListElsewhere<T, R>(db: DB, q: ListQuery, variant: string, render: (rows: T[]) => R, readWork: ListWorkReader | undefined): Promise<{ value: R; total: number; page: number }> {
  if (readWork && isCostlyList(q)) {
    for (let attempt = 0; attempt < OFFLOAD_TRIES; attempt++) {
      const state = tablesState(db, q.tables).key;
      if (cachesOf(db).rendered.has(`${pageKey(q)}\u0000${variant}`, state) || costlyPartsCached(db, q, state)) break;
      const work = await readWork(q);
      if (!work) break;
      // No await from here to renderList: the tables cannot change between this check and the read.
      if (work.state !== tablesState(db, q.tables).key) continue;
      keepListWork(db, q, work);
      break;
    }
  }
  return renderList(db, q, variant, render);
}
