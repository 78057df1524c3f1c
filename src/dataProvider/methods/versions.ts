import type { Identifier } from 'ra-core';
import type { SendRequest } from '../apiClient';
import { versionsApiOf } from '../../contract/versions';

export interface VersionMethods {
  /**
   * A deleted record brought back from its destroy version, with its id (the `versions` addition,
   * issue 39), by the service that keeps the master's versions (`itemType`).
   */
  reifyVersion: (versionId: Identifier, itemType: string) => Promise<void>;
}

export const versionMethods = (send: SendRequest): VersionMethods => ({
  reifyVersion: async (versionId, itemType) => {
    await send({ method: 'POST', path: `${versionsApiOf(itemType)}/${encodeURIComponent(String(versionId))}/reify`, body: {} });
  },
});
