import type { AuthProvider, UserIdentity } from 'ra-core';
import { readPharmacyIds, readRole } from '../lib/roles';
import type { Permissions } from './types';

export const INVALID_CREDENTIALS_MESSAGE = 'メールアドレスまたはパスワードが正しくありません。';
export const LOGIN_FAILED_MESSAGE = 'ログインできませんでした。時間をおいて再度お試しください。';
/** Auth0's 429 too_many_attempts: repeated failures blocked this account from here for a while. */
export const TOO_MANY_ATTEMPTS_MESSAGE = 'ログインの失敗が続いたため、一時的にログインできません。しばらくしてから再度お試しください。';
export const MISSING_ROLE_MESSAGE = 'userRoleが見つかりません。';
export const AUTH_CONFIG_MISSING_MESSAGE = '認証の設定が見つかりません。';
export const AUTH_CLIENT_FAILED_MESSAGE = '認証クライアントを作成できませんでした。';

export const LOGIN_PATH = '/login';
export const FORBIDDEN_PATH = '/forbidden';

type Claims = Record<string, unknown>;

/**
 * react-admin calls checkError with every data provider error. 401: the session is gone, sign
 * out (react-admin calls logout and goes to /login). 403: signed in but not allowed, show
 * /forbidden and keep the session. Anything else is the screen's business.
 */
export const checkApiError = async (error: unknown, signOut: () => void): Promise<void> => {
  const status = (error as { status?: unknown } | null | undefined)?.status;
  if (status === 401) {
    signOut();
    throw { redirectTo: LOGIN_PATH };
  }
  if (status === 403) throw { redirectTo: FORBIDDEN_PATH, logoutUser: false };
};

/** The role comes from the access token's custom claim; the id token is the fallback. */
export const permissionsFromClaims = (accessClaims: Claims | undefined, idClaims: Claims | undefined, namespace: string): Permissions => {
  const role = (accessClaims && readRole(accessClaims, namespace)) ?? (idClaims && readRole(idClaims, namespace));
  const fromAccess = accessClaims ? readPharmacyIds(accessClaims, namespace) : [];
  const pharmacyIds = fromAccess.length > 0 || !idClaims ? fromAccess : readPharmacyIds(idClaims, namespace);
  return { role, isAdmin: role === 'admin', pharmacyIds };
};

/**
 * The signed-in user. The picture is `picture` (the claim's name), not react-admin's `avatar`:
 * its account button would draw it with the user's name as alt text beside the same name
 * (Lighthouse image-redundant-alt, issue 40); the header draws it as decoration instead.
 */
export const identityFromClaims = (claims: Claims): UserIdentity => ({
  id: String(claims.sub ?? ''),
  fullName: typeof claims.name === 'string' ? claims.name : undefined,
  picture: typeof claims.picture === 'string' ? claims.picture : undefined,
  email: typeof claims.email === 'string' ? claims.email : undefined,
});

/** Auth0 domains are often configured without a scheme; '' means the same origin (reference API). */
export const identityProviderOrigin = (domain: string): string => {
  const trimmed = domain.replace(/\/+$/, '');
  if (trimmed === '' || /^https?:\/\//.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
};

/**
 * react-admin's access control (`authProvider.canAccess`): the portal is for staff, so every
 * resource and every action needs the admin role (spec section 6); a signed-in user without it
 * gets `<Admin accessDenied>`. The API enforces the same on its `/admin/` routes.
 */
export const canAccessWith = (permissions: Permissions | undefined): boolean => permissions?.isAdmin === true;

export const withAdminOnlyAccess = <P extends AuthProvider>(provider: P): P & Required<Pick<AuthProvider, 'canAccess'>> => ({
  ...provider,
  canAccess: async () => {
    try {
      return canAccessWith((await provider.getPermissions?.({})) as Permissions | undefined);
    } catch {
      // Signed out or a lapsed session: no access; checkAuth sends the user to /login.
      return false;
    }
  },
});
