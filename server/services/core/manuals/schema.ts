import { z } from '@hono/zod-openapi';
import { instantSchema } from '../../../shared/openapi';
import { labelled } from '../../../shared/validation';

const ts = instantSchema;

/** Longest title and content: the content stays well inside the 256 KB body limit in any script. */
export const MANUAL_TITLE_MAX = 200;
export const MANUAL_CONTENT_MAX = 50_000;

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

export const ManualSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    title_short: z.string().openapi({ description: '一覧・パンくず用の短いタイトル (30文字まで)' }),
    content: z.string().openapi({ description: 'Markdown' }),
    manual_category_id: z.number().int().nullable(),
    impressions_count: z.number().int(),
    created_at: ts(),
    updated_at: ts(),
    created_by: z.string().nullable(),
    updated_by: z.string().nullable(),
  })
  .openapi('Manual');

export const ManualDetailSchema = ManualSchema.extend({
  manual_category: ManualCategoryDetailSchema.omit({ children: true }).nullable(),
}).openapi('ManualDetail');

const title = () => labelled('タイトル', z.string().trim().min(1).max(MANUAL_TITLE_MAX));
// Markdown is stored as written (leading spaces matter); only a body of white space is empty.
const content = () =>
  labelled(
    '本文',
    z
      .string()
      .max(MANUAL_CONTENT_MAX)
      .refine((text) => text.trim() !== '', { message: '本文を入力してください。' }),
  );
const categoryId = () => labelled('カテゴリ', z.number().int().positive().max(1e12).nullable().optional());

export const ManualInputSchema = z
  .object({ title: title(), content: content(), manual_category_id: categoryId() })
  .openapi('ManualInput');

export const ManualPatchSchema = z
  .object({ title: title().optional(), content: content().optional(), manual_category_id: categoryId() })
  .openapi('ManualPatch');

export const MANUAL_CATEGORY_NAME_MAX = 50;
const categoryName = () => labelled('カテゴリ名', z.string().trim().min(1).max(MANUAL_CATEGORY_NAME_MAX).openapi({ example: '棚卸し' }));
const parentId = () => labelled('親カテゴリ', z.number().int().positive().max(1e12).nullable().optional().openapi({ description: 'null または省略でルート' }));

export const ManualCategoryInputSchema = z.object({ name: categoryName(), parent_id: parentId() }).openapi('ManualCategoryInput');
export const ManualCategoryPatchSchema = z
  .object({ name: categoryName().optional(), parent_id: parentId() })
  .openapi('ManualCategoryPatch');

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const NOT_AN_IMAGE_TYPE = 'アップロードできる画像はPNG・JPEG・GIF・WebPです。';

export const ManualFileQuerySchema = z.object({
  content_type: labelled(
    '画像の種類',
    z
      .string()
      .max(100)
      .refine((type) => (IMAGE_TYPES as readonly string[]).includes(type), { message: NOT_AN_IMAGE_TYPE })
      .openapi({ example: 'image/png' }),
  ),
});

export const ManualFilePresignSchema = z
  .object({
    presigned_url: z.string().openapi({ description: 'PUT先 (Content-Typeは指定した種類、5MBまで、15分有効)' }),
    public_url: z.string().openapi({ description: 'アップロード後に本文へ埋め込む公開URL' }),
    object_name: z.string(),
  })
  .openapi('ManualFilePresign');
