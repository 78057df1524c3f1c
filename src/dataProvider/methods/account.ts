import type { SendRequest } from '../apiClient';

/** The signed-in user's own account (spec section 7, core common users). */
export const ME_PATH = '/api/v2/core/common/users/me';
export const CHANGE_PASSWORD_PATH = '/api/v2/core/common/users/change_password';
export const RESTORE_USER_PATH = '/api/v2/core/common/users/restore';

export interface Me {
  id: number | string;
  [key: string]: unknown;
}

export interface PasswordChange {
  /** Sent only when given: the reference API may ask for it, the spec's call does not. */
  currentPassword?: string;
  newPassword: string;
  newPasswordAgain: string;
}

/** What restore found: the pharmacy ids in the identity store and in the database. */
export interface RestoreResult {
  auth0PharmacyIds?: number[];
  dbPharmacyIds?: number[];
  [key: string]: unknown;
}

export interface AccountMethods {
  getMe: () => Promise<Me>;
  changePassword: (change: PasswordChange) => Promise<void>;
  restoreUser: () => Promise<RestoreResult>;
}

export const accountMethods = (send: SendRequest): AccountMethods => ({
  getMe: async () => (await send<Me>({ path: ME_PATH })).json,
  changePassword: async ({ currentPassword, newPassword, newPasswordAgain }) => {
    await send({ method: 'POST', path: CHANGE_PASSWORD_PATH, body: { currentPassword, newPassword, newPasswordAgain } });
  },
  restoreUser: async () => (await send<RestoreResult | undefined>({ method: 'POST', path: RESTORE_USER_PATH, body: {} })).json ?? {},
});
