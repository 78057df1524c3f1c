import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { wireKey, type ShapeField } from '../../src/contract/masterShape';
import { tablesVersion } from '../db/versions';
import type { AuthEnv } from './auth';
import { assertRowCurrent } from './conditionalWrite';
import type { ServiceContext } from './context';
import { checkFreshness } from './freshness';
import { answerList, type ListFilter } from './listEndpoint';
import { answerSchema, detailAnswerFields, listDeclarationOf, writeSchemas } from './masterShape';
import { deleteRecord, insertRecord, MASTER_ALIAS, recordOrThrow, updateRecord, type PlainMaster, type WriteStamp } from './masterStore';
import { createRecordRoute, deleteRecordRoute, detailRoute, listRoute, updateRecordRoute } from './routes';

/*
 * A plain master's routes, from its shape (issue 37): the list (sorts, filters, search), the
 * detail, and where the shape writes fields, create, a partial PUT and delete, all conditional
 * (If-Match / If-Unmodified-Since, with the ETag the service answers for `versionedRecordOf`).
 * Summaries and the OpenAPI names come from the label and the table: 卸一覧, 卸詳細; `Dealer`,
 * `SavedReplyInput`. Every write goes through masterStore's write path.
 */

/** `saved_replies` → `SavedReply`: a table's record, as the OpenAPI document names its schemas. */
export const schemaName = (table: string): string =>
  table
    .replace(/ies$/, 'y')
    .replace(/s$/, '')
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/** A filter's value as the column holds it: a number, a yes/no as 1/0, or the text as sent. */
function filterValue(spec: ShapeField, value: string): unknown {
  if (spec.type === 'boolean') return value === 'true' ? 1 : 0;
  if (spec.type === 'integer' || spec.type === 'id' || spec.type === 'number') return Number(value);
  return value;
}

const made = new WeakMap<PlainMaster, ReturnType<typeof makeRoutes>>();

/** The list declaration and the routes of a plain master (made once); `registerMasterRoutes` serves them. */
export function masterRoutes(master: PlainMaster) {
  let routes = made.get(master);
  if (!routes) made.set(master, (routes = makeRoutes(master)));
  return routes;
}

function makeRoutes(master: PlainMaster) {
  const { shape, path } = master;
  const name = schemaName(master.table);
  const tags = [`${master.module}: ${master.table.replace(/_/g, ' ')}`];
  const rowSchema = answerSchema(shape, name);
  const detailFields = detailAnswerFields(shape);
  const detailSchema = Object.keys(detailFields).length > 0 ? rowSchema.extend(detailFields).openapi(`${name}Detail`) : rowSchema;
  const list = listDeclarationOf(shape, { alias: MASTER_ALIAS, sql: master.hooks.join?.fields, ...(master.search && { search: master.search }) });
  const writes = master.writable ? writeSchemas(shape, name) : undefined;
  return {
    list,
    /** One record as the list answers it. */
    schema: rowSchema,
    listRoute: listRoute(list, rowSchema, tags),
    detailRoute: detailRoute(path, detailSchema, `${shape.label}詳細`, tags, { etag: master.writable }),
    ...(writes && {
      createRoute: createRecordRoute(path, { body: writes.create, response: detailSchema, summary: `${shape.label}登録`, responseDescription: `登録した${shape.label}`, tags }),
      updateRoute: updateRecordRoute(path, {
        body: writes.update,
        response: detailSchema,
        summary: `${shape.label}更新`,
        responseDescription: `更新した${shape.label}`,
        description: '送られなかった項目はそのまま。',
        tags,
      }),
      deleteRoute: deleteRecordRoute(path, { summary: `${shape.label}削除`, tags }),
    }),
  };
}

/** Who writes, and when: the service's clock and the acting user's name. */
export type Stamper = (c: Context<AuthEnv>) => WriteStamp;

/** Serves a plain master's routes on its service's app. */
export function registerMasterRoutes(app: OpenAPIHono<AuthEnv>, ctx: Pick<ServiceContext, 'db'>, master: PlainMaster, stamp: Stamper): void {
  const { db } = ctx;
  const routes = masterRoutes(master);
  const { list } = routes;
  const filtered = (Object.entries(master.shape.fields) as [string, ShapeField][]).filter(([, spec]) => spec.filter && !spec.detail);
  const sqlOf = (key: string) => master.hooks.join?.fields[key] ?? `${MASTER_ALIAS}.${wireKey(key)}`;
  const read = (id: number) => recordOrThrow(db, master, id);
  const answered = (c: Context, at: string) => c.header('x-last-updated', tablesVersion(db, master.table) ?? at);

  app.openapi(routes.listRoute, (c) => {
    const q = c.req.valid('query') as Record<string, string | undefined>;
    const filters: ListFilter[] = filtered.map(([key, spec]) => {
      const value = q[wireKey(key)];
      return value !== undefined && [`${sqlOf(key)} = @${wireKey(key)}`, { [wireKey(key)]: filterValue(spec, value) }];
    });
    return answerList(c, db, q, list, {
      select: master.rowSelect,
      from: master.from,
      alias: MASTER_ALIAS,
      idColumn: `${MASTER_ALIAS}.id`,
      tables: master.tables,
      filters,
      ...(master.toRecord && { toRecord: master.toRecord }),
    });
  });

  app.openapi(routes.detailRoute, (c) => {
    const record = read(Number(c.req.valid('param').id));
    // A stamped record is as fresh as its 更新日時; an unstamped one as its table.
    const fresh = checkFreshness(c, master.stamped ? (record.updated_at as string) : tablesVersion(db, master.table));
    if (fresh) return fresh;
    return c.json(record, 200);
  });

  if (!routes.createRoute || !routes.updateRoute || !routes.deleteRoute) return;

  app.openapi(routes.createRoute, (c) => {
    const written = stamp(c);
    const id = db.transaction(() => insertRecord(db, master, c.req.valid('json') as Record<string, unknown>, written))();
    answered(c, written.at);
    return c.json(read(id), 201);
  });

  app.openapi(routes.updateRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    const written = stamp(c);
    db.transaction(() => updateRecord(db, master, id, c.req.valid('json') as Record<string, unknown>, written, () => assertRowCurrent(c, db, master.table, id)))();
    answered(c, written.at);
    return c.json(read(id), 200);
  });

  app.openapi(routes.deleteRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    db.transaction(() => deleteRecord(db, master, id, () => assertRowCurrent(c, db, master.table, id)))();
    return c.body(null, 204);
  });
}
