import type { EnvironmentConfig } from '../contract/configTypes';
import { encodeRequestValue, type KeyCase } from './encodeRequest';
import { toSnakeKey } from '../contract/caseConversion';

/**
 * Routing of the spec's API paths (section 7): `/api/v2/{module}/{rest}` goes to the module's
 * base, `/api/v1/{rest}` to the legacy base. The module segment is required: a path without a
 * known one is a programming error, reported as the spec's 'url module not defined'.
 */
export const URL_MODULE_NOT_DEFINED = 'url module not defined';

const trimTrailingSlash = (base: string) => base.replace(/\/+$/, '');

export const resolveApiUrl = (environment: Pick<EnvironmentConfig, 'apiBases' | 'legacyBase'>, path: string): string => {
  const v2 = /^\/api\/v2\/([^/?#]+)\/(.*)$/.exec(path);
  if (v2) {
    const [, module, rest] = v2;
    if (!Object.hasOwn(environment.apiBases, module)) throw new Error(URL_MODULE_NOT_DEFINED);
    return `${trimTrailingSlash(environment.apiBases[module as keyof typeof environment.apiBases])}/api/v2/${rest}`;
  }
  const v1 = /^\/api\/v1\/(.*)$/.exec(path);
  if (v1) return `${trimTrailingSlash(environment.legacyBase)}/api/v1/${v1[1]}`;
  throw new Error(URL_MODULE_NOT_DEFINED);
};

/**
 * The key case each API speaks (spec sections 3 and 7; KeyCase lives in encodeRequest.ts, which
 * this module imports), chosen here and nowhere else:
 * - core and medorder (`/api/v2/...`): snake_case on the wire, camelCase in the SPA, converted
 *   both ways;
 * - legacy v1 (`/api/v1/...`): camelCase on the wire already (`pharmacyId`, `pageToken`,
 *   `nextPageToken`), so keys go out and come back untouched.
 */
const KEY_CASE_BY_API: readonly { prefix: string; keyCase: KeyCase }[] = [
  { prefix: '/api/v2/', keyCase: 'snake_case' },
  { prefix: '/api/v1/', keyCase: 'camelCase' },
];

export const keyCaseOf = (path: string): KeyCase => {
  const entry = KEY_CASE_BY_API.find(({ prefix }) => path.startsWith(prefix));
  if (!entry) throw new Error(URL_MODULE_NOT_DEFINED);
  return entry.keyCase;
};

/** The wire name of a camelCase key in that case. */
export const toWireKey = (key: string, keyCase: KeyCase): string => (keyCase === 'snake_case' ? toSnakeKey(key) : key);

const encodeQueryValue = (key: string, value: unknown): string | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) {
    const joined = value
      .filter((item) => item !== undefined && item !== null && item !== '')
      .map((item) => String(encodeRequestValue(key, item)))
      .join(',');
    return joined === '' ? undefined : joined;
  }
  const encoded = encodeRequestValue(key, value);
  return typeof encoded === 'object' ? JSON.stringify(encoded) : String(encoded);
};

/**
 * Query keys go camelCase -> snake_case (unless the API speaks camelCase); arrays are comma-joined (the API's `ids=1,2,3`);
 * undefined, null and '' are dropped so an empty filter input does not filter by ''.
 * Commas are kept literal for readable URLs; everything else is percent-encoded.
 */
export const buildQueryString = (query: Record<string, unknown> | undefined, keyCase: KeyCase = 'snake_case'): string => {
  if (!query) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    const encoded = encodeQueryValue(key, value);
    if (encoded === undefined) continue;
    const component = (text: string) => encodeURIComponent(text).replace(/%2C/gi, ',');
    pairs.push(`${component(toWireKey(key, keyCase))}=${component(encoded)}`);
  }
  return pairs.join('&');
};

export const appendQuery = (url: string, query: Record<string, unknown> | undefined, keyCase: KeyCase = 'snake_case'): string => {
  const queryString = buildQueryString(query, keyCase);
  if (queryString === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${queryString}`;
};
