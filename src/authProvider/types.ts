import type { AuthProvider } from 'ra-core';
import type { Role } from '../lib/roles';

/** What the portal reads from the signed-in user's claims (spec section 6). */
export interface Permissions {
  role: Role | undefined;
  /** Only this is exposed to screens: it shows the pharmacy's predictor field. */
  isAdmin: boolean;
  pharmacyIds: number[];
}

/** react-admin's AuthProvider plus what the API client and the JWT screen need. */
export type CsPortalAuthProvider = AuthProvider & {
  /** The access token for the API, renewed first when it expires within 60 s; undefined when signed out. */
  getToken: () => Promise<string | undefined>;
  /**
   * The access token at once when it needs no renewal, else undefined (then ask getToken). A
   * request sent without waiting leaves inside the event that caused it, before React renders
   * that event's changes: a keystroke's lookups then overlap the keystroke's own render.
   */
  currentToken?: () => string | undefined;
  /** Renews the token now (the JWT screen's refresh button). */
  forceRefresh: () => Promise<string | undefined>;
  /** Starts the silent session check every SILENT_CHECK_INTERVAL_MS; returns the stop function. */
  startSilentRenewal: () => () => void;
};
