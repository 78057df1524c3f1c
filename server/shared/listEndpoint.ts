import type { Context } from 'hono';
import { runList } from '../db/list';
import type { DB } from '../db/open';
import { checkFreshness } from './freshness';
import { assertIdsFound, parseIds, parsePage, parseSort, pickFields, setPagingHeaders } from './paging';

/** One filter of a list: an SQL condition and its parameters; falsy entries are skipped. */
export type ListFilter = [sql: string, ...params: unknown[]] | false | undefined | '' | null;

export interface ListEndpoint<Row, Out> {
  select: string;
  /** `FROM ...` with joins. */
  from: string;
  idColumn: string;
  /** Public sort field -> SQL expression; anything else is a 422. */
  sortColumns: Record<string, string>;
  /** `field` or `-field` when the request names no sort. */
  defaultSort: string;
  /** Last change of the tables the list reads, for If-Updated-Since. */
  version: () => string | undefined;
  filters: ListFilter[];
  toRecord?: (row: Row) => Out;
}

interface ListParams {
  page?: string;
  sort?: string;
  ids?: string;
  fields?: string;
}

/**
 * Every list endpoint's contract in one place (spec section 7): whitelisted sort, `ids` batch
 * (404 when none exists), If-Updated-Since, server-decided page size with paging headers, and
 * `fields`. Parameters are checked before freshness, so a bad request is a 422, never a 304.
 */
export function answerList<Row extends Record<string, unknown>, Out extends Record<string, unknown> = Row>(
  c: Context,
  db: DB,
  params: ListParams,
  endpoint: ListEndpoint<Row, Out>,
): Response {
  const orderBy = parseSort(params.sort, endpoint.defaultSort, endpoint.sortColumns, endpoint.idColumn);
  const ids = parseIds(params.ids);
  const fresh = checkFreshness(c, endpoint.version());
  if (fresh) return fresh;
  const filters = endpoint.filters.filter((filter): filter is [string, ...unknown[]] => Array.isArray(filter));
  const result = runList<Row>(db, {
    select: endpoint.select,
    from: endpoint.from,
    where: filters.map(([sql]) => sql),
    params: filters.flatMap(([, ...values]) => values),
    orderBy,
    page: parsePage(params.page),
    ids,
    idColumn: endpoint.idColumn,
  });
  assertIdsFound(ids, result.total);
  setPagingHeaders(c, result);
  const records = endpoint.toRecord ? result.rows.map(endpoint.toRecord) : (result.rows as unknown as Out[]);
  return c.json(pickFields(records, params.fields), 200);
}
