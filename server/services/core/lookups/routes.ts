import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { LIST_LOOKUPS_MAX } from '../../../../src/contract';
import type { AuthEnv } from '../../../shared/auth';
import { validationError, type FieldErrors } from '../../../shared/errors';
import { LIST_ANSWER_HEADERS, type ListCall, type ListCaller } from '../../../shared/listLookups';
import { tooManyRequests } from '../../../shared/openapi';
import { writeRoute } from '../../../shared/routes';
import { labelled } from '../../../shared/validation';
import { callDurations } from '../../../../src/contract/callOrder';

const tags = ['core: lookups'];

const CallSchema = z
  .object({
    path: labelled('一覧のパス', z.string().min(1).max(200)).openapi({ example: '/api/v2/core/admin/pharmacies' }),
    query: labelled('クエリ文字列', z.string().max(2000).regex(/^[^#\s]*$/).optional()).openapi({ example: 'add_ended=true&query=%E3%81%95%E3%81%8F%E3%82%89&page=1' }),
  })
  .strict()
  .openapi('ListLookupCall');

const LookupsInput = z.object({ calls: labelled('一覧の呼び出し', z.array(CallSchema).min(1).max(LIST_LOOKUPS_MAX)) }).strict().openapi('ListLookupsInput');

const AnswerSchema = z
  .object({
    status: z.number().int(),
    headers: z.record(z.string(), z.string()).openapi({ description: 'x-total-count, x-current-page, x-total-pages, x-last-updated, retry-after (あるものだけ)' }),
    body: z.unknown().openapi({ description: '一覧の応答本文 (配列、またはエラーの {"errors": [...]})' }),
  })
  .openapi('ListLookupAnswer');

export const LOOKUPS_PATH = '/api/v2/common/lookups';

const batchRoute = writeRoute('post', LOOKUPS_PATH, {
  summary: '一覧の一括呼び出し (ジャンプパレット)',
  description:
    `GET の一覧呼び出しを最大${LIST_LOOKUPS_MAX}件まとめて送り、各一覧の応答 (ステータス、ページのヘッダー、本文) を同じ順で返す。` +
    '各呼び出しはその一覧へ直接送った場合と同じ認証・権限・入力チェックを受け、失敗はその呼び出しのステータスになる (ほかの呼び出しは答える)。' +
    'パスは SPA の書き方 (/api/v2/{core|medorder}/… または /api/v1/…) で、副作用のない一覧 (この文書で x-list-lookup: true の GET) に限る。' +
    'それ以外 (users/me、アップロード URL の発行、既読になるルームのメッセージなど) は呼び出しの番号を示す 422。' +
    '各呼び出しは利用者ごとの一覧の読み込み量に数えられ、使い切った呼び出しは 429 (headers に retry-after) になる。' +
    'このリクエスト自体も同時読み込みの1件に数え、上限を超えると 429 と Retry-After。仕様 7 章にない拡張。',
  tags,
  body: LookupsInput,
  response: z.object({ answers: z.array(AnswerSchema) }).openapi('ListLookupsAnswer'),
  responseDescription: '各呼び出しの応答',
});
/** The batch is list work: the fairness guard may refuse it (server/shared/fairness.ts). */
const lookupsRoute = { ...batchRoute, responses: { ...batchRoute.responses, ...tooManyRequests } };

/** Each path a plain list the batch may run (`lists.accepts`), else a 422 naming the calls that are not. */
function assertListPaths(calls: readonly Pick<ListCall, 'path'>[], lists: ListCaller): void {
  const errors: FieldErrors = {};
  calls.forEach(({ path }, index) => {
    if (!lists.accepts(path)) {
      errors[`calls.${index}.path`] = [`${index + 1}件目のパスは一括呼び出しで使えません（/api/v2/core/…、/api/v2/medorder/… または /api/v1/… の、副作用のない一覧のみ）。`];
    }
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/**
 * One sub-answer as JSON text. Its body is spliced in as the service wrote it (with
 * JSON.stringify): parsing and writing a page again would cost more than the page's own read.
 */
async function answerText(response: Response): Promise<string> {
  const headers: Record<string, string> = {};
  for (const name of LIST_ANSWER_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const text = await response.text();
  const json = /^application\/json\b/i.test(response.headers.get('content-type') ?? '');
  const body = text.trim() === '' ? 'null' : json ? text : JSON.stringify(text);
  return `{"status":${response.status},"headers":${JSON.stringify(headers)},"body":${body}}`;
}

/**
 * A batch's calls in progress at once (issue 38): the palette's national-scale searches (three of
 * its nine calls) wait for the list lane together, and a batch never takes more than half of its
 * user's waiting places there (DEFAULT_LIST_LANE.perUser), so it cannot refuse its own calls, nor
 * the one after it (the palette's next text).
 */
export const BATCH_CALLS_AT_ONCE = 4;

/** Lets the event loop run: a request that arrived meanwhile is answered before this one goes on. */
const letOthersRun = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A kind of sub-call, for remembering how long it takes (`callDurations`: a batch starts its slowest
 * calls first, so a national-scale search waits for the list lane from the batch's start while the
 * quick ones run here): its list and which parameters it carries (a search costs more than ids).
 */
const callKind = ({ path, query }: Pick<ListCall, 'path'> & { query?: string }) => `${path}?${[...new Set(new URLSearchParams(query).keys())].sort().join('&')}`;

/**
 * The jump palette's one request per typed text (issue 25 part 1): its list calls run here, each
 * through the environment's own request handling with the caller's token (`lists`), so a sub-call
 * is refused exactly as a direct call would be. The route is `common/` (any signed-in user): under
 * `admin/` a pharmacy user's batch would be refused before the lists it may read.
 */
export function registerLookupRoutes(app: OpenAPIHono<AuthEnv>, lists: ListCaller, clock: () => number = () => performance.now()): void {
  const durations = callDurations();
  app.openapi(lookupsRoute, async (c) => {
    const { calls } = c.req.valid('json');
    assertListPaths(calls, lists);
    const authorization = c.req.header('authorization');
    const answers: Promise<string>[] = [];
    const running = new Set<Promise<string>>();
    const hungUp = c.req.raw.signal;
    for (const [turn, index] of durations.order(calls.map(callKind)).entries()) {
      const call = { path: calls[index].path, query: calls[index].query ?? '' };
      // A call is not awaited before the next starts (issue 38): a national-scale search waits for
      // the list lane's worker while the calls after it run here (or queue on the lane behind it),
      // so the batch takes about its longest read, not the sum of them all.
      while (running.size >= BATCH_CALLS_AT_ONCE) await Promise.race(running);
      // Each call starts in a turn of the event loop of its own, so a request that arrived meanwhile
      // is answered before the next call's work (a call read here holds the thread for at most its
      // own read: the long-work goal, issue 22).
      if (turn > 0) await letOthersRun();
      // The palette aborts the batch of a text typed over (issue 38): nobody reads its answers. No
      // more calls start, and those waiting for the lane leave its queue (the signal is theirs).
      if (hungUp.aborted) return c.body(null, 204);
      // Each call is charged to the caller's list budget when it ends (server/shared/fairness.ts), as
      // direct calls sent together are: once it is spent, the calls that start after answer 429 each.
      const started = clock();
      const answer = lists.call(call, authorization, hungUp).then(answerText);
      running.add(answer);
      void answer
        .finally(() => {
          running.delete(answer);
          // A call cut short by the hang-up says nothing of how long it takes.
          if (!hungUp.aborted) durations.note(callKind(call), clock() - started);
        })
        .catch(() => undefined);
      answers[index] = answer;
    }
    const texts = await Promise.all(answers);
    if (hungUp.aborted) return c.body(null, 204);
    return c.body(`{"answers":[${texts.join(',')}]}`, 200, { 'content-type': 'application/json; charset=UTF-8' });
  });
}
