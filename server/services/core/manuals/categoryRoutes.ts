import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { DB } from '../../../db/open';
import { tablesState } from '../../../db/versions';
import type { AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { ApiError, notFoundError, validationError } from '../../../shared/errors';
import { assertRowCurrent } from '../../../shared/conditionalWrite';
import { updateColumns } from '../../../shared/partialUpdate';
import { createRecordRoute, deleteRecordRoute, detailRoute, readRoute, updateRecordRoute } from '../../../shared/routes';
import { ManualCategoryDetailSchema, ManualCategoryInputSchema, ManualCategoryPatchSchema, ManualCategorySchema } from './schema';

export type ManualCategory = z.infer<typeof ManualCategorySchema>;
export type ManualCategoryDetail = z.infer<typeof ManualCategoryDetailSchema>;

export const MANUAL_CATEGORIES_PATH = '/api/v2/admin/manual_categories';

/** The whole category tree, read once per state of the tables (a few dozen rows). */
export interface CategoryTree {
  byId: Map<number, ManualCategory>;
  childrenOf: Map<number | null, ManualCategory[]>;
}

const trees = new WeakMap<DB, { key: string; tree: CategoryTree }>();

export function categoryTree(db: DB): CategoryTree {
  const { key } = tablesState(db, ['manual_categories', 'manuals']);
  const cached = trees.get(db);
  if (cached && cached.key === key) return cached.tree;
  const rows = db
    .prepare(
      `SELECT c.id, c.name, c.parent_id, (SELECT COUNT(*) FROM manuals m WHERE m.manual_category_id = c.id) AS manuals_count
       FROM manual_categories c ORDER BY c.position, c.id`,
    )
    .all() as { id: number; name: string; parent_id: number | null; manuals_count: number }[];
  const childrenOf = new Map<number | null, ManualCategory[]>();
  const byId = new Map<number, ManualCategory>();
  for (const row of rows) byId.set(row.id, { ...row, depth: 0, has_child: false });
  for (const row of rows) {
    const category = byId.get(row.id)!;
    const siblings = childrenOf.get(row.parent_id) ?? [];
    siblings.push(category);
    childrenOf.set(row.parent_id, siblings);
    if (row.parent_id !== null) {
      const parent = byId.get(row.parent_id);
      if (parent) parent.has_child = true;
    }
  }
  const setDepth = (parentId: number | null, depth: number) => {
    for (const child of childrenOf.get(parentId) ?? []) {
      child.depth = depth;
      setDepth(child.id, depth + 1);
    }
  };
  setDepth(null, 0);
  const tree = { byId, childrenOf };
  trees.set(db, { key, tree });
  return tree;
}

/** Root first, parent last. */
export function ancestorsOf(tree: CategoryTree, id: number): ManualCategory[] {
  const chain: ManualCategory[] = [];
  let parentId = tree.byId.get(id)?.parent_id ?? null;
  while (parentId !== null && chain.length < 100) {
    const parent = tree.byId.get(parentId);
    if (!parent) break;
    chain.unshift(parent);
    parentId = parent.parent_id;
  }
  return chain;
}

/** The category and every category below it. */
export function subtreeIds(tree: CategoryTree, id: number): number[] {
  const ids: number[] = [];
  const walk = (categoryId: number) => {
    ids.push(categoryId);
    for (const child of tree.childrenOf.get(categoryId) ?? []) walk(child.id);
  };
  if (tree.byId.has(id)) walk(id);
  return ids;
}

export function categoryDetail(db: DB, id: number): ManualCategoryDetail | undefined {
  const tree = categoryTree(db);
  const category = tree.byId.get(id);
  if (!category) return undefined;
  return { ...category, children: tree.childrenOf.get(id) ?? [], ancestors: ancestorsOf(tree, id) };
}

const tags = ['core: manuals'];

const listCategoriesRoute = readRoute(MANUAL_CATEGORIES_PATH, {
  summary: 'マニュアルカテゴリ一覧 (ルートのカテゴリ)',
  tags,
  response: z.array(ManualCategorySchema),
  responseDescription: 'ルートのカテゴリ (表示順)',
});

const getCategoryRoute = detailRoute(MANUAL_CATEGORIES_PATH, ManualCategoryDetailSchema, 'マニュアルカテゴリ詳細 (子カテゴリと祖先を含む)', tags, { etag: true });

const createCategoryRoute = createRecordRoute(MANUAL_CATEGORIES_PATH, {
  body: ManualCategoryInputSchema,
  response: ManualCategoryDetailSchema,
  summary: 'マニュアルカテゴリ登録 (parent_id の下、末尾に)',
  tags,
});
const patchCategoryRoute = updateRecordRoute(MANUAL_CATEGORIES_PATH, {
  method: 'patch',
  body: ManualCategoryPatchSchema,
  response: ManualCategoryDetailSchema,
  summary: 'マニュアルカテゴリの名前変更・移動 (自分の下へは移動できない)',
  tags,
});
const deleteCategoryRoute = deleteRecordRoute(MANUAL_CATEGORIES_PATH, { summary: 'マニュアルカテゴリ削除 (サブカテゴリもマニュアルもない場合だけ)', tags });

export const CATEGORY_MESSAGES = {
  unknownParent: '存在しない親カテゴリが指定されました。',
  intoItself: 'カテゴリを自分自身やその下のカテゴリへは移動できません。',
  duplicate: '同じ階層に同じ名前のカテゴリがすでにあります。',
  notEmpty: 'サブカテゴリやマニュアルがあるカテゴリは削除できません。先に移動するか削除してください。',
  tooDeep: 'カテゴリは5階層までです。',
} as const;
const MAX_DEPTH = 4;

/** The depth of the deepest category under `id` (0 for a leaf), for the depth limit when moving. */
const heightOf = (tree: CategoryTree, id: number): number => Math.max(0, ...(tree.childrenOf.get(id) ?? []).map((child) => 1 + heightOf(tree, child.id)));

/** Checks where a category may go: an existing parent, not itself or below itself, within the depth limit, a name unique among its siblings. */
function assertPlacement(db: DB, name: string, parentId: number | null, selfId: number | null): void {
  const tree = categoryTree(db);
  if (parentId !== null) {
    const parent = tree.byId.get(parentId);
    if (!parent) throw validationError({ parent_id: [CATEGORY_MESSAGES.unknownParent] });
    if (selfId !== null && (parentId === selfId || ancestorsOf(tree, parentId).some((a) => a.id === selfId))) {
      throw validationError({ parent_id: [CATEGORY_MESSAGES.intoItself] });
    }
    if (parent.depth + 1 + (selfId === null ? 0 : heightOf(tree, selfId)) > MAX_DEPTH) throw validationError({ parent_id: [CATEGORY_MESSAGES.tooDeep] });
  }
  const clash = (tree.childrenOf.get(parentId) ?? []).some((sibling) => sibling.name === name && sibling.id !== selfId);
  if (clash) throw validationError({ name: [CATEGORY_MESSAGES.duplicate] });
}

const detailOrThrow = (db: DB, id: number) => {
  const detail = categoryDetail(db, id);
  if (!detail) throw notFoundError();
  return detail;
};

/**
 * Manual categories (spec section 7 "Manuals"): the roots, and one category with its children and
 * ancestors. Staff also organise them (the issue: create, rename, move, delete when empty).
 */
/** The position after the last sibling under `parentId` (a new or moved category goes last). */
const nextPosition = (db: DB, parentId: number | null): number =>
  (db.prepare('SELECT COALESCE(MAX(position) + 1, 0) AS p FROM manual_categories WHERE parent_id IS @parentId').get({ parentId }) as { p: number }).p;

export function registerManualCategoryRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  const { db } = ctx;
  const now = () => ctx.now().toISOString();
  app.openapi(listCategoriesRoute, (c) => c.json(categoryTree(db).childrenOf.get(null) ?? [], 200));
  app.openapi(getCategoryRoute, (c) => c.json(detailOrThrow(db, Number(c.req.valid('param').id)), 200));

  app.openapi(createCategoryRoute, (c) => {
    const { name, parent_id: parentId = null } = c.req.valid('json');
    const id = db.transaction(() => {
      assertPlacement(db, name, parentId, null);
      const at = now();
      const position = nextPosition(db, parentId);
      return Number(
        db
          .prepare('INSERT INTO manual_categories (parent_id, name, position, created_at, updated_at) VALUES (@parentId, @name, @position, @at, @at)')
          .run({ parentId, name, position, at }).lastInsertRowid,
      );
    })();
    return c.json(detailOrThrow(db, id), 201);
  });

  app.openapi(patchCategoryRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    const body = c.req.valid('json');
    db.transaction(() => {
      const current = categoryTree(db).byId.get(id);
      if (!current) throw notFoundError();
      assertRowCurrent(c, db, 'manual_categories', id);
      const name = body.name ?? current.name;
      const parentId = body.parent_id === undefined ? current.parent_id : body.parent_id;
      assertPlacement(db, name, parentId, id);
      // A category moved goes last among its new siblings; one the body does not change keeps its stamp.
      const position = parentId === current.parent_id
        ? undefined
        : nextPosition(db, parentId);
      updateColumns(db, 'manual_categories', id, { name, parent_id: parentId, position }, { updated_at: now() });
    })();
    return c.json(detailOrThrow(db, id), 200);
  });

  app.openapi(deleteCategoryRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    db.transaction(() => {
      const category = categoryTree(db).byId.get(id);
      if (!category) throw notFoundError();
      assertRowCurrent(c, db, 'manual_categories', id);
      if (category.has_child || category.manuals_count > 0) throw new ApiError(422, [CATEGORY_MESSAGES.notEmpty]);
      db.prepare('DELETE FROM manual_categories WHERE id = @id').run({ id });
    })();
    return c.body(null, 204);
  });
}
