import type { QueryKey } from '@tanstack/react-query';

/**
 * A list row is never a record. react-admin files every row of a list answer (getList,
 * getInfiniteList, getMany, getManyReference) under the record's own getOne key "to save a call";
 * a list row is the list's projection of the record (a pharmacy row has no invoice number), so
 * a detail or a form opened from the list would show and save the projection (issue 21: a save
 * cleared the pharmacy's invoice number). Rows of list answers are remembered here, and the query
 * client refuses to file one under a record's key: records come from their own answer, lists
 * keep their rows under their own keys, and both keep react-query's staleness.
 */
const listRows = new WeakSet<object>();

/** The query kinds whose answers hold list rows (react-admin's key `[resource, kind, params]`). */
const LIST_KINDS = new Set(['getList', 'getInfiniteList', 'getMany', 'getManyAggregate', 'getManyReference']);

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';

const rowsOf = (data: unknown): unknown[] => {
  if (Array.isArray(data)) return data;
  if (!isObject(data)) return [];
  if (Array.isArray(data.data)) return data.data;
  if (Array.isArray(data.pages)) return data.pages.flatMap((page) => (isObject(page) && Array.isArray(page.data) ? page.data : []));
  return [];
};

export const isListQueryKey = (queryKey: QueryKey): boolean => typeof queryKey[1] === 'string' && LIST_KINDS.has(queryKey[1]);

export const isRecordQueryKey = (queryKey: QueryKey): boolean => queryKey[1] === 'getOne';

/** Remembers the rows of a list answer (called for every query that succeeds). */
export const rememberListRows = (queryKey: QueryKey, data: unknown): void => {
  if (!isListQueryKey(queryKey)) return;
  for (const row of rowsOf(data)) if (isObject(row)) listRows.add(row);
};

export const isListRow = (value: unknown): boolean => isObject(value) && listRows.has(value);
