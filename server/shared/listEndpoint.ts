import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { RANK_WINDOW, renderListElsewhere, WALKED_ID, type ListWorkReader } from '../db/list';
import type { DB } from '../db/open';
import { tablesState } from '../db/versions';
import { CompressibleBody, sendCompressible } from './compressedBody';
import { validationError } from './errors';
import { noteOffThreadWork, tooManyListRequests } from './fairness';
import type { AuthEnv } from './auth';
import { listLane, ListWorkAbandoned, ListWorkRefused } from '../jobs/listLane';
import { checkFreshness } from './freshness';
import { assertIdsFound, listQueryShape, PAGE_SIZE, parseIds, parsePage, parseSort, pickFields, setPagingHeaders } from './paging';
import { sortValuesBeyondSpec } from './beyondSpec';
import { searchBestRank, searchesFewRows, searchFilter, searchRank, searchWalk, type SearchIndex } from './search';
import { RELEVANCE_SORT } from '../../src/contract';
import { declaredSchema } from './typeAdapters';
import { labelled } from './validation';

/**
 * One filter of a list: an SQL condition and its named parameters
 * (`['p.company_id = @company_id', { company_id }]`); falsy entries are skipped. Parameter names
 * are unique across a list's filters (a clash is a programming error and throws).
 */
export type ListFilter = [sql: string, params?: Record<string, unknown>] | false | undefined | '' | null;

/** The named parameters of all filters in one object. */
function filterParams(filters: [string, Record<string, unknown>?][]): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [sql, values] of filters) {
    for (const [name, value] of Object.entries(values ?? {})) {
      if (Object.hasOwn(params, name)) throw new Error(`list filter parameter @${name} is bound twice (${sql})`);
      params[name] = value;
    }
  }
  return params;
}

/**
 * A filter parameter a list accepts: its Japanese label (validation messages name it so), its
 * schema and a value the contract test and bench try.
 */
export interface ListFilterParam {
  label: string;
  schema: z.ZodType<string | undefined>;
  example: string;
}

/**
 * What a list endpoint declares about itself, as data: the route, the bench and the contract
 * test are all derived from it, so a new master joins them by declaring its list.
 */
export interface ListDeclaration {
  /** Service base (`/core`) and the path within it (`/api/v2/admin/pharmacies`). */
  base: string;
  path: string;
  summary: string;
  /** Public sort field -> SQL expression (each with an index on (expression, id)); anything else is a 422. */
  sortColumns: Record<string, string>;
  /** `field` or `-field` when the request names no sort. */
  defaultSort: string;
  filters: Record<string, ListFilterParam>;
  /** The search index behind `query`, when the list searches. */
  search?: SearchIndex;
  /** Queries the API bench times for this list ([label, query]), instead of its generic name searches. */
  searchExamples?: readonly (readonly [string, string])[];
  /** Response fields the contract test expects on every row. */
  fields: readonly string[];
  pageSize?: number;
  /**
   * What the list cannot be asked without (a `{param}` of its path, or a required query
   * parameter such as the file whose rows it lists), and where a real value comes from: `field`
   * (default `id`) of the first row of another list (`from`: service base, path and query). The
   * API bench asks the list with it.
   */
  requires?: Record<string, { from: string; field?: string }>;
}

const queryParam = labelled('検索キーワード', z.string().max(200).optional().openapi({ description: '部分一致検索 (全角・半角・ひらがな・カタカナを区別しない)' }));

type FilterShape<F extends Record<string, ListFilterParam>> = { [K in keyof F]: F[K]['schema'] };
type ListQueryShape<L extends ListDeclaration> = typeof listQueryShape & { query: typeof queryParam } & FilterShape<L['filters']>;

/** The query schema of a declared list: paging, sort, ids, fields, query (searched when the list declares an index) and its filters. */
export function listQuerySchema<L extends ListDeclaration>(list: L): z.ZodObject<ListQueryShape<L>> {
  const filters = Object.fromEntries(Object.entries(list.filters).map(([name, f]) => [name, labelled(f.label, f.schema)]));
  // The sort values beyond the spec (relevance where it searches, an addition's keys) are marked.
  const beyond = sortValuesBeyondSpec(list.base, list.path, list.search !== undefined);
  const sort = beyond ? listQueryShape.sort.openapi({ param: beyond }) : listQueryShape.sort;
  return declaredSchema<z.ZodObject<ListQueryShape<L>>>(z.object({ ...listQueryShape, sort, query: queryParam, ...filters }));
}

export interface ListEndpoint<Row, Out> {
  select: string;
  /** `FROM ...` with joins. */
  from: string;
  /** Alias of the listed table in `from` (`p` for `FROM pharmacies p`). */
  alias: string;
  idColumn: string;
  /** Tables the list reads: their changes move `x-last-updated` and invalidate cached counts. */
  tables: readonly string[];
  filters: ListFilter[];
  toRecord?: (row: Row) => Out;
}

interface ListParams {
  page?: string;
  sort?: string;
  ids?: string;
  fields?: string;
  query?: string;
}

/**
 * A ranked search over more matches than the list engine ranks (`RANK_WINDOW`) serves the
 * window's pages; a page beyond it is a 422 naming the last one (an empty 200 would read as
 * "no more matches" while thousands remain). Checked after the read, which answers such a page
 * from the cached order without ranking anything again.
 */
function assertRankedPage(page: number, pageSize: number, total: number): void {
  const lastPage = Math.ceil(RANK_WINDOW / pageSize);
  if (total <= RANK_WINDOW || page <= lastPage) return;
  throw validationError({ page: [`関連度順で表示できるのは先頭${RANK_WINDOW.toLocaleString('ja-JP')}件（${lastPage}ページ）までです。検索語を足して絞り込むか、別の並び順を指定してください。`] });
}

/**
 * The list lane reading `request`'s costly list parts in its user's turn (server/jobs/listLane.ts),
 * its time noted for the fairness guard. A database only in memory has no file a worker could
 * open: its lists are read here, as is a page whose worker failed (the same read, the same answer).
 */
function laneReader(c: Context, db: DB): ListWorkReader | undefined {
  if (db.memory) return undefined;
  const user = (c as Context<AuthEnv>).get('principal')?.sub ?? '';
  return async (query) => {
    try {
      const done = await listLane.read(user, db.name, query, c.req.raw.signal);
      noteOffThreadWork(c.req.raw, done.awaitedMs, done.ranMs);
      return done.work;
    } catch (error) {
      if (error instanceof ListWorkRefused || error instanceof ListWorkAbandoned) throw error;
      // A fault of the lane (its worker could not start, or died), not of the request: said, and the page read here.
      console.error(`[list lane] ${c.req.method} ${c.req.path}:`, error);
      return undefined;
    }
  };
}

/**
 * Every list endpoint's contract in one place (spec section 7): whitelisted sort, `ids` batch
 * (404 when none exists), If-Updated-Since, server-decided page size with paging headers,
 * `fields`, and `query` through the declared search index. Parameters are checked before
 * freshness, so a bad request is a 422, never a 304. The JSON body of a page is kept until one of
 * the list's tables changes (`renderList`), so a list read again costs what users/me costs, and
 * it goes compressed when the client accepts it (each encoding made once per cached page). A
 * search's or deep page's costly parts are read on the list lane (`laneReader`), so the request
 * thread answers others meanwhile; beyond the lane's bounds the answer is 429 with Retry-After.
 */
export async function answerList<Row extends Record<string, unknown>, Out extends object = Row>(
  c: Context,
  db: DB,
  params: ListParams,
  list: ListDeclaration,
  endpoint: ListEndpoint<Row, Out>,
): Promise<Response> {
  const relevance = params.sort === RELEVANCE_SORT && list.search !== undefined;
  const sort = parseSort(relevance ? undefined : params.sort, list.defaultSort, list.sortColumns);
  const ids = parseIds(params.ids);
  const fresh = checkFreshness(c, tablesState(db, endpoint.tables).updatedAt);
  if (fresh) return fresh;
  const search = list.search && searchFilter(db, list.search, endpoint.alias, params.query);
  // A batch by ids ignores the search: the list engine orders it without the rank.
  const rank = relevance && search ? searchRank(list.search!, endpoint.alias, params.query) : undefined;
  const listFilters = endpoint.filters.filter((filter): filter is [string, Record<string, unknown>?] => Array.isArray(filter));
  const filters = search ? [...listFilters, search] : listFilters;
  // A ranked page of the best rank only is read from those rows (the list engine's `best`).
  const best = rank ? searchBestRank(db, list.search!, endpoint.alias, params.query) : undefined;
  // An unranked search's first pages walk the list's order (the list engine's `walk`).
  const walk = search && !rank ? searchWalk(db, list.search!, endpoint.alias, params.query, WALKED_ID) : undefined;
  // The search's own tables count the matches when the list reads the searched table alone, filtered by the search only.
  const searchedAlone = listFilters.length === 0 && endpoint.from === `FROM ${list.search?.table} ${endpoint.alias}`;
  const pageSize = list.pageSize ?? PAGE_SIZE;
  const query = {
    select: endpoint.select,
    from: endpoint.from,
    where: filters.map(([sql]) => sql),
    // The rank's term is bound with the filters' parameters (statements ignore the ones they do not name).
    params: { ...filterParams(filters), ...rank?.[1], ...best?.params },
    sort: rank ? { ...sort, rank: rank[0] } : sort,
    best: best && {
      where: [...listFilters.map(([sql]) => sql), best.where],
      candidates: best.candidates,
      count: searchedAlone ? best.count : undefined,
    },
    walk: walk && { filters: listFilters.map(([sql]) => sql), search: walk.search, count: searchedAlone ? walk.count : undefined },
    page: parsePage(params.page),
    pageSize,
    ids,
    idColumn: endpoint.idColumn,
    tables: endpoint.tables,
    cacheOrder: search !== undefined,
  };
  const render = (rows: Row[]) => {
    const records: readonly object[] = endpoint.toRecord ? rows.map(endpoint.toRecord) : rows;
    return new CompressibleBody(JSON.stringify(pickFields(records, params.fields)));
  };
  let result: Awaited<ReturnType<typeof renderListElsewhere<Row, CompressibleBody>>>;
  try {
    // A search of a small table costs less here than its hand-over to the lane (INLINE_SEARCH_ROWS).
    const elsewhere = search && searchesFewRows(db, list.search!) ? undefined : laneReader(c, db);
    result = await renderListElsewhere(db, query, `json:${params.fields ?? ''}`, render, elsewhere);
  } catch (error) {
    if (error instanceof ListWorkRefused) return tooManyListRequests(c, error.refusal);
    // The client hung up while the search waited for the lane: nobody reads this answer.
    if (error instanceof ListWorkAbandoned) return c.body(null, 204);
    throw error;
  }
  assertIdsFound(ids, result.total);
  if (rank) assertRankedPage(query.page, pageSize, result.total);
  setPagingHeaders(c, result, pageSize);
  return sendCompressible(c, result.value);
}
