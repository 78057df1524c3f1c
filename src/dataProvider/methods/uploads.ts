import type { SendRequest } from '../apiClient';
import { createHttpError, NETWORK_FAILURE_STATUS } from '../httpError';

/**
 * Uploads through a presigned URL (licenses, inquiry attachments, spec section 7): ask the API
 * for a link (`presigned_url`, `object_name`), PUT the file to it with its content type, then hand
 * the object name to the call that records it. The link is a storage host's, not the API's: it
 * gets no bearer token.
 */
export interface PresignedUpload {
  /** The API path that answers the link, e.g. `/api/v2/core/admin/pharmacies/3/licenses/presigned_url`. */
  presignPath: string;
  file: Blob;
  query?: Record<string, unknown>;
}

export interface UploadMethods {
  /** Resolves to the stored object's name (`filename_s3` of the record that follows). */
  uploadThroughPresignedUrl: (upload: PresignedUpload) => Promise<string>;
}

interface PresignAnswer {
  presignedUrl?: unknown;
  objectName?: unknown;
}

export const uploadMethods = (send: SendRequest, fetchImpl: () => typeof fetch): UploadMethods => ({
  uploadThroughPresignedUrl: async ({ presignPath, file, query }) => {
    const { json } = await send<PresignAnswer | undefined>({ path: presignPath, query });
    if (typeof json?.presignedUrl !== 'string' || typeof json.objectName !== 'string') {
      throw new Error(`${presignPath}: 署名付きURLの応答に presigned_url と object_name がありません`);
    }
    let response: Response;
    try {
      response = await fetchImpl()(json.presignedUrl, {
        method: 'PUT',
        body: file,
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      });
    } catch {
      throw createHttpError(NETWORK_FAILURE_STATUS);
    }
    if (!response.ok) throw createHttpError(response.status);
    return json.objectName;
  },
});
