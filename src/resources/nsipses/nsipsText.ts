/**
 * NSIPS screens' pure rules: decoding (spec section 9: the files are CP932), the header count,
 * the preview's length and the detail URL.
 */

/**
 * The text of a file's bytes. WHATWG's `shift_jis` decoder is Windows-31J (CP932): it reads the
 * NEC row 13 (①, ㈱, Ⅲ) and the IBM extensions (髙, 﨑) that plain Shift_JIS lacks, natively and
 * far faster than a JavaScript table. Invalid bytes become U+FFFD, never an exception.
 */
export const decodeCp932 = (bytes: ArrayBuffer | Uint8Array): string => new TextDecoder('shift_jis').decode(bytes);

/**
 * The list header's count: `N` when every file is loaded, `N + M` while a continuation token
 * remains, M being how many files the next 'load more' brings at most (one page). ListObjectsV2
 * never says how many remain, so M is the page size, not a promise.
 */
export const nsipsCountLabel = (loaded: number, hasMore: boolean, pageSize: number): string =>
  hasMore ? `${loaded.toLocaleString('ja-JP')} + ${pageSize.toLocaleString('ja-JP')}` : loaded.toLocaleString('ja-JP');

/** Characters of a file shown on screen; the download has the rest (the month's export is 5 MB). */
export const NSIPS_PREVIEW_CHARACTERS = 200_000;

/** The text to show and whether it was cut (at a line end where there is one near the limit). */
export const previewText = (text: string, limit: number = NSIPS_PREVIEW_CHARACTERS): { text: string; truncated: boolean } => {
  if (text.length <= limit) return { text, truncated: false };
  const cut = text.lastIndexOf('\n', limit);
  return { text: text.slice(0, cut > 0 ? cut + 1 : limit), truncated: true };
};

/** A file's size for the table: bytes, grouped as Japanese numbers are. */
export const formatFileSize = (bytes: number): string => `${bytes.toLocaleString('ja-JP')} バイト`;

/** The spec's detail route `/v2/core/nsipses/{id}/{filename}`. */
export const nsipsFileRoute = (pharmacyId: string | number, filename: string) =>
  `/v2/core/nsipses/${encodeURIComponent(String(pharmacyId))}/${encodeURIComponent(filename)}`;

/** The spec's pharmacy route `/v2/core/nsipses/{id}`. */
export const nsipsPharmacyRoute = (pharmacyId: string | number) => `/v2/core/nsipses/${encodeURIComponent(String(pharmacyId))}`;
