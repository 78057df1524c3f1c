import type { SendRequest } from '../apiClient';
import { createHttpError, NETWORK_FAILURE_STATUS } from '../httpError';

/**
 * Uploads through a presigned URL (licenses, inquiry attachments, spec section 7): ask the API
 * for a link (`presigned_url`, `object_name`), PUT the file to it with its content type, then hand
 * the object name to the call that records it. The link call takes no parameter: the platform's
 * link is for any type its kind allows, and the PUT's Content-Type says which one the file is.
 * The link is a storage host's, not the API's: it gets no bearer token.
 */
export interface PresignedUpload {
  /** The API path that answers the link, e.g. `/api/v2/core/admin/pharmacies/3/licenses/presigned_url`. */
  presignPath: string;
  file: Blob;
}

export interface UploadMethods {
  /** Resolves to the stored object's name (`filename_s3` of the record that follows). */
  uploadThroughPresignedUrl: (upload: PresignedUpload) => Promise<string>;
}

interface PresignAnswer {
  presignedUrl?: unknown;
  objectName?: unknown;
}

/**
 * A refused PUT's reason, when the store gave one as JSON (the reference API's Japanese
 * `{"errors": [...]}`); an S3 answers XML, and the status's generic message is shown instead.
 */
const storageRefusal = async (response: Response): Promise<unknown> =>
  /\bjson\b/.test(response.headers.get('content-type') ?? '') ? response.json().catch(() => undefined) : undefined;

/** PUTs a file to a presigned link with its content type (no token); a refusal becomes an HttpError with the store's reason. */
export async function putToPresignedUrl(fetchImpl: () => typeof fetch, url: string, file: Blob): Promise<void> {
  let response: Response;
  try {
    response = await fetchImpl()(url, { method: 'PUT', body: file, headers: { 'Content-Type': file.type || 'application/octet-stream' } });
  } catch {
    throw createHttpError(NETWORK_FAILURE_STATUS);
  }
  if (!response.ok) throw createHttpError(response.status, await storageRefusal(response));
}

export const uploadMethods = (send: SendRequest, fetchImpl: () => typeof fetch): UploadMethods => ({
  uploadThroughPresignedUrl: async ({ presignPath, file }) => {
    const { json } = await send<PresignAnswer | undefined>({ path: presignPath });
    if (typeof json?.presignedUrl !== 'string' || typeof json.objectName !== 'string') {
      throw new Error(`${presignPath}: 署名付きURLの応答に presigned_url と object_name がありません`);
    }
    await putToPresignedUrl(fetchImpl, json.presignedUrl, file);
    return json.objectName;
  },
});
