import type { Identifier } from 'ra-core';
import type { SendRequest } from '../apiClient';
import { fillTemplate } from '../endpoint';

/**
 * Membership of pharmacies in a company or a neighbour group (spec section 7). A pharmacy belongs
 * to at most one company, and a company takes several at once; a group takes one per call.
 */
export const COMPANY_PHARMACIES_PATH = '/api/v2/core/admin/companies/{companyId}/pharmacies';
export const GROUP_PHARMACY_PATH = '/api/v2/core/admin/groups/{groupId}/pharmacy';

export interface MembershipMethods {
  addCompanyPharmacies: (companyId: Identifier, pharmacyIds: Identifier[]) => Promise<void>;
  removeCompanyPharmacies: (companyId: Identifier, pharmacyIds: Identifier[]) => Promise<void>;
  addGroupPharmacy: (groupId: Identifier, pharmacyId: Identifier) => Promise<void>;
  removeGroupPharmacy: (groupId: Identifier, pharmacyId: Identifier) => Promise<void>;
}

export const membershipMethods = (send: SendRequest): MembershipMethods => ({
  addCompanyPharmacies: async (companyId, pharmacyIds) => {
    await send({ method: 'PATCH', path: fillTemplate(COMPANY_PHARMACIES_PATH, { companyId }).path, body: { pharmacyIds } });
  },
  removeCompanyPharmacies: async (companyId, pharmacyIds) => {
    await send({ method: 'DELETE', path: fillTemplate(COMPANY_PHARMACIES_PATH, { companyId }).path, body: { pharmacyIds } });
  },
  addGroupPharmacy: async (groupId, pharmacyId) => {
    await send({ method: 'POST', path: fillTemplate(GROUP_PHARMACY_PATH, { groupId }).path, body: { pharmacyId } });
  },
  removeGroupPharmacy: async (groupId, pharmacyId) => {
    await send({ method: 'DELETE', path: fillTemplate(GROUP_PHARMACY_PATH, { groupId }).path, body: { pharmacyId } });
  },
});
