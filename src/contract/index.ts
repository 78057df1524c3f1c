/**
 * What the SPA and the reference API must agree on, in one module both import (the server
 * through tsx). Change a value here and both sides change together.
 */
export { API_ROOTS, apiRootOf, DEMO_ROOT, IDENTITY_PAGES, type ApiRoot } from './apiRoots';
export type { AuthConfig, AuthMode, EnvironmentConfig, JobQueueLink, RuntimeConfig, ServiceModule } from './configTypes';

/** Batch fetch by ids: at most 100 ids per request (spec sections 7 and 9). */
export const IDS_BATCH_SIZE = 100;

/**
 * List calls per batch (`POST /api/v2/core/common/lookups`, beyond the spec): a jump palette's
 * lookups for one text are fewer; more go in further batches, one after another.
 */
export const LIST_LOOKUPS_MAX = 16;

/**
 * A list's `sort` that orders a search by relevance (beyond the spec): records whose name starts
 * with the first term first, then by where in the name it stands, then the list's default order.
 * The jump palette asks it, so its few results per master are the best of all matches, not of
 * the newest 25. Without a search it is the default order.
 */
export const RELEVANCE_SORT = 'relevance';

/** The batch's own path as the SPA addresses it. */
export const LIST_LOOKUPS_PATH = '/api/v2/core/common/lookups';

/** Auth0's answer to a password that breaks the policy; the SPA shows it in Japanese (spec section 8). */
export const PASSWORD_STRENGTH_ERROR = 'PasswordStrengthError: Password is too weak';

/** Auth0 caps passwords at 128 characters. */
export const PASSWORD_MAX_LENGTH = 128;
