import type { Identifier } from 'ra-core';
import type { SendRequest } from '../apiClient';
import { fillTemplate } from '../endpoint';

/**
 * Membership of pharmacies in a company or a neighbour group (spec section 7). A pharmacy belongs
 * to at most one company, and a company takes several at once; a group takes one per call.
 */
export const COMPANY_PHARMACIES_PATH = '/api/v2/core/admin/companies/{companyId}/pharmacies';
export const GROUP_PHARMACY_PATH = '/api/v2/core/admin/groups/{groupId}/pharmacy';

/**
 * The single-pharmacy methods share one shape, `(ownerId, pharmacyId)`, so the shared membership
 * tab (a declaration's `membership: { add, remove }`) calls any of them the same way.
 */
export type MembershipMethod = (ownerId: Identifier, pharmacyId: Identifier) => Promise<void>;

export interface MembershipMethods {
  addCompanyPharmacies: (companyId: Identifier, pharmacyIds: Identifier[]) => Promise<void>;
  removeCompanyPharmacies: (companyId: Identifier, pharmacyIds: Identifier[]) => Promise<void>;
  /** One pharmacy: the same call with a one-element `pharmacy_ids`. */
  addCompanyPharmacy: MembershipMethod;
  removeCompanyPharmacy: MembershipMethod;
  addGroupPharmacy: MembershipMethod;
  removeGroupPharmacy: MembershipMethod;
  /** The same calls seen from the pharmacy (its groups tab): `(pharmacyId, groupId)`. */
  joinPharmacyGroup: MembershipMethod;
  leavePharmacyGroup: MembershipMethod;
}

/** The names a declaration's `membership: { add, remove }` may use. */
export type MembershipMethodName =
  | 'addCompanyPharmacy'
  | 'removeCompanyPharmacy'
  | 'addGroupPharmacy'
  | 'removeGroupPharmacy'
  | 'joinPharmacyGroup'
  | 'leavePharmacyGroup';

export const membershipMethods = (send: SendRequest): MembershipMethods => {
  const changeCompany = async (method: 'PATCH' | 'DELETE', companyId: Identifier, pharmacyIds: Identifier[]) => {
    await send({ method, path: fillTemplate(COMPANY_PHARMACIES_PATH, { companyId }).path, body: { pharmacyIds } });
  };
  const changeGroup = async (method: 'POST' | 'DELETE', groupId: Identifier, pharmacyId: Identifier) => {
    await send({ method, path: fillTemplate(GROUP_PHARMACY_PATH, { groupId }).path, body: { pharmacyId } });
  };
  return {
    addCompanyPharmacies: (companyId, pharmacyIds) => changeCompany('PATCH', companyId, pharmacyIds),
    removeCompanyPharmacies: (companyId, pharmacyIds) => changeCompany('DELETE', companyId, pharmacyIds),
    addCompanyPharmacy: (companyId, pharmacyId) => changeCompany('PATCH', companyId, [pharmacyId]),
    removeCompanyPharmacy: (companyId, pharmacyId) => changeCompany('DELETE', companyId, [pharmacyId]),
    addGroupPharmacy: (groupId, pharmacyId) => changeGroup('POST', groupId, pharmacyId),
    removeGroupPharmacy: (groupId, pharmacyId) => changeGroup('DELETE', groupId, pharmacyId),
    joinPharmacyGroup: (pharmacyId, groupId) => changeGroup('POST', groupId, pharmacyId),
    leavePharmacyGroup: (pharmacyId, groupId) => changeGroup('DELETE', groupId, pharmacyId),
  };
};
