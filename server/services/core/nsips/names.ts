/**
 * NSIPS files in blob storage: one prefix per pharmacy (`{pharmacyId}/`), the file name after it.
 * A file name and a search prefix are one path segment and nothing else, so no request can name
 * a key outside its pharmacy's prefix, whatever the client encodes (spec section 2 "NSIPS").
 */
export const NSIPS_BUCKET = 'nsips';
/** Files per listing page (S3's MaxKeys), unless the caller asks for fewer or more. */
export const NSIPS_PAGE_SIZE = 25;
export const NSIPS_MAX_PAGE_SIZE = 100;
/** Longest file name, in UTF-8 bytes (a common file system limit). */
export const NSIPS_FILENAME_MAX_BYTES = 255;

export const NSIPS_MESSAGES = {
  filenameMissing: 'ファイル名を指定してください。',
  separator: 'ファイル名にパスの区切り文字（/ や \\）は使えません。',
  dots: 'ファイル名に「..」は使えません。',
  encoded: 'ファイル名に「%」や制御文字は使えません。',
  tooLong: `ファイル名は${NSIPS_FILENAME_MAX_BYTES}バイト以内で指定してください。`,
  badToken: '継続トークンが正しくありません。',
  fileNotFound: 'NSIPSファイルが見つかりません。',
} as const;

// Control characters (NUL included), `%` (what is left of an encoding after one decoding: a
// double-encoded `%252e` or `%252F`) and lone surrogates.
// eslint-disable-next-line no-control-regex
const ENCODED_OR_CONTROL = /[\u0000-\u001f\u007f%]|\p{Cs}/u;

/**
 * Why a file name (or, with `allowEmpty`, a search prefix) cannot name a file of one pharmacy,
 * or undefined when it can. Checked on the decoded name: any encoding that survives one decoding
 * still holds a `%`, and any that decodes to a separator or dots is caught as such.
 */
export function nsipsNameProblem(name: string, { allowEmpty = false } = {}): string | undefined {
  if (name === '') return allowEmpty ? undefined : NSIPS_MESSAGES.filenameMissing;
  if (name.includes('/') || name.includes('\\')) return NSIPS_MESSAGES.separator;
  if (name.includes('..') || name === '.') return NSIPS_MESSAGES.dots;
  if (ENCODED_OR_CONTROL.test(name)) return NSIPS_MESSAGES.encoded;
  if (Buffer.byteLength(name) > NSIPS_FILENAME_MAX_BYTES) return NSIPS_MESSAGES.tooLong;
  return undefined;
}

/** The storage prefix of one pharmacy's files. */
export const nsipsPrefix = (pharmacyId: number) => `${pharmacyId}/`;

/** The storage key of a (checked) file name. */
export const nsipsKey = (pharmacyId: number, filename: string) => `${nsipsPrefix(pharmacyId)}${filename}`;

/** The file name of a key under the pharmacy's prefix. */
export const nsipsFilenameOf = (pharmacyId: number, key: string) => key.slice(nsipsPrefix(pharmacyId).length);

/**
 * Whether a continuation token belongs to this pharmacy's listing: our tokens are the base64url of
 * the last key listed, so one from another pharmacy's listing (or a forged one) names a key outside
 * the prefix and is refused rather than silently listing from there.
 */
export function tokenBelongsTo(pharmacyId: number, token: string): boolean {
  if (!/^[A-Za-z0-9_-]{1,1400}$/.test(token)) return false;
  const key = Buffer.from(token, 'base64url').toString('utf8');
  if (Buffer.from(key).toString('base64url') !== token) return false;
  const prefix = nsipsPrefix(pharmacyId);
  return key.startsWith(prefix) && nsipsNameProblem(key.slice(prefix.length)) === undefined;
}
