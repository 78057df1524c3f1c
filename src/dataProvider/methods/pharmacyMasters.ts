import type { Identifier } from 'ra-core';
import type { SendRequest } from '../apiClient';
import { fillTemplate } from '../endpoint';
import type { UploadMethods } from './uploads';

/** The pharmacy masters' calls that are not CRUD (spec section 7): postal codes, licences, batch queue. */
export const POSTAL_CODE_SEARCH_PATH = '/api/v2/core/master/postal_codes/search';
export const LICENSES_PATH = '/api/v2/core/admin/pharmacies/{pharmacyId}/licenses';
export const BATCH_CONFIG_PATH = '/api/v2/medorder/admin/pharmacies/{pharmacyId}/batch_config';

/** One address of a postal code (one code may have several). */
export interface PostalAddress {
  postalCode: string;
  address1: string;
  address2: string;
  address3: string;
}

export interface License {
  id: number;
  active: boolean;
  number: string;
  /** A calendar day, `yyyy-MM-dd`. */
  expiresOn: string;
  createdAt: Date;
  /** A short-lived link to view the file. */
  signedUrl: string;
  pharmacyId: number;
  pharmacy: { id: number; name: string };
}

export interface NewLicense {
  number: string;
  expiresOn: string;
  file: File;
}

/** The ordering service's secondary batch queue: ttl 43200 or 3600 (on), 0 (off). */
export interface BatchConfig {
  ttl: number;
  useSecondary: boolean;
}

export interface PharmacyMasterMethods {
  searchPostalCode: (postalCode: string) => Promise<PostalAddress[]>;
  getPharmacyLicenses: (pharmacyId: Identifier) => Promise<License[]>;
  /** PUTs the file to a presigned URL with its content type, then registers the licence. */
  createPharmacyLicense: (pharmacyId: Identifier, license: NewLicense) => Promise<License>;
  deletePharmacyLicense: (pharmacyId: Identifier, licenseId: Identifier) => Promise<void>;
  getBatchConfig: (pharmacyId: Identifier) => Promise<BatchConfig>;
  updateBatchConfig: (pharmacyId: Identifier, config: BatchConfig) => Promise<BatchConfig>;
}

export const pharmacyMasterMethods = (send: SendRequest, uploads: UploadMethods): PharmacyMasterMethods => {
  const licensesPath = (pharmacyId: Identifier) => fillTemplate(LICENSES_PATH, { pharmacyId }).path;
  const batchConfigPath = (pharmacyId: Identifier) => fillTemplate(BATCH_CONFIG_PATH, { pharmacyId }).path;
  return {
    searchPostalCode: async (postalCode) =>
      (await send<{ results?: PostalAddress[] } | undefined>({ path: POSTAL_CODE_SEARCH_PATH, query: { postalCode } })).json?.results ?? [],
    getPharmacyLicenses: async (pharmacyId) => (await send<License[] | undefined>({ path: licensesPath(pharmacyId) })).json ?? [],
    createPharmacyLicense: async (pharmacyId, { number, expiresOn, file }) => {
      const filenameS3 = await uploads.uploadThroughPresignedUrl({ presignPath: `${licensesPath(pharmacyId)}/presigned_url`, file });
      return (await send<License>({ method: 'POST', path: licensesPath(pharmacyId), body: { number, expiresOn, filenameS3 } })).json;
    },
    deletePharmacyLicense: async (pharmacyId, licenseId) => {
      await send({ method: 'DELETE', path: `${licensesPath(pharmacyId)}/${encodeURIComponent(String(licenseId))}` });
    },
    getBatchConfig: async (pharmacyId) => (await send<BatchConfig>({ path: batchConfigPath(pharmacyId) })).json,
    updateBatchConfig: async (pharmacyId, config) => (await send<BatchConfig>({ method: 'PUT', path: batchConfigPath(pharmacyId), body: config })).json,
  };
};
