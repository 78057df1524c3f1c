import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { DB } from '../../db/open';
import { tablesState } from '../../db/versions';
import type { AuthEnv } from '../../shared/auth';
import type { ServiceContext } from '../../shared/context';
import { notFoundError } from '../../shared/errors';
import { commonErrors, jsonResponse, SECURITY } from '../../shared/openapi';
import { detailRoute } from '../../shared/routes';
import { ManualCategoryDetailSchema, ManualCategorySchema } from './manualSchemas';

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

const listCategoriesRoute = createRoute({
  method: 'get',
  path: MANUAL_CATEGORIES_PATH,
  summary: 'マニュアルカテゴリ一覧 (ルートのカテゴリ)',
  tags,
  security: SECURITY,
  responses: { 200: jsonResponse(z.array(ManualCategorySchema), 'ルートのカテゴリ (表示順)'), ...commonErrors },
});

const getCategoryRoute = detailRoute(MANUAL_CATEGORIES_PATH, ManualCategoryDetailSchema, 'マニュアルカテゴリ詳細 (子カテゴリと祖先を含む)', tags);

/** Manual categories (spec section 7 "Manuals"): the roots, and one category with its children and ancestors. */
export function registerManualCategoryRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  const { db } = ctx;
  app.openapi(listCategoriesRoute, (c) => c.json(categoryTree(db).childrenOf.get(null) ?? [], 200));
  app.openapi(getCategoryRoute, (c) => {
    const detail = categoryDetail(db, Number(c.req.valid('param').id));
    if (!detail) throw notFoundError();
    return c.json(detail, 200);
  });
}
