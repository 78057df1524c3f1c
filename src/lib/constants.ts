/** Business constants of the portal (spec section 9). Kept in one place so screens and providers agree. */

/** The identity token is valid for one hour. */
export const TOKEN_LIFETIME_MS = 3_600_000;

/** Silent session check interval: just under the token lifetime, so a token is renewed before it lapses. */
export const SILENT_CHECK_INTERVAL_MS = 3_590_000;

/** `getToken` renews a token that expires within this margin, so a request never leaves with a dying token. */
export const TOKEN_RENEWAL_MARGIN_MS = 60_000;

/**
 * The server decides the page size of every list; the SPA only sends `page`. react-admin still
 * wants a `perPage` number for its list state, so this is the server's size for that one use;
 * page counts come from the server's `x-total-pages` (getList's `meta.totalPages`), never from
 * dividing by this.
 */
export const SERVER_PAGE_SIZE = 25;

/** Shown in the account menu. */
export const APP_VERSION = '2.0.0';

/** Save success alerts (companies, groups and other masters) hide after 3 s. */
export const SAVE_ALERT_MS = 3_000;
