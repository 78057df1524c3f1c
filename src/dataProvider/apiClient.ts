import type { EnvironmentConfig } from '../contract/configTypes';
import { camelizeKeys } from '../contract/caseConversion';
import { decodeResponse } from '../lib/decodeResponse';
import { encodeRequestBody, isRawBody } from './encodeRequest';
import { createHttpError, NETWORK_FAILURE_STATUS } from './httpError';
import { appendQuery, keyCaseOf, resolveApiUrl } from './urls';

/**
 * The one place the SPA talks to the API (spec sections 7 and 8): routing by module, bearer
 * token, case conversion both ways where the API speaks snake_case (`keyCaseOf`: core and
 * medorder; legacy v1 speaks camelCase and is left alone), the typing rule for responses,
 * cache-clear header, errors.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest {
  method?: HttpMethod;
  /** The spec's path, e.g. `/api/v2/core/admin/pharmacies/3` or `/api/v1/medorder/stocks`. */
  path: string;
  /** camelCase keys; sent snake_cased (v2), arrays comma-joined, empty values dropped. */
  query?: Record<string, unknown>;
  /** camelCase object (sent as JSON, snake_cased for v2) or a raw body (FormData, Blob, string). */
  body?: unknown;
  /** Extra headers, e.g. `If-Updated-Since`. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  status: number;
  /** Raw headers: x-total-count, x-current-page, x-total-pages, x-last-updated. */
  headers: Headers;
  /** Camelized and decoded body; undefined for 204, 304 and empty bodies. */
  json: T;
}

export type SendRequest = <T = unknown>(request: ApiRequest) => Promise<ApiResponse<T>>;

export interface ApiClientOptions {
  environment: EnvironmentConfig;
  getToken: () => Promise<string | undefined>;
  /** The token without waiting when it needs no renewal (the request then leaves synchronously). */
  currentToken?: () => string | undefined;
  fetch?: typeof fetch;
  /**
   * Called when a response carries `x-store-cache-control: clear`: the server says cached data is
   * stale. The app wires it to react-query's `queryClient.invalidateQueries()` (or `clear()`).
   */
  onCacheClear?: () => void;
}

export interface ApiClient {
  send: SendRequest;
}

const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204 || response.status === 304) return undefined;
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON (an HTML error page from a proxy, a plain-text body): hand it over untouched.
    return text;
  }
};

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** A read refused for its pace (429) is asked again after the server's Retry-After, this many times at most. */
export const TOO_MANY_RETRIES = 3;
/** The longest Retry-After waited for: beyond it, the 429 is the answer (a person would not wait longer). */
export const TOO_MANY_WAIT_MAX_MS = 10_000;

/** Retry-After (whole seconds, or an HTTP-date) in ms, or undefined when missing, malformed or too long to wait. */
export const retryAfterMs = (header: string | null, now = Date.now()): number | undefined => {
  if (header === null || header.trim() === '') return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header.trim()) * 1000 : Date.parse(header) - now;
  return Number.isFinite(seconds) && seconds >= 0 && seconds <= TOO_MANY_WAIT_MAX_MS ? seconds : undefined;
};

/** Waits `ms`, or rejects with the signal's AbortError as soon as it aborts. */
const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    }, { once: true });
  });

export const createApiClient = ({ environment, getToken, currentToken, fetch: fetchImpl, onCacheClear }: ApiClientOptions): ApiClient => {
  // Resolved per call so test interceptors (msw) and polyfills installed later are honoured.
  const doFetch: typeof fetch = fetchImpl ?? ((...args) => globalThis.fetch(...args));

  const send: SendRequest = async <T>({ method = 'GET', path, query, body, headers, signal }: ApiRequest) => {
    const keyCase = keyCaseOf(path);
    const url = appendQuery(resolveApiUrl(environment, path), query, keyCase);
    // No await when the token is at hand: the fetch starts in the caller's own turn.
    const token = currentToken?.() ?? (await getToken());
    const requestHeaders: Record<string, string> = { Accept: 'application/json', ...headers };
    if (token) requestHeaders.Authorization = `Bearer ${token}`;
    let requestBody: BodyInit | undefined;
    if (body !== undefined) {
      if (isRawBody(body)) requestBody = body;
      else {
        requestBody = encodeRequestBody(body, keyCase);
        requestHeaders['Content-Type'] = 'application/json';
      }
    }

    let response: Response;
    for (let attempt = 0; ; attempt++) {
      try {
        response = await doFetch(url, { method, headers: requestHeaders, body: requestBody, signal });
      } catch (error) {
        // A cancelled query is not a failure: let react-query see the AbortError and ignore it.
        if (isAbort(error)) throw error;
        throw createHttpError(NETWORK_FAILURE_STATUS);
      }
      // The server holds one user's list work to a fair share (429): a read waits its turn and
      // goes again (an export's pages slow down instead of failing); a write is never repeated.
      const wait = method === 'GET' && response.status === 429 && attempt < TOO_MANY_RETRIES ? retryAfterMs(response.headers.get('retry-after')) : undefined;
      if (wait === undefined) break;
      await response.arrayBuffer().catch(() => undefined);
      await pause(wait, signal);
    }

    if (response.headers.get('x-store-cache-control')?.toLowerCase() === 'clear') onCacheClear?.();

    const raw = await readBody(response);
    if (!response.ok && response.status !== 304) throw createHttpError(response.status, raw);
    const json = typeof raw === 'object' && raw !== null ? decodeResponse(keyCase === 'snake_case' ? camelizeKeys(raw) : raw) : raw;
    return { status: response.status, headers: response.headers, json: json as T };
  };

  return { send };
};
