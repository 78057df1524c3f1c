import type { SendRequest } from '../apiClient';
import { putToPresignedUrl } from './uploads';

/** The manual knowledge base's calls that are not CRUD (spec section 7 "Manuals"). */
export const MANUAL_CATEGORIES_PATH = '/api/v2/core/admin/manual_categories';
export const MANUAL_IMAGE_PRESIGN_PATH = '/api/v2/core/admin/manual_files/presigned_url';

export interface ManualCategory {
  id: number;
  name: string;
  parentId: number | null;
  depth: number;
  hasChild: boolean;
  manualsCount: number;
}

export interface ManualCategoryDetail extends ManualCategory {
  children: ManualCategory[];
  /** Root first, parent last. */
  ancestors: ManualCategory[];
}

export interface ManualMethods {
  /** The root categories, in display order. */
  getManualCategories: () => Promise<ManualCategory[]>;
  getManualCategory: (id: number) => Promise<ManualCategoryDetail>;
  /** Uploads an editor image through its presigned link; resolves to the public URL to embed. */
  uploadManualImage: (file: Blob) => Promise<string>;
  /** A new category at the root (parentId null) or under another. */
  createManualCategory: (category: { name: string; parentId: number | null }) => Promise<ManualCategoryDetail>;
  /** Renames and/or moves a category. */
  updateManualCategory: (id: number, change: { name?: string; parentId?: number | null }) => Promise<ManualCategoryDetail>;
  /** Deletes an empty category. */
  deleteManualCategory: (id: number) => Promise<void>;
}

interface PresignAnswer {
  presignedUrl?: unknown;
  publicUrl?: unknown;
}

export const manualMethods = (send: SendRequest, fetchImpl: () => typeof fetch): ManualMethods => ({
  getManualCategories: async () => (await send<ManualCategory[]>({ path: MANUAL_CATEGORIES_PATH })).json,
  getManualCategory: async (id) => (await send<ManualCategoryDetail>({ path: `${MANUAL_CATEGORIES_PATH}/${encodeURIComponent(String(id))}` })).json,
  createManualCategory: async (category) => (await send<ManualCategoryDetail>({ method: 'POST', path: MANUAL_CATEGORIES_PATH, body: category })).json,
  updateManualCategory: async (id, change) =>
    (await send<ManualCategoryDetail>({ method: 'PATCH', path: `${MANUAL_CATEGORIES_PATH}/${encodeURIComponent(String(id))}`, body: change })).json,
  deleteManualCategory: async (id) => {
    await send({ method: 'DELETE', path: `${MANUAL_CATEGORIES_PATH}/${encodeURIComponent(String(id))}` });
  },
  uploadManualImage: async (file) => {
    // Section 7's link takes no type: the PUT's Content-Type says the picture's.
    const { json } = await send<PresignAnswer | undefined>({ path: MANUAL_IMAGE_PRESIGN_PATH });
    if (typeof json?.presignedUrl !== 'string' || typeof json.publicUrl !== 'string') {
      throw new Error(`${MANUAL_IMAGE_PRESIGN_PATH}: 署名付きURLの応答に presigned_url と public_url がありません`);
    }
    await putToPresignedUrl(fetchImpl, json.presignedUrl, file);
    return json.publicUrl;
  },
});
