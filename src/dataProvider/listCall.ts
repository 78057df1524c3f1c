import type { GetListResult, RaRecord, SortPayload } from 'ra-core';
import type { AnyResourceDeclaration, PagingDeclaration } from '../resources/types';
import { toSnakeKey } from '../contract/caseConversion';
import type { ApiResponse } from './apiClient';
import { fillTemplate } from './endpoint';
import { readListArray, readNextToken, readPageHeaders } from './paging';
import { keyCaseOf, toWireKey } from './urls';

/**
 * One page of a declared list, in two halves: the request it is (path and query, from the
 * declaration's `api`, paging and the filter) and how its answer is read (contract 3). getList
 * sends one such request; the lookups batch (`getLists`) sends many in one.
 */

const DEFAULT_PAGING: PagingDeclaration = { mode: 'pages' };

/**
 * What getList returns in `meta`: `pages`/`infinite` lists carry the server's page numbers (the
 * page links use `totalPages`, not a count divided by a page size); `token` lists carry the
 * next page's token.
 */
export interface ListMeta {
  currentPage?: number;
  totalPages?: number;
  nextToken?: string;
}

/** `sort=-updated_at` for updated_at descending, `sort=id` for ascending. */
export const formatSort = (sort: SortPayload | undefined): string | undefined => {
  if (!sort?.field) return undefined;
  return `${sort.order === 'DESC' ? '-' : ''}${toSnakeKey(sort.field)}`;
};

export const pagingOf = (declaration: AnyResourceDeclaration): PagingDeclaration => declaration.list.paging ?? DEFAULT_PAGING;

export interface ListPage {
  filter: Record<string, unknown>;
  page: number;
  sort?: SortPayload;
  /** A `token` list's continuation token for this page (none: its first page). */
  token?: string;
  /** Only these fields of each row (camelCase; the list's `fields`, id always answered); all when unset. */
  fields?: readonly string[];
}

export interface ListRequest {
  path: string;
  /** camelCase keys, as `send` takes them. */
  query: Record<string, unknown>;
  /** Names the list in a contract error: `v2/core/pharmacies (/api/v2/core/admin/pharmacies)`. */
  where: string;
}

/** The request of a list page: `{param}`s from the filter, the rest as query; the page number or token as the paging says. */
export const listRequest = (declaration: AnyResourceDeclaration, { filter, page, sort, token, fields }: ListPage): ListRequest => {
  const paging = pagingOf(declaration);
  const { path, rest } = fillTemplate(declaration.api, filter);
  const query: Record<string, unknown> = { ...rest, sort: formatSort(sort) };
  if (fields) query.fields = fields.map((field) => toWireKey(field, keyCaseOf(path)));
  // pages and infinite: the server decides the page size; only the page number is sent.
  if (paging.mode === 'pages' || paging.mode === 'infinite') query.page = page;
  if (paging.mode === 'token') query[paging.tokenParam] = token;
  return { path, query, where: `${declaration.name} (${path})` };
};

/** A record keyed by another field (`hotCode`) gets that value as its react-admin `id`. */
export const withId = <R>(declaration: AnyResourceDeclaration, record: unknown): R => {
  if (!declaration.recordKey || record === null || typeof record !== 'object') return record as R;
  return { ...record, id: (record as Record<string, unknown>)[declaration.recordKey] } as R;
};

/** A list page's answer as react-admin's result; a `token` list's next token is in `meta.nextToken`. */
export const readListAnswer = (
  declaration: AnyResourceDeclaration,
  response: Pick<ApiResponse<unknown>, 'json' | 'headers'>,
  { page, token }: Pick<ListPage, 'page' | 'token'>,
  where: string,
): GetListResult => {
  const paging = pagingOf(declaration);
  const data = readListArray<RaRecord>(response.json, declaration.list.listKey, where).map((record) => withId<RaRecord>(declaration, record));
  if (paging.mode === 'token') {
    const nextToken = readNextToken(response.json, paging.nextTokenKey);
    const meta: ListMeta = { nextToken };
    return { data, pageInfo: { hasNextPage: nextToken !== undefined, hasPreviousPage: page > 1 || token !== undefined }, meta };
  }
  if (paging.mode === 'none') return { data, total: data.length };
  const { currentPage, totalPages, totalCount } = readPageHeaders(response.headers, where);
  const meta: ListMeta = { currentPage, totalPages };
  return { data, total: totalCount, pageInfo: { hasNextPage: currentPage < totalPages, hasPreviousPage: currentPage > 1 }, meta };
};
