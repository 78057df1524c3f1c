import type { Identifier } from 'ra-core';
import type { SendRequest } from '../apiClient';
import { fillTemplate } from '../endpoint';

/** A deleted record brought back from its destroy version, with its id (the `versions` addition, issue 39). */
export const REIFY_PATH = '/api/v2/core/admin/versions/{versionId}/reify';

export interface VersionMethods {
  reifyVersion: (versionId: Identifier) => Promise<void>;
}

export const versionMethods = (send: SendRequest): VersionMethods => ({
  reifyVersion: async (versionId) => {
    await send({ method: 'POST', path: fillTemplate(REIFY_PATH, { versionId }).path, body: {} });
  },
});
