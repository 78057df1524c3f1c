import type { GetListResult, SortPayload } from 'ra-core';
import { LIST_LOOKUPS_MAX, LIST_LOOKUPS_PATH } from '../contract';
import type { AnyResourceDeclaration } from '../resources/types';
import type { SendRequest } from './apiClient';
import { createHttpError } from './httpError';
import { listRequest, readListAnswer, type ListRequest } from './listCall';
import { ListContractError } from './paging';
import { buildQueryString, keyCaseOf } from './urls';

/** One list asked in a batch: its first page, as getList would ask it. */
export interface ListLookup {
  resource: string;
  filter: Record<string, unknown>;
  sort?: SortPayload;
  /** Only these fields of each row (camelCase); all when unset. */
  fields?: readonly string[];
}

export interface GetListsParams {
  lists: readonly ListLookup[];
  signal?: AbortSignal;
}

/** Each list's first page, or why it failed (its own HttpError with the list's status), in the order asked. */
export interface GetListsResult {
  data: PromiseSettledResult<GetListResult>[];
}

export interface ListLookupMethods {
  /**
   * Several lists' first pages in one request (`POST /api/v2/core/common/lookups`, beyond the
   * spec): the jump palette's lookups for one typed text. Each list is asked and read exactly as
   * getList would (path, query, paging headers, errors); the server answers each with its status,
   * so one refused list does not fail the others. More than LIST_LOOKUPS_MAX lists go in further
   * batches, one after another (never two requests out at once).
   */
  getLists(params: GetListsParams): Promise<GetListsResult>;
}

/** A sub-answer as the batch returns it (camelized with the rest; header names have no underscore, so they stay). */
interface WireAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

type Planned = { declaration: AnyResourceDeclaration; request: ListRequest } | { error: unknown };

const rejected = (reason: unknown): PromiseRejectedResult => ({ status: 'rejected', reason });

const settle = (declaration: AnyResourceDeclaration, request: ListRequest, answer: WireAnswer | undefined): PromiseSettledResult<GetListResult> => {
  if (!answer || typeof answer.status !== 'number') return rejected(new ListContractError(`${request.where}: 一括呼び出しの応答にこの一覧の答えがありません`));
  if (answer.status < 200 || answer.status >= 300) return rejected(createHttpError(answer.status, answer.body));
  try {
    return { status: 'fulfilled', value: readListAnswer(declaration, { json: answer.body, headers: new Headers(answer.headers ?? {}) }, { page: 1 }, request.where) };
  } catch (error) {
    return rejected(error);
  }
};

export const listLookupMethods = (send: SendRequest, declarationOf: (resource: string) => AnyResourceDeclaration): ListLookupMethods => ({
  getLists: async ({ lists, signal }) => {
    const planned: Planned[] = lists.map(({ resource, filter, sort, fields }) => {
      try {
        const declaration = declarationOf(resource);
        return { declaration, request: listRequest(declaration, { filter, page: 1, sort, fields }) };
      } catch (error) {
        return { error };
      }
    });
    const data: PromiseSettledResult<GetListResult>[] = planned.map((item) => rejected('error' in item ? item.error : undefined));
    const sendable = planned.flatMap((item, index) => ('error' in item ? [] : [{ ...item, index }]));
    for (let start = 0; start < sendable.length; start += LIST_LOOKUPS_MAX) {
      const part = sendable.slice(start, start + LIST_LOOKUPS_MAX);
      const calls = part.map(({ request }) => ({ path: request.path, query: buildQueryString(request.query, keyCaseOf(request.path)) }));
      const { json } = await send<{ answers?: WireAnswer[] } | undefined>({ method: 'POST', path: LIST_LOOKUPS_PATH, body: { calls }, signal });
      part.forEach(({ declaration, request, index }, position) => {
        data[index] = settle(declaration, request, json?.answers?.[position]);
      });
    }
    return { data };
  },
});
