import { z } from '@hono/zod-openapi';
import { MANUAL_CATEGORY_NAME_MAX, MANUAL_SHAPE } from '../../../../src/contract/masters/manuals';
import { answerSchema, writeSchemas } from '../../../shared/masterShape';
import { labelled } from '../../../shared/validation';

export const ManualCategorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    parent_id: z.number().int().nullable(),
    depth: z.number().int().openapi({ description: 'ルートが0' }),
    has_child: z.boolean(),
    manuals_count: z.number().int().openapi({ description: 'このカテゴリ直下のマニュアル数' }),
  })
  .openapi('ManualCategory');

export const ManualCategoryDetailSchema = ManualCategorySchema.extend({
  children: z.array(ManualCategorySchema),
  ancestors: z.array(ManualCategorySchema).openapi({ description: 'ルートから親までの順' }),
}).openapi('ManualCategoryDetail');

/** The answer comes from the contract's shape (issue 24 item 1). */
export const ManualSchema = answerSchema(MANUAL_SHAPE, 'Manual');

export const ManualDetailSchema = ManualSchema.extend({
  manual_category: ManualCategoryDetailSchema.omit({ children: true }).nullable(),
}).openapi('ManualDetail');

/**
 * POST and PATCH: title and content from the shape (content kept exactly as sent); the category
 * is an id the route checks against the tree, so its rule stays here. PATCH changes only what it names.
 */
export const ManualWrite = writeSchemas(MANUAL_SHAPE, 'Manual', {
  fields: { manual_category_id: labelled('カテゴリ', z.number().int().positive().max(1e12).nullable().optional()) },
  updateName: 'ManualPatch',
});

const categoryName = () => labelled('カテゴリ名', z.string().trim().min(1).max(MANUAL_CATEGORY_NAME_MAX).openapi({ example: '棚卸し' }));
const parentId = () => labelled('親カテゴリ', z.number().int().positive().max(1e12).nullable().optional().openapi({ description: 'null または省略でルート' }));

export const ManualCategoryInputSchema = z.object({ name: categoryName(), parent_id: parentId() }).openapi('ManualCategoryInput');
export const ManualCategoryPatchSchema = z
  .object({ name: categoryName().optional(), parent_id: parentId() })
  .openapi('ManualCategoryPatch');

/** The kinds of picture a manual's body may show (a PUT of another type is refused, 415). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const ManualFilePresignSchema = z
  .object({
    presigned_url: z.string().openapi({ description: 'PUT先 (Content-TypeはPNG・JPEG・GIF・WebPのいずれかで中身と一致すること、5MBまで、15分有効)' }),
    public_url: z.string().openapi({ description: 'アップロード後に本文へ埋め込む公開URL' }),
    object_name: z.string(),
  })
  .openapi('ManualFilePresign');
