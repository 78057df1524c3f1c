import { StorageError } from '../shared/storage';

/** A media type as a user knows it (PDF, PNG); one without a common name is shown as it is. */
const TYPE_NAMES: Record<string, string> = { 'application/pdf': 'PDF', 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/gif': 'GIF', 'image/webp': 'WebP' };
const typeName = (type: string) => TYPE_NAMES[type] ?? type;

export const STORAGE_MESSAGES = {
  badKey: 'オブジェクトのキーが正しくありません。',
  badBucket: 'バケットが見つかりません。',
  badToken: '継続トークンが正しくありません。',
  clash: '同じ名前のフォルダまたはオブジェクトがすでにあります。',
  signature: 'URLの署名が正しくありません。',
  expired: 'URLの有効期限が切れています。',
  typeRefused: (allowed: readonly string[]) => `この種類のファイルはアップロードできません。アップロードできるのは${allowed.map(typeName).join('・')}です。`,
  notThatType: (contentType: string) => `ファイルの中身が${typeName(contentType)}ではありません。`,
  tooLarge: (maxBytes: number) => `ファイルが大きすぎます。上限は${maxBytes.toLocaleString('ja-JP')}バイトです。`,
} as const;

/** S3's own limit on a key's length. */
const MAX_KEY_BYTES = 1024;
/** Bucket names as S3 allows them, minus dots (so a bucket can never be `.` or `..`). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;
// Control characters (NUL included), the backslash (a separator on Windows) and `%` (so no
// decoding, single or double, can ever turn a stored key into a separator or a dot segment).
// A lone surrogate (not UTF-8 at all, so two such keys would meet as U+FFFD on disk) too.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f\\%]|\p{Cs}/u;

export function checkBucketName(bucket: string): void {
  if (!BUCKET_NAME.test(bucket)) throw new StorageError(404, STORAGE_MESSAGES.badBucket);
}

function checkSegments(segments: string[]): void {
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..') throw new StorageError(400, STORAGE_MESSAGES.badKey);
  }
}

/**
 * The canonical form of an object key (Unicode NFC), or StorageError(400) for a key that could
 * name anything but one file under its bucket: empty, a leading `/`, `//`, a trailing `/`, a
 * `.` or `..` segment, a backslash, a control character, a `%` or a lone surrogate.
 */
export function normaliseKey(key: string): string {
  if (typeof key !== 'string') throw new StorageError(400, STORAGE_MESSAGES.badKey);
  const nfc = key.normalize('NFC');
  if (nfc === '' || FORBIDDEN_CHARACTERS.test(nfc) || Buffer.byteLength(nfc) > MAX_KEY_BYTES) {
    throw new StorageError(400, STORAGE_MESSAGES.badKey);
  }
  checkSegments(nfc.split('/'));
  return nfc;
}

/** A list prefix: empty, or a key's beginning (it may end with `/`, it may not start with one). */
export function normalisePrefix(prefix: string): string {
  if (prefix === '') return '';
  const nfc = prefix.normalize('NFC');
  if (FORBIDDEN_CHARACTERS.test(nfc) || Buffer.byteLength(nfc) > MAX_KEY_BYTES) {
    throw new StorageError(400, STORAGE_MESSAGES.badKey);
  }
  const segments = nfc.split('/');
  if (nfc.endsWith('/')) segments.pop();
  // A last partial segment may be any beginning of a name, but not a dot segment.
  checkSegments(segments);
  return nfc;
}

/** The key as it appears in a URL: each segment percent-encoded, `/` kept between them. */
export function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/**
 * The key named by a URL path's raw (still percent-encoded) tail. Each segment is decoded once;
 * an encoded separator (`%2F`, `%5C`), an encoded dot segment (`%2e%2e`), a double encoding
 * (`%252e`, which decodes to a `%`), NUL or malformed percent-encoding is refused with 400.
 */
export function keyFromRawPath(raw: string): string {
  const segments = raw.split('/').map((segment) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw new StorageError(400, STORAGE_MESSAGES.badKey);
    }
    if (decoded.includes('/')) throw new StorageError(400, STORAGE_MESSAGES.badKey);
    return decoded;
  });
  return normaliseKey(segments.join('/'));
}

/** UTF-8 byte order, the order S3 lists keys in (JavaScript's `<` compares UTF-16 units). */
export function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
