import { AUDIT_SHAPE_FIELDS, defineMasterShape, type ShapeField } from '../masterShape';

/** Longest title and content: the content stays well inside the 256 KB body limit in any script. */
export const MANUAL_TITLE_MAX = 200;
export const MANUAL_CONTENT_MAX = 50_000;

/**
 * Manuals (マニュアル): the shape the SPA's declaration and the reference API's manuals feature both
 * derive from. The feature's own code: the category tree (and the list's filter on a category with
 * everything under it), the image files, the markdown's cleaning, the ranked search, the view count,
 * and the category a manual is written into (an existing category, checked by the route).
 */
export const MANUAL_SHAPE = defineMasterShape({
  label: 'マニュアル',
  api: '/api/v2/core/admin/manuals',
  fields: {
    id: { type: 'id', label: 'ID', sortable: true },
    title: { type: 'text', label: 'タイトル', sortable: true, write: { required: true, maxLength: MANUAL_TITLE_MAX } },
    // Computed by the API from the title, never stored.
    titleShort: { type: 'text', label: '短いタイトル', description: '一覧・パンくず用の短いタイトル (30文字まで)' },
    // Markdown is stored as written (leading spaces matter); only a body of white space is empty.
    content: { type: 'longText', label: '本文', description: 'Markdown', write: { required: true, maxLength: MANUAL_CONTENT_MAX, verbatim: true } },
    manualCategoryId: { type: 'integer', label: 'カテゴリ', nullable: true, filter: { pattern: /^\d{1,12}$/, example: '7', description: 'このカテゴリ直下のマニュアル' } },
    impressionsCount: { type: 'integer', label: '閲覧数', sortable: true },
    ...AUDIT_SHAPE_FIELDS,
    createdAt: { ...AUDIT_SHAPE_FIELDS.createdAt, sortable: true },
  },
  defaultSort: '-updatedAt',
  searchable: true,
});

export const MANUAL_CATEGORY_NAME_MAX = 50;

/**
 * A manual category as its versions name it (issue 39): the category tree's own code writes it
 * (server/services/core/manuals/categoryRoutes.ts: create, rename, move, delete), so this is no
 * master shape, only its fields' names and labels. Its place among its siblings is the tree's
 * order, no field of a version: a move is the change of its 親カテゴリ.
 */
export const MANUAL_CATEGORY = {
  label: 'マニュアルカテゴリ',
  fields: {
    name: { type: 'text', label: 'カテゴリ名', write: { required: true, maxLength: MANUAL_CATEGORY_NAME_MAX } },
    parentId: { type: 'integer', label: '親カテゴリ', nullable: true, write: { min: 1 } },
  },
} as const satisfies { label: string; fields: Record<string, ShapeField> };
