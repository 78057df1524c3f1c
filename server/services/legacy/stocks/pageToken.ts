import { ApiError } from '../../../shared/errors';

export const BAD_PAGE_TOKEN = 'pageToken が正しくありません。';

/**
 * v1's opaque page tokens: base64url JSON of where the next page starts, bound to the query it
 * continues (a token of another pharmacy or drug is refused, never silently followed).
 */
export const encodePageToken = (value: Record<string, string | number>): string =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

export function decodePageToken<K extends string>(token: string, keys: Record<K, 'string' | 'number'>): Record<K, string | number> {
  const fail = () => new ApiError(422, [BAD_PAGE_TOKEN], { pageToken: [BAD_PAGE_TOKEN] });
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(token)) throw fail();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw fail();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw fail();
  const record = parsed as Record<string, unknown>;
  for (const [key, type] of Object.entries(keys)) {
    const value = record[key];
    if (type === 'number' ? !Number.isSafeInteger(value) : typeof value !== 'string' || value.length > 100) throw fail();
  }
  return record as Record<K, string | number>;
}
