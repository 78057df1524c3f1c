import { FORBIDDEN_PATH, LOGIN_PATH } from './shared';

/**
 * Where a sign-in returns to (issue 40 item 7): the page the user asked for, or was on when the
 * session ended, instead of the home page. The path comes back through storage or the identity
 * provider's appState, so it is treated as untrusted: only an in-app path of this origin
 * survives, never an external URL (`//evil.example`, `/\evil.example`, `https://...`), never
 * /login itself (a loop) or /forbidden (a pharmacy user's dead end).
 */

/** The per-tab key: another tab's sign-in must not take this tab's page. */
export const RETURN_PATH_STORAGE_KEY = 'cs-portal.auth.returnTo';

/** Any origin would do: only whether the candidate stays on it matters. */
const PROBE_ORIGIN = 'https://portal.invalid';

const isOwnScreen = (pathname: string) => ![LOGIN_PATH, FORBIDDEN_PATH].some((path) => pathname === path || pathname.startsWith(`${path}/`));

/**
 * The in-app path (path + search + hash) `candidate` names, or undefined. Browsers read `\` as
 * `/` and drop tabs and newlines in URLs, so `/\evil` and `/\t/evil` would leave the origin: any
 * backslash or control character refuses the candidate outright, and the URL parser, not a
 * pattern, decides whether what is left stays on the origin.
 */
export const safeReturnPath = (candidate: unknown): string | undefined => {
  if (typeof candidate !== 'string' || !candidate.startsWith('/') || /[\\\p{Cc}]/u.test(candidate)) return undefined;
  let url: URL;
  try {
    url = new URL(candidate, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('//')) return undefined;
  // Decided on the path as the router will read it (`/login/`, `/%6Cogin` are the same screen).
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname).replace(/\/+$/, '') || '/';
  } catch {
    return undefined;
  }
  if (!isOwnScreen(decoded.toLowerCase())) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
};

/** Where to go after signing in: the remembered page, else home. */
export const returnPathOr = (candidate: unknown, fallback = '/'): string => safeReturnPath(candidate) ?? fallback;

/** The page a location shows, as a return path (undefined on /login and the like). */
export const returnPathOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>): string | undefined =>
  safeReturnPath(`${location.pathname}${location.search}${location.hash}`);

export interface ReturnPathStore {
  /** Remembers the page `location` shows; /login and the like leave what was remembered. */
  remember: (location: Pick<Location, 'pathname' | 'search' | 'hash'>) => void;
  /** The remembered page (checked again: storage is not ours alone), without forgetting it. */
  peek: () => string | undefined;
  forget: () => void;
}

export const createReturnPathStore = (storage: Storage): ReturnPathStore => ({
  remember: (location) => {
    const path = returnPathOf(location);
    if (path !== undefined) storage.setItem(RETURN_PATH_STORAGE_KEY, path);
  },
  peek: () => safeReturnPath(storage.getItem(RETURN_PATH_STORAGE_KEY)),
  forget: () => storage.removeItem(RETURN_PATH_STORAGE_KEY),
});
