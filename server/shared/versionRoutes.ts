import { z, type OpenAPIHono } from '@hono/zod-openapi';
import Database from 'better-sqlite3';
import type { MiddlewareHandler } from 'hono';
import type { DB } from '../db/open';
import { storedColumns, withWriteActor, type StaffName } from '../db/paperTrail';
import type { AuthEnv } from './auth';
import type { ServiceContext } from './context';
import { ApiError, notFoundError } from './errors';
import { answerList, type ListDeclaration } from './listEndpoint';
import { detailRoute, listRoute, writeRoute } from './routes';
import { labelled } from './validation';
import { addDays } from 'date-fns';
import { fromTokyoDateTimeLocal, isDayString } from '../../src/contract/dates';
import { wireKey, type WriteRule } from '../../src/contract/masterShape';
import { VERSION_EVENTS, type VersionEvent } from '../../src/contract/versions';
import { retentionMonths, RETENTION_SWEEP_MS } from './versionRetention';
import { runOffThread } from '../jobs/offThread';
import type { VersionedMaster } from './versionedMasters';
import type { Principal } from './auth';

const PATH = '/api/v2/admin/versions';
const EVENTS = VERSION_EVENTS.map((e) => e.value) as [VersionEvent, ...VersionEvent[]];

const day = (label: string, description: string) =>
  labelled(label, z.string().refine(isDayString).optional().openapi({ description, example: '2026-11-29' }));

/** A service's versions list (PaperTrail's `versions`), paged and cached as every list of the house; its マスター are the service's. */
export const versionListOf = (base: string, masters: readonly VersionedMaster[]) =>
  ({
    base,
    path: PATH,
    summary: '変更履歴一覧 (新しい順)',
    sortColumns: { id: 'v.id', created_at: 'v.created_at' },
    defaultSort: '-id',
    filters: {
      item_type: {
        label: 'マスター',
        schema: labelled('マスター', z.enum(masters.map((m) => m.itemType) as [string, ...string[]]).optional()),
        example: masters[0].itemType,
      },
      item_id: { label: 'レコードID', schema: labelled('レコードID', z.string().regex(/^\d{1,12}$/).optional()), example: '1' },
      whodunnit: { label: '変更したユーザー', schema: labelled('変更したユーザー', z.string().regex(/^\d{1,12}$/).optional().openapi({ description: 'ユーザーID' })), example: '1' },
      event: { label: '操作', schema: labelled('操作', z.enum(EVENTS).optional()), example: 'update' },
      latest: {
        label: '最新の版のみ',
        schema: labelled('最新の版のみ', z.enum(['true', 'false']).optional().openapi({ description: 'true: レコードごとの最新の版だけ (event=destroy と合わせて削除されたままのレコードの一覧)' })),
        example: 'true',
      },
      created_at_from: { label: '開始日', schema: day('開始日', 'この日 (日本時間) 以降の変更'), example: '2026-11-01' },
      created_at_to: { label: '終了日', schema: day('終了日', 'この日 (日本時間) までの変更'), example: '2026-11-29' },
    },
    fields: ['id', 'item_type', 'item_id', 'event', 'whodunnit', 'whodunnit_name', 'created_at', 'object', 'object_changes'],
  }) satisfies ListDeclaration;

const json = z.record(z.string(), z.unknown());
export const VersionSchema = z
  .object({
    id: z.number().int(),
    item_type: z.string().openapi({ description: 'マスター (SPA のリソース名)', example: 'v2/core/companies' }),
    item_id: z.number().int(),
    event: z.enum(EVENTS),
    whodunnit: z.string().nullable().openapi({ description: '変更したユーザーのID (システムの変更は null)' }),
    whodunnit_name: z.string().nullable().openapi({ description: '変更したユーザーの名前 (その時点)' }),
    created_at: z.string(),
    object: json.nullable().openapi({ description: '変更前の値 (登録は null)' }),
    object_changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).openapi({ description: '変わった項目ごとの [変更前, 変更後]' }),
  })
  .openapi('Version');

type VersionRow = {
  id: number;
  item_type: string;
  item_id: number;
  event: VersionEvent;
  whodunnit: string | null;
  whodunnit_name: string | null;
  created_at: string;
  object: string | null;
  object_changes: string;
};

const SELECT = 'v.id, v.item_type, v.item_id, v.event, v.whodunnit, v.whodunnit_name, v.created_at, v.object, v.object_changes';
const toVersion = (row: VersionRow) => ({ ...row, object: row.object === null ? null : (JSON.parse(row.object) as Record<string, unknown>), object_changes: JSON.parse(row.object_changes) as Record<string, [unknown, unknown]> });

/** The start of a Tokyo day as an instant. */
const tokyoDayStart = (dayString: string) => fromTokyoDateTimeLocal(`${dayString}T00:00`)!.toISOString();

const MESSAGES = {
  notDestroy: '削除の版だけを復元できます。',
  exists: 'このレコードはすでに存在するため復元できません。',
  dangling: (label: string, id: unknown) => `${label}（ID ${String(id)}）が削除されているため復元できません。`,
  duplicate: (label: string) => `${label}が同じレコードがすでにあるため復元できません。`,
  unknownMaster: 'このマスターは復元できません。',
  constraint: '今のデータの制約を満たさないため復元できません。',
};

/** A column's label as the master's shape says it (its wire key otherwise). */
const columnLabel = (master: VersionedMaster, column: string): string =>
  Object.entries(master.shape.fields).find(([key]) => wireKey(key) === column)?.[1].label ?? column;

/**
 * Why the destroyed row cannot go back, or undefined: a reference it holds that no longer exists
 * (checked before the insert, so the reason names the field), or a unique value another record
 * now holds.
 */
function reifyRefusal(db: DB, master: VersionedMaster, row: Record<string, unknown>): string | undefined {
  const references = db.prepare(`PRAGMA foreign_key_list("${master.table}")`).all() as { table: string; from: string; to: string | null }[];
  for (const ref of references) {
    const value = row[ref.from];
    if (value === null || value === undefined) continue;
    const found = db.prepare(`SELECT 1 FROM "${ref.table}" WHERE "${ref.to ?? 'id'}" = @value`).get({ value });
    if (!found) return MESSAGES.dangling(columnLabel(master, ref.from), value);
  }
  for (const [key, field] of Object.entries(master.shape.fields)) {
    const rule = field.write as WriteRule | undefined;
    const column = wireKey(key);
    if (!rule?.unique || row[column] === undefined || row[column] === null) continue;
    if (db.prepare(`SELECT 1 FROM "${master.table}" WHERE "${column}" = @value`).get({ value: row[column] })) return MESSAGES.duplicate(field.label);
  }
  return undefined;
}

/**
 * Who writes, for the versions the request's writes leave: every request of a service with
 * versions runs inside it. `staff` names the user where the service's own database cannot (the
 * ordering service keeps no users: core's are asked, once, only when a trigger fires).
 */
export const versionActor =
  (ctx: Pick<ServiceContext, 'now'>, staff?: (sub: string) => StaffName | undefined): MiddlewareHandler<AuthEnv> =>
  async (c, next) => {
    const principal = c.get('principal') as AuthEnv['Variables']['principal'] | undefined;
    if (!principal) return next();
    let named: StaffName | undefined | null = null;
    const who = staff && (() => (named === null ? (named = staff(principal.sub)) : named));
    await withWriteActor({ sub: principal.sub, now: ctx.now, who }, next);
  };

/** What one service's versions routes are made of. */
export interface VersionService {
  /** The list's declaration (`versionListOf`): its base is the service's mount. */
  list: ReturnType<typeof versionListOf>;
  masters: readonly VersionedMaster[];
  tags: string[];
  /** The name a restored row's `updated_by` takes, where its table has one. */
  actorName: (principal: Principal) => string;
}

/**
 * Record history (issue 39, beyond spec section 7: the `versions` capability), one service's: the
 * versions its storage's triggers wrote, read-only, and the reify of a deleted record. Staff only
 * (the admin path): a pharmacy user reads no version, of any record. Retention: `runVersionsSweep`
 * on a worker lane. Every service with versions registers these with its own masters.
 */
export function registerVersionRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext, service: VersionService): void {
  const { db } = ctx;
  const { list, masters, tags } = service;
  const versionedMaster = (itemType: string) => masters.find((m) => m.itemType === itemType);
  const listVersionsRoute = listRoute(list, VersionSchema, tags);
  const getRoute = detailRoute(PATH, VersionSchema, '変更履歴の版', tags);
  const reifyRoute = writeRoute('post', `${PATH}/{id}/reify`, {
    body: z.object({}),
    response: VersionSchema,
    summary: '削除したレコードの復元 (PaperTrail の reify)',
    description: '削除の版 (event=destroy) から、同じIDでレコードを戻す。参照先がもうない、同じ値がすでにある、復元できないマスターの場合は 422 (理由つき)。戻したことも版になる (event=create)。',
    responseDescription: '復元で記録された版',
    tags,
  });

  // Off the request thread (a worker lane); one that ends after the environment closed is moot.
  ctx.jobs.every(`versions_retention${list.base.replaceAll('/', '_')}`, RETENTION_SWEEP_MS, (now) =>
    runOffThread('versionsSweep', { dbFile: db.name, now: now.toISOString(), months: retentionMonths() }).catch((e: unknown) => {
      if (db.open) throw e;
    }),
  );
  const findVersion = (id: number) => db.prepare(`SELECT ${SELECT}, v.stored_row FROM versions v WHERE v.id = @id`).get({ id }) as (VersionRow & { stored_row: string | null }) | undefined;

  app.openapi(listVersionsRoute, (c) => {
    const q = c.req.valid('query');
    return answerList<VersionRow, ReturnType<typeof toVersion>>(c, db, q, list, {
      select: SELECT,
      from: 'FROM versions v',
      alias: 'v',
      idColumn: 'v.id',
      tables: ['versions'],
      filters: [
        q.item_type !== undefined && ['v.item_type = @item_type', { item_type: q.item_type }],
        q.item_id !== undefined && ['v.item_id = @item_id', { item_id: Number(q.item_id) }],
        q.whodunnit !== undefined && ['v.whodunnit = @whodunnit', { whodunnit: q.whodunnit }],
        q.event !== undefined && ['v.event = @event', { event: q.event }],
        q.latest === 'true' && ['NOT EXISTS (SELECT 1 FROM versions later WHERE later.item_type = v.item_type AND later.item_id = v.item_id AND later.id > v.id)'],
        q.created_at_from !== undefined && ['v.created_at >= @created_from', { created_from: tokyoDayStart(q.created_at_from) }],
        q.created_at_to !== undefined && ['v.created_at < @created_to', { created_to: addDays(new Date(tokyoDayStart(q.created_at_to)), 1).toISOString() }],
      ],
      toRecord: toVersion,
    });
  });

  app.openapi(getRoute, (c) => {
    const version = findVersion(Number(c.req.valid('param').id));
    if (!version) throw notFoundError();
    const { stored_row: _stored, ...row } = version;
    return c.json(toVersion(row), 200);
  });

  app.openapi(reifyRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    const at = ctx.now().toISOString();
    const by = service.actorName(c.get('principal'));
    const created = db.transaction(() => {
      const version = findVersion(id);
      if (!version) throw notFoundError();
      const master = versionedMaster(version.item_type);
      if (!master) throw new ApiError(422, [MESSAGES.unknownMaster]);
      if (version.event !== 'destroy' || version.stored_row === null) throw new ApiError(422, [MESSAGES.notDestroy]);
      if (master.noReify) throw new ApiError(422, [master.noReify]);
      if (db.prepare(`SELECT 1 FROM "${master.table}" WHERE id = @id`).get({ id: version.item_id })) throw new ApiError(409, [MESSAGES.exists]);
      const stored = JSON.parse(version.stored_row) as Record<string, unknown>;
      // The row as it is stored now: a column added since takes its default, one dropped is left out.
      const columns = storedColumns(db, master.table).filter((column) => Object.hasOwn(stored, column));
      const row: Record<string, unknown> = Object.fromEntries(columns.map((column) => [column, stored[column]]));
      if (columns.includes('updated_at')) row.updated_at = at;
      if (columns.includes('updated_by')) row.updated_by = by;
      const refusal = reifyRefusal(db, master, row);
      if (refusal) throw new ApiError(422, [refusal]);
      const names = Object.keys(row);
      try {
        db.prepare(`INSERT INTO "${master.table}" (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names.map((_, i) => `@c${i}`).join(', ')})`).run(
          Object.fromEntries(names.map((n, i) => [`c${i}`, row[n]])),
        );
      } catch (error) {
        // A rule the table gained since the delete (a column now required, a check): refused, never a 500.
        if (error instanceof Database.SqliteError && error.code.startsWith('SQLITE_CONSTRAINT')) throw new ApiError(422, [MESSAGES.constraint]);
        throw error;
      }
      return db.prepare(`SELECT ${SELECT} FROM versions v WHERE v.item_type = @type AND v.item_id = @id ORDER BY v.id DESC LIMIT 1`).get({ type: master.itemType, id: version.item_id }) as VersionRow;
    })();
    return c.json(toVersion(created), 200);
  });
}
