import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { MANUAL_SHAPE } from '../../../../src/contract/masters/manuals';
import type { Context } from 'hono';
import type { DB } from '../../../db/open';
import { cachedPage } from '../../../db/list';
import { tablesState } from '../../../db/versions';
import type { AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { assertRowCurrent, etagHeaders } from '../../../shared/conditionalWrite';
import { updateColumns } from '../../../shared/partialUpdate';
import { notFoundError, validationError } from '../../../shared/errors';
import { checkFreshness } from '../../../shared/freshness';
import { answerList, type ListFilter } from '../../../shared/listEndpoint';
import { listDeclarationOf } from '../../../shared/masterShape';
import { PAGE_SIZE, parsePage, pickFields, setPagingHeaders } from '../../../shared/paging';
import { createRecordRoute, listRoute, readRoute, updateRecordRoute, writeRoute } from '../../../shared/routes';
import { searchFilter } from '../../../shared/search';
import { inList, listParam } from '../../../shared/sql';
import { searchTerms } from '../../../../src/contract/searchText';
import { RELEVANCE_SORT } from '../../../../src/contract';
import { actorName } from '../actor';
import { ancestorsOf, categoryTree, subtreeIds } from './categoryRoutes';
import { ManualDetailSchema, ManualSchema, ManualWrite } from './schema';
import { cleanManualMarkdown } from './markdown';
import { MANUAL_SEARCH } from './search';
import { writeWhenFree } from '../../../db/writeWhenFree';

export const MANUAL_TEXTS = {
  contentEmpty: '本文を入力してください。',
  contentUncleanable: '本文のHTMLを取り除けませんでした。HTMLタグを使わずに書いてください。',
} as const;

/** The content as stored: no raw HTML, images only from our manual-images bucket (422 otherwise). */
function storedContent(content: string): string {
  const clean = cleanManualMarkdown(content);
  if (clean === undefined) throw validationError({ content: [MANUAL_TEXTS.contentUncleanable] });
  if (clean.trim() === '') throw validationError({ content: [MANUAL_TEXTS.contentEmpty] });
  return clean;
}

type Manual = z.infer<typeof ManualSchema>;
type ManualDetail = z.infer<typeof ManualDetailSchema>;

const TITLE_SHORT = 30;
const SELECT = `m.id, m.title, m.content, m.manual_category_id, m.impressions_count, m.created_at, m.updated_at, m.created_by, m.updated_by`;
const categoryParam = (description: string) => z.string().regex(/^\d{1,12}$/).optional().openapi({ description });

/** Sorts, the category filter, search and fields from the contract's shape; the subtree filter, the SELECT and the ranking stay here. */
export const MANUAL_LIST = listDeclarationOf(MANUAL_SHAPE, {
  alias: 'm',
  summaryNote: 'query: タイトルと本文の部分一致検索、タイトル一致を先に',
  filters: {
    manual_category: { label: 'カテゴリ', schema: categoryParam('このカテゴリとその下のすべてのカテゴリのマニュアル'), example: '3' },
  },
  search: MANUAL_SEARCH,
  // The search goal: 1, 2 and 3+ characters, kana in any form, kanji, ASCII in either width.
  searchExamples: [
    ['1 char', '棚'],
    ['2 chars', '在庫'],
    ['3+ chars kanji', '棚卸し'],
    ['katakana', 'テンプレート'],
    ['hiragana', 'てんぷれーと'],
    ['half-width', 'ﾃﾝﾌﾟﾚｰﾄ'],
    ['full-width ASCII', 'ＮＳＩＰＳ'],
    ['two terms', '在庫 修正'],
    ['no hit', 'ゾヂヅヂ'],
  ],
});

export const UNKNOWN_MANUAL_CATEGORY = '存在しないカテゴリが指定されました。';
/** The same person reading the same manual again within this time is one view (reloads, prefetches, the edit form). */
export const VIEW_WINDOW_MS = 30 * 60 * 1000;

const withShortTitle = (row: Omit<Manual, 'title_short'>): Manual => {
  const chars = [...row.title];
  return { ...row, title_short: chars.length > TITLE_SHORT ? `${chars.slice(0, TITLE_SHORT - 1).join('')}…` : row.title };
};

const tags = ['core: manuals'];
const listManualsRoute = listRoute(MANUAL_LIST, ManualSchema, tags);

const getRoute = readRoute(`${MANUAL_LIST.path}/{id}`, {
  summary: 'マニュアル詳細 (閲覧数を数える。同じ人の30分以内の再読み込みと `Sec-Purpose: prefetch` は数えない)',
  tags,
  response: ManualDetailSchema,
  responseDescription: 'マニュアル',
  headers: etagHeaders,
});
const createManualRoute = createRecordRoute(MANUAL_LIST.path, {
  summary: 'マニュアル登録', tags, body: ManualWrite.create, response: ManualDetailSchema, responseDescription: '登録したマニュアル (id を含む)',
});
const patchRoute = updateRecordRoute(MANUAL_LIST.path, {
  method: 'patch', summary: 'マニュアル更新 (送った項目だけ)', tags, body: ManualWrite.update, response: ManualDetailSchema, responseDescription: '更新したマニュアル',
});
const deleteRoute = writeRoute('delete', `${MANUAL_LIST.path}/{id}`, {
  summary: 'マニュアル削除', tags, conditional: true, response: z.object({ id: z.number().int() }), responseDescription: '削除したマニュアルのID',
});

function findManual(db: DB, id: number): Manual | undefined {
  const row = db.prepare(`SELECT ${SELECT} FROM manuals m WHERE m.id = @id`).get({ id }) as Omit<Manual, 'title_short'> | undefined;
  return row && withShortTitle(row);
}

function manualDetail(db: DB, id: number): ManualDetail {
  const manual = findManual(db, id);
  if (!manual) throw notFoundError();
  const tree = categoryTree(db);
  const category = manual.manual_category_id === null ? undefined : tree.byId.get(manual.manual_category_id);
  return { ...manual, manual_category: category ? { ...category, ancestors: ancestorsOf(tree, category.id) } : null };
}

function assertCategoryExists(db: DB, id: number | null | undefined): void {
  if (id === null || id === undefined) return;
  if (!categoryTree(db).byId.has(id)) throw validationError({ manual_category_id: [UNKNOWN_MANUAL_CATEGORY] });
}

/** A prefetch (the browser's or a link preloader's) is not somebody reading. */
const isPrefetch = (c: Context) => /prefetch|prerender/i.test(`${c.req.header('sec-purpose') ?? ''} ${c.req.header('purpose') ?? ''}`);

/**
 * A search ranked as people expect: manuals whose title holds more of the terms first, then the
 * newest. The matching rows come from the shared search index; they are few enough (at most the
 * table) to rank in one indexed query.
 */
function rankedSearch(c: Context, db: DB, where: [string, Record<string, unknown>?][], query: string, page: number, fields: string | undefined): Response {
  const terms = searchTerms(query);
  const whereSql = where.map(([sql]) => `(${sql})`).join(' AND ');
  const params: Record<string, unknown> = Object.assign({}, ...where.map(([, values]) => values ?? {}));
  // A 1-2 character term scans the manuals' text (a few ms): the page is kept until a manual changes.
  const key = [whereSql, JSON.stringify(params), JSON.stringify(terms), page, fields ?? ''].join('\u0000');
  const { value, total } = cachedPage(db, ['manuals'], key, () => {
    const count = (db.prepare(`SELECT COUNT(*) AS n FROM manuals m WHERE ${whereSql}`).get(params) as { n: number }).n;
    const titleHits = terms.map((_, i) => `(instr(fold_search(m.title), @title_term_${i}) > 0)`).join(' + ');
    const ranked: Record<string, unknown> = { ...params, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
    terms.forEach((term, i) => {
      ranked[`title_term_${i}`] = term;
    });
    const rows = db
      .prepare(`SELECT ${SELECT} FROM manuals m WHERE ${whereSql} ORDER BY ${titleHits} DESC, m.updated_at DESC, m.id DESC LIMIT @limit OFFSET @offset`)
      .all(ranked) as Omit<Manual, 'title_short'>[];
    return { value: pickFields(rows.map(withShortTitle), fields), total: count };
  });
  setPagingHeaders(c, { total, page });
  return c.json(value, 200);
}

/**
 * Manuals (spec section 7 "Manuals"): list by category or search, detail (counting views),
 * create, patch and delete. Content is markdown, stored exactly as sent.
 */
export function registerManualRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  const { db } = ctx;
  const stamp = (c: Context<AuthEnv>) => ({ at: ctx.now().toISOString(), by: actorName(db, c.get('principal')) });

  app.openapi(listManualsRoute, (c) => {
    const q = c.req.valid('query');
    // The category tree only when a category and its descendants are asked for.
    const subtree = q.manual_category === undefined ? undefined : subtreeIds(categoryTree(db), Number(q.manual_category));
    const filters: ListFilter[] = [
      q.manual_category_id !== undefined && ['m.manual_category_id = @manual_category_id', { manual_category_id: Number(q.manual_category_id) }],
      subtree && [`m.manual_category_id IN ${inList('manual_category_subtree')}`, { manual_category_subtree: listParam(subtree) }],
    ];
    // The manuals' own ranking is their relevance: asked for by name (RELEVANCE_SORT) or by no sort.
    const search = (q.sort === undefined || q.sort === RELEVANCE_SORT) && q.ids === undefined ? searchFilter(db, MANUAL_SEARCH, 'm', q.query) : undefined;
    if (search && q.query !== undefined) {
      const fresh = checkFreshness(c, tablesState(db, ['manuals']).updatedAt);
      if (fresh) return fresh;
      const where = [...filters, search].filter((f): f is [string, Record<string, unknown>?] => Array.isArray(f));
      return rankedSearch(c, db, where, q.query, parsePage(q.page), q.fields);
    }
    return answerList<Omit<Manual, 'title_short'>, Manual>(c, db, q, MANUAL_LIST, {
      select: SELECT,
      from: 'FROM manuals m',
      alias: 'm',
      idColumn: 'm.id',
      tables: ['manuals'],
      filters,
      toRecord: withShortTitle,
    });
  });

  app.openapi(getRoute, async (c) => {
    const id = Number(c.req.valid('param').id);
    if (!findManual(db, id)) throw notFoundError();
    if (!isPrefetch(c)) {
      const viewer = c.get('principal').sub;
      const now = ctx.now();
      // A read that writes: no write turn of its own (server/shared/writeTurns.ts), so it waits here.
      await writeWhenFree(db, db.transaction(() => {
        const last = db.prepare('SELECT viewed_at FROM manual_views WHERE manual_id = @id AND viewer = @viewer').get({ id, viewer }) as { viewed_at: string } | undefined;
        if (last && now.getTime() - Date.parse(last.viewed_at) < VIEW_WINDOW_MS) return;
        db.prepare(
          `INSERT INTO manual_views (manual_id, viewer, viewed_at) VALUES (@id, @viewer, @at)
           ON CONFLICT(manual_id, viewer) DO UPDATE SET viewed_at = excluded.viewed_at`,
        ).run({ id, viewer, at: now.toISOString() });
        db.prepare('UPDATE manuals SET impressions_count = impressions_count + 1 WHERE id = @id').run({ id });
      }));
    }
    return c.json(manualDetail(db, id), 200);
  });

  app.openapi(createManualRoute, (c) => {
    const { title, content: sent, manual_category_id = null } = c.req.valid('json');
    const content = storedContent(sent);
    const { at, by } = stamp(c);
    const id = db.transaction(() => {
      assertCategoryExists(db, manual_category_id);
      const info = db
        .prepare(
          `INSERT INTO manuals (manual_category_id, title, content, created_at, updated_at, created_by, updated_by)
           VALUES (@manual_category_id, @title, @content, @at, @at, @by, @by)`,
        )
        .run({ manual_category_id, title, content, at, by });
      return Number(info.lastInsertRowid);
    })();
    return c.json(manualDetail(db, id), 201);
  });

  app.openapi(patchRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    const body = c.req.valid('json');
    const content = body.content === undefined ? undefined : storedContent(body.content);
    const { at, by } = stamp(c);
    db.transaction(() => {
      const current = findManual(db, id);
      if (!current) throw notFoundError();
      assertRowCurrent(c, db, 'manuals', id);
      assertCategoryExists(db, body.manual_category_id);
      // What the body names, as stored (the content normalised); a manual it does not change keeps its stamp.
      updateColumns(db, 'manuals', id, { title: body.title ?? undefined, content: content ?? undefined, manual_category_id: body.manual_category_id }, { updated_at: at, updated_by: by });
    })();
    return c.json(manualDetail(db, id), 200);
  });

  app.openapi(deleteRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    db.transaction(() => {
      const current = findManual(db, id);
      if (!current) throw notFoundError();
      assertRowCurrent(c, db, 'manuals', id);
      db.prepare('DELETE FROM manuals WHERE id = @id').run({ id });
    })();
    return c.json({ id }, 200);
  });
}
