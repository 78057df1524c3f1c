/**
 * What a service may ask of the identity provider, shaped like the slice of Auth0's Management API
 * the real core uses (`GET /api/v2/users/{id}`, `PATCH /api/v2/users/{id}` with `password` or
 * `app_metadata`). Services get an implementation passed in and never read identity tables.
 */
export interface IdentityAppMetadata {
  pharmacy_ids: number[];
  [key: string]: unknown;
}

export interface IdentityUser {
  /** `auth0|…`, the access token's sub. */
  user_id: string;
  email: string;
  name: string;
  app_metadata: IdentityAppMetadata;
}

export interface IdentityUserPatch {
  /** A new password: every session of the user ends (its access and refresh tokens are refused), whenever it began. */
  password?: string;
  /**
   * With `password`: this session (the `sid` of the token making a self-service change) goes on,
   * every other one ends. Without it (a change made for the user) none goes on.
   */
  keep_session?: string;
  app_metadata?: Partial<IdentityAppMetadata>;
}

/** Auth0's `POST /api/v2/users` body, with the role the token's roles claim carries. */
export interface IdentityUserCreate {
  email: string;
  name: string;
  password: string;
  role: 'admin' | 'pharmacy';
  app_metadata: IdentityAppMetadata;
}

export interface IdentityManagement {
  getUser(userId: string): IdentityUser | undefined;
  /** Rejects with 409 when the e-mail is taken, 400 when the password breaks the policy. */
  createUser(user: IdentityUserCreate): Promise<IdentityUser>;
  /** Undoes a creation whose other half failed (Auth0's `DELETE /api/v2/users/{id}`). */
  deleteUser(userId: string): Promise<void>;
  /**
   * Rejects with IdentityManagementError (e.g. the password policy's PasswordStrengthError). A new
   * password ends the user's sessions (all but `keep_session`).
   */
  updateUser(userId: string, patch: IdentityUserPatch): Promise<IdentityUser>;
  /** Whether the password is the user's current one (in production: a password-realm grant against Auth0). */
  checkPassword(userId: string, password: string): Promise<boolean>;
}

/** Auth0 answers a rejected update with 400 and a message such as `PasswordStrengthError: Password is too weak`. */
export class IdentityManagementError extends Error {
  constructor(
    readonly statusCode: 400 | 404 | 409 | 429,
    message: string,
  ) {
    super(message);
  }
}

export { PASSWORD_STRENGTH_ERROR } from '../../src/contract';
