/**
 * Which URLs a manual may point at (the safety rules): images only from our own object
 * store (`/storage/manual-images/...`, as the presign call answers it, or the same path under an
 * environment prefix such as `/demo`, also written as an absolute URL of this origin), never from
 * another host (a tracking pixel; the server drops those when a manual is saved); links to https, http, mailto or a path of this
 * site. Everything else (javascript:, data:, vbscript:, protocol-relative //host, file:) is
 * dropped when the markdown is read, so it never reaches the page.
 */
const IMAGE_PATH = /^(\/[a-z]+)?\/storage\/manual-images\/[^?#\s]+$/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** Control characters and white space that browsers strip inside a scheme (`java\tscript:`). */
const normalise = (url: string) => [...url].filter((ch) => ch.charCodeAt(0) > 0x20 && (ch.charCodeAt(0) < 0x7f || ch.charCodeAt(0) > 0x9f)).join('');

export function isSafeImageUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length > 2000) return false;
  // No white space or control character anywhere: a browser would strip them, we refuse them.
  if (normalise(url) !== url) return false;
  if (url.includes('..')) return false;
  if (IMAGE_PATH.test(url)) return true;
  // An absolute URL only when it is this very origin's store path.
  const origin = typeof window === 'undefined' ? undefined : window.location?.origin;
  if (!origin || origin === 'null' || !url.startsWith(`${origin}/`)) return false;
  return IMAGE_PATH.test(url.slice(origin.length));
}

export function isSafeLinkUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length > 2000) return false;
  const clean = normalise(url);
  if (clean.startsWith('//')) return false;
  const scheme = SCHEME.exec(clean)?.[1]?.toLowerCase();
  if (scheme === undefined) return clean.startsWith('/') || clean.startsWith('#');
  return scheme === 'https' || scheme === 'http' || scheme === 'mailto';
}
