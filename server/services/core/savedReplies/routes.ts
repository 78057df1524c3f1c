import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { DB } from '../../../db/open';
import { tablesVersion } from '../../../db/versions';
import type { AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { assertRowCurrent } from '../../../shared/conditionalWrite';
import { notFoundError } from '../../../shared/errors';
import { checkFreshness } from '../../../shared/freshness';
import { answerList } from '../../../shared/listEndpoint';
import { answerSchema, assertShapeUnique, listDeclarationOf, writeSchemas, type WireRecord } from '../../../shared/masterShape';
import { namedColumns, updateColumns } from '../../../shared/partialUpdate';
import { createRecordRoute, deleteRecordRoute, detailRoute, listRoute, updateRecordRoute } from '../../../shared/routes';
import { SAVED_REPLY_SHAPE } from '../../../../src/contract/masters/savedReplies';
import { actorName } from '../actor';
import { SAVED_REPLY_SEARCH } from './search';

/** Answer, list, and write bodies all come from the contract's shape; storage stays here. */
export const SavedReplySchema = answerSchema(SAVED_REPLY_SHAPE, 'SavedReply');
const SavedReplyWrite = writeSchemas(SAVED_REPLY_SHAPE, 'SavedReply');
type SavedReply = WireRecord<typeof SAVED_REPLY_SHAPE.fields>;

const TABLE = 'saved_replies';
const SELECT = 'r.id, r.title, r.shortcut, r.body, r.created_at, r.updated_at, r.created_by, r.updated_by';
const WRITTEN = ['title', 'shortcut', 'body'] as const;
const tags = ['core: saved replies'];

export const SAVED_REPLY_LIST = listDeclarationOf(SAVED_REPLY_SHAPE, { alias: 'r', search: SAVED_REPLY_SEARCH });

const listSavedRepliesRoute = listRoute(SAVED_REPLY_LIST, SavedReplySchema, tags);
const getRoute = detailRoute(SAVED_REPLY_LIST.path, SavedReplySchema, '定型文詳細', tags, { etag: true });
const createSavedReplyRoute = createRecordRoute(SAVED_REPLY_LIST.path, {
  body: SavedReplyWrite.create,
  response: SavedReplySchema,
  summary: '定型文登録',
  responseDescription: '登録した定型文',
  tags,
});
const updateRoute = updateRecordRoute(SAVED_REPLY_LIST.path, {
  body: SavedReplyWrite.update,
  response: SavedReplySchema,
  summary: '定型文更新',
  responseDescription: '更新した定型文',
  description: '送られなかった項目はそのまま。',
  tags,
});
const deleteRoute = deleteRecordRoute(SAVED_REPLY_LIST.path, { summary: '定型文削除', tags });

const findSavedReply = (db: DB, id: number) => db.prepare(`SELECT ${SELECT} FROM ${TABLE} r WHERE r.id = @id`).get({ id }) as SavedReply | undefined;

function savedReplyOrThrow(db: DB, id: number): SavedReply {
  const reply = findSavedReply(db, id);
  if (!reply) throw notFoundError();
  return reply;
}

/**
 * Saved replies (定型文, issue 25 part 3): the staff's shared canned answers. Not in spec section 7:
 * the reference API adds them in the core's admin style (list, detail, create, partial PUT, delete).
 */
export function registerSavedReplyRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  const { db } = ctx;
  const stamp = (c: Context<AuthEnv>) => ({ at: ctx.now().toISOString(), by: actorName(db, c.get('principal')) });

  app.openapi(listSavedRepliesRoute, (c) => {
    const q = c.req.valid('query');
    return answerList<SavedReply>(c, db, q, SAVED_REPLY_LIST, { select: SELECT, from: `FROM ${TABLE} r`, alias: 'r', idColumn: 'r.id', tables: [TABLE], filters: [] });
  });

  app.openapi(getRoute, (c) => {
    const reply = savedReplyOrThrow(db, Number(c.req.valid('param').id));
    const fresh = checkFreshness(c, reply.updated_at);
    if (fresh) return fresh;
    return c.json(reply, 200);
  });

  app.openapi(createSavedReplyRoute, (c) => {
    const body = c.req.valid('json');
    const { at, by } = stamp(c);
    const id = db.transaction(() => {
      assertShapeUnique(db, TABLE, SAVED_REPLY_SHAPE, body, null);
      const info = db
        .prepare(`INSERT INTO ${TABLE} (title, shortcut, body, created_at, updated_at, created_by, updated_by) VALUES (@title, @shortcut, @body, @at, @at, @by, @by)`)
        .run({ ...body, at, by });
      return Number(info.lastInsertRowid);
    })();
    c.header('x-last-updated', tablesVersion(db, TABLE) ?? at);
    return c.json(savedReplyOrThrow(db, id), 201);
  });

  app.openapi(updateRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    const body = c.req.valid('json');
    const { at, by } = stamp(c);
    db.transaction(() => {
      savedReplyOrThrow(db, id); // a missing one is 404, before any condition
      assertRowCurrent(c, db, TABLE, id);
      assertShapeUnique(db, TABLE, SAVED_REPLY_SHAPE, body, id);
      updateColumns(db, TABLE, id, namedColumns(body, WRITTEN), { updated_at: at, updated_by: by });
    })();
    c.header('x-last-updated', tablesVersion(db, TABLE) ?? at);
    return c.json(savedReplyOrThrow(db, id), 200);
  });

  app.openapi(deleteRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    db.transaction(() => {
      savedReplyOrThrow(db, id); // a missing one is 404, before any condition
      assertRowCurrent(c, db, TABLE, id);
      db.prepare(`DELETE FROM ${TABLE} WHERE id = @id`).run({ id });
    })();
    return c.body(null, 204);
  });
}
