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
  /** A new password: the user's refresh tokens are revoked, and so are access tokens issued before the change. */
  password?: string;
  /**
   * With `password`: access tokens issued before this time (unix seconds) are refused, instead of
   * before now. A self-service change passes its own token's `iat`, so the session that made the
   * change goes on (its refresh tokens are revoked all the same) while older tokens stop at once.
   */
  tokens_valid_after?: number;
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
   * password revokes the user's refresh tokens and the access tokens issued before it.
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
