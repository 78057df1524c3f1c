import type { GetListResult, SortPayload } from 'ra-core';
import { LIST_LOOKUPS_MAX, LIST_LOOKUPS_PATH } from '../contract';
import type { Capability } from '../contract/additions';
import { callDurations, type CallDurations } from '../contract/callOrder';
import { withinCapabilities } from './listParameters';
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
   * Several lists' first pages: the jump palette's lookups for one typed text. Each list is asked
   * and read exactly as getList would (path, query, paging headers, errors), and one refused list
   * does not fail the others.
   * - With the `lookups` addition, in one request (`POST /api/v2/core/common/lookups`): more than
   *   LIST_LOOKUPS_MAX lists go in further batches, one after another.
   * - Without it (the platform as specified), one spec list call each, at most
   *   LIST_CALLS_AT_ONCE in flight; the signal aborts those out and those not yet sent.
   */
  getLists(params: GetListsParams): Promise<GetListsResult>;
}

/** List calls in flight at once for the lookups without the batch: the palette's, beside the page's own. */
export const LIST_CALLS_AT_ONCE = 4;

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

/** A kind of list call, for remembering how long it takes: the list and which parameters it carries (a search costs more than ids). */
const callKind = ({ declaration, request }: { declaration: AnyResourceDeclaration; request: ListRequest }) =>
  `${declaration.name}?${Object.keys(request.query)
    .filter((name) => request.query[name] !== undefined)
    .sort()
    .join('&')}`;

/**
 * Each list its own call, a few at a time; a failure is that list's, an abort stops the rest.
 * The calls that took longest last time go first (`took`, by callKind; src/contract/callOrder.ts),
 * so the services are never idle waiting for the next call to arrive and the last answer comes
 * about one call's round trip after the work, not two. The answers keep the order asked.
 */
const oneCallEach = async (
  send: SendRequest,
  sendable: readonly { declaration: AnyResourceDeclaration; request: ListRequest; index: number }[],
  data: PromiseSettledResult<GetListResult>[],
  took: CallDurations,
  signal?: AbortSignal,
) => {
  const queue = took.order(sendable.map(callKind)).map((position) => sendable[position]);
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      signal?.throwIfAborted();
      const call = queue[next++];
      const { declaration, request, index } = call;
      const started = performance.now();
      try {
        data[index] = { status: 'fulfilled', value: readListAnswer(declaration, await send({ path: request.path, query: request.query, signal }), { page: 1 }, request.where) };
      } catch (error) {
        if (signal?.aborted) throw error;
        data[index] = rejected(error);
      }
      took.note(callKind(call), performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: Math.min(LIST_CALLS_AT_ONCE, queue.length) }, worker));
};

export const listLookupMethods = (
  send: SendRequest,
  declarationOf: (resource: string) => AnyResourceDeclaration,
  capabilities: ReadonlySet<Capability>,
): ListLookupMethods => {
  /** How long each kind of call took when last answered (oneCallEach's order). */
  const took = callDurations();
  return {
    getLists: async ({ lists, signal }) => {
      const planned: Planned[] = lists.map(({ resource, filter, sort, fields }) => {
        try {
          const declaration = declarationOf(resource);
          return { declaration, request: withinCapabilities(listRequest(declaration, { filter, page: 1, sort, fields }), capabilities) };
        } catch (error) {
          return { error };
        }
      });
      const data: PromiseSettledResult<GetListResult>[] = planned.map((item) => rejected('error' in item ? item.error : undefined));
      const sendable = planned.flatMap((item, index) => ('error' in item ? [] : [{ ...item, index }]));
      if (!capabilities.has('lookups')) {
        await oneCallEach(send, sendable, data, took, signal);
        return { data };
      }
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
  };
};
