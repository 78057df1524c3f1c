import type { Identifier } from 'ra-core';
import type { SendRequest } from '../apiClient';
import { fillTemplate } from '../endpoint';
import { readListArray, readPageHeaders } from '../paging';

/** Users and a pharmacy's users (spec section 7, core admin users). */
export const USERS_PATH = '/api/v2/core/admin/users';
export const PHARMACY_USERS_PATH = '/api/v2/core/admin/pharmacies/{pharmacyId}/users';

export type Permission = 'read' | 'write';

/** The create-user body: a pharmacy user names its pharmacy and permission, an admin user neither. */
export type NewUser =
  | { role: 'pharmacy'; name: string; email: string; pharmacyId: Identifier; permission: Permission }
  | { role: 'admin'; name: string; email: string };

/** What creation answers, once: the initial password is never readable again. */
export interface CreatedUser {
  id: Identifier;
  email: string;
  password: string;
}

export interface PharmacyUser {
  id: Identifier;
  name: string;
  email: string;
  permission: Permission;
  createdAt?: Date;
  updatedAt?: Date;
}

export interface PharmacyUsersPage {
  data: PharmacyUser[];
  total: number;
  currentPage: number;
  totalPages: number;
}

export interface UserMethods {
  createUser: (user: NewUser) => Promise<CreatedUser>;
  getPharmacyUsers: (pharmacyId: Identifier, params?: { query?: string; page?: number; signal?: AbortSignal }) => Promise<PharmacyUsersPage>;
  /** Joins the pharmacy with `permission`, or switches a member's permission. */
  setPharmacyUserPermission: (pharmacyId: Identifier, userId: Identifier, permission: Permission) => Promise<void>;
  removePharmacyUser: (pharmacyId: Identifier, userId: Identifier) => Promise<void>;
}

export const userMethods = (send: SendRequest): UserMethods => {
  const pharmacyPath = (pharmacyId: Identifier) => fillTemplate(PHARMACY_USERS_PATH, { pharmacyId }).path;
  return {
    createUser: async (user) => (await send<CreatedUser>({ method: 'POST', path: USERS_PATH, body: user })).json,
    getPharmacyUsers: async (pharmacyId, { query, page = 1, signal } = {}) => {
      const path = pharmacyPath(pharmacyId);
      const response = await send({ path, query: { query, page }, signal });
      const { currentPage, totalPages, totalCount } = readPageHeaders(response.headers, path);
      const data = readListArray<PharmacyUser>(response.json, undefined, path);
      return { data, total: totalCount ?? data.length, currentPage, totalPages };
    },
    setPharmacyUserPermission: async (pharmacyId, userId, permission) => {
      await send({ method: 'POST', path: pharmacyPath(pharmacyId), body: { userId, permission } });
    },
    removePharmacyUser: async (pharmacyId, userId) => {
      await send({ method: 'DELETE', path: pharmacyPath(pharmacyId), body: { userId } });
    },
  };
};
