import type { SendRequest } from '../apiClient';
import { createHttpError, NETWORK_FAILURE_STATUS } from '../httpError';

/**
 * NSIPS files' calls that are not the list (spec section 7): a file's temporary download link,
 * then the file's own bytes from that link (the object store's, so without the bearer token).
 */
export const nsipsFilePath = (pharmacyId: string | number, filename: string) =>
  `/api/v2/core/admin/pharmacies/${encodeURIComponent(String(pharmacyId))}/s3_nsipses/${encodeURIComponent(filename)}`;

export interface NsipsMethods {
  /** A signed link to the file's original (Shift_JIS) bytes; it expires after a few minutes. */
  getNsipsFileLink: (pharmacyId: string | number, filename: string) => Promise<string>;
  /** The bytes behind a link, untouched. */
  downloadNsipsFile: (url: string, signal?: AbortSignal) => Promise<ArrayBuffer>;
}

export const nsipsMethods = (send: SendRequest, fetchImpl: () => typeof fetch): NsipsMethods => ({
  getNsipsFileLink: async (pharmacyId, filename) => {
    const path = nsipsFilePath(pharmacyId, filename);
    const { json } = await send<{ presignedUrl?: unknown } | undefined>({ path });
    if (typeof json?.presignedUrl !== 'string') throw new Error(`${path}: 応答に presigned_url がありません`);
    return json.presignedUrl;
  },
  downloadNsipsFile: async (url, signal) => {
    let response: Response;
    try {
      response = await fetchImpl()(url, { signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw createHttpError(NETWORK_FAILURE_STATUS);
    }
    // The store's refusals are JSON in Japanese (URLの有効期限が切れています。): shown as they are.
    if (!response.ok) throw createHttpError(response.status, await response.json().catch(() => undefined));
    return response.arrayBuffer();
  },
});
