import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_MESSAGES, wireKey, writtenFields, type AnyMasterShape, type ShapeField } from '../../src/contract/masterShape';
import { tableVersionsSql } from '../../server/db/versions';
import { API_PROFILES } from '../../server/shared/apiProfile';
import { ensureMasterTable, findRecord, insertRecord, plainMaster, updateRecord } from '../../server/shared/masterStore';
import { getJson, startApp, tempDir, type TestApp } from './helpers';
import { createBody, harmlessChange, masterPath, PLAIN_MASTERS, WRITABLE_MASTERS } from './plainMasterProbes';
import { registerFunctions } from '../../server/db/open';

/*
 * Issue 37: every plain master of the contract's registry, from its shape alone. Its OpenAPI
 * operations and summaries, its addition's capability (served by the full profile, 404 in the
 * spec profile), ids never given twice, its cross-field rules with the form's sentence, and its
 * records kept across a restart. The partial-write, no-op, conflict and list-contract tests take
 * their rows from the same registry (partial-writes, conditional-writes, list-contract).
 */

type Rec = Record<string, unknown>;
type Operation = { summary?: string; 'x-beyond-spec'?: unknown };
let app: TestApp;
let spec: TestApp;
let doc: { paths: Record<string, Record<string, Operation>> };
let tick = Date.parse('2026-11-21T10:00:00.000Z');
const now = () => new Date((tick += 1000));

beforeAll(async () => {
  app = startApp({ now });
  spec = startApp({ now, apiProfile: API_PROFILES.spec });
  doc = (await (await app.call('/api/openapi.json')).json()) as typeof doc;
});
afterAll(() => {
  app.dispose();
  spec.dispose();
});

const send = async (target: TestApp, method: string, path: string, json?: unknown) => target.call(path, { method, token: await target.token(), json });
const create = async (path: string, body: Rec) => {
  const res = await send(app, 'POST', path, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Rec & { id: number };
};

describe.each(PLAIN_MASTERS.map((master) => [master.shape.label, master] as const))('plain master %s', (label, master) => {
  const path = masterPath(master);

  it('documents its list, detail and writes with their Japanese summaries, marked beyond the spec when it is an addition', () => {
    const expected: Record<string, Record<string, string>> = {
      [path]: { get: `${label}一覧`, ...(master.writable && { post: `${label}登録` }) },
      [`${path}/{id}`]: { get: `${label}詳細`, ...(master.writable && { put: `${label}更新`, delete: `${label}削除` }) },
    };
    for (const [documented, operations] of Object.entries(expected)) {
      const item = doc.paths[documented];
      expect(Object.keys(item ?? {}).sort(), documented).toEqual(Object.keys(operations).sort());
      for (const [method, summary] of Object.entries(operations)) {
        expect(item[method].summary).toBe(summary);
        expect(item[method]['x-beyond-spec'], `${method} ${documented}`).toBe(master.shape.requires);
      }
    }
  });

  it('is served by the spec profile exactly when it is no addition', async () => {
    expect((await getJson(app, path)).status).toBe(200);
    expect((await getJson(spec, path)).status).toBe(master.shape.requires ? 404 : 200);
    const capabilities = async (target: TestApp) =>
      ((await (await target.call('/config.json')).json()) as { environments: { capabilities?: string[] }[] }).environments[0].capabilities ?? [];
    if (master.shape.requires) {
      expect(await capabilities(app)).toContain(master.shape.requires);
      expect(await capabilities(spec)).not.toContain(master.shape.requires);
    }
  });
});

const total = async (path: string, query: string) => Number((await getJson(app, `${path}?${query}`)).headers.get('x-total-count'));

/** Every yes/no filter of every plain master. */
const YES_NO_FILTERS = PLAIN_MASTERS.flatMap((master) =>
  (Object.entries(master.shape.fields) as [string, ShapeField][]).filter(([, field]) => field.type === 'boolean' && field.filter).map(([key]) => [`${master.shape.label} ${key}`, master, wireKey(key)] as const));

it.each(YES_NO_FILTERS)('%s filters three ways: yes and no split the rows, nothing sent is all of them', async (_name, master, param) => {
  const path = masterPath(master);
  const [all, yes, no] = [await total(path, ''), await total(path, `${param}=true`), await total(path, `${param}=false`)];
  expect(yes).toBeGreaterThan(0);
  expect(no).toBeGreaterThan(0);
  expect(yes + no).toBe(all);
  expect((await getJson(app, `${path}?${param}=yes`)).status).toBe(422);
});

/** Every plain master that searches and has sample rows. */
const SEARCHED_SAMPLES = PLAIN_MASTERS.filter((master) => master.shape.search && master.shape.samples?.length).map((master) => [master.shape.label, master] as const);

it.each(SEARCHED_SAMPLES)('%s finds a sample row by the text of its first searched field', async (_label, master) => {
  const key = master.shape.search!.fields[0];
  const sample = master.shape.samples![0];
  const found = await getJson<Rec[]>(app, `${masterPath(master)}?query=${encodeURIComponent(String(sample[key]))}`);
  expect(found.body.map((row) => row[wireKey(key)])).toContain(sample[key]);
});

describe.each(WRITABLE_MASTERS.map((master) => [master.shape.label, master] as const))('plain master %s, written', (_label, master) => {
  const path = masterPath(master);

  it('never gives an id twice, even the last one after its record is deleted', async () => {
    const first = await create(path, createBody(master.shape));
    expect((await send(app, 'DELETE', `${path}/${first.id}`)).status).toBe(204);
    const second = await create(path, createBody(master.shape));
    expect(second.id).toBeGreaterThan(first.id);
    expect((await getJson(app, `${path}/${first.id}`)).status).toBe(404);
  });

  it('answers hostile bodies with a Japanese 4xx and changes nothing', async () => {
    const record = await create(path, createBody(master.shape));
    const before = (await getJson<Rec>(app, `${path}/${record.id}`)).body;
    const listed = Number((await getJson(app, path)).headers.get('x-total-count'));
    const wrong = (spec: ShapeField) => (spec.type === 'boolean' ? 'はい' : spec.type === 'integer' || spec.type === 'number' ? '一' : spec.type === 'day' ? '2026-02-30' : 12345);
    const bodies: unknown[] = [
      null, [], 'テキスト', 42,
      ...writtenFields(master.shape).flatMap((key) => [
        { ...createBody(master.shape), [wireKey(key)]: wrong(master.shape.fields[key]) },
        { ...createBody(master.shape), [wireKey(key)]: ['配列'] },
        { ...createBody(master.shape), [wireKey(key)]: { nested: true } },
        { ...createBody(master.shape), [wireKey(key)]: 'あ'.repeat(100_000) },
      ]),
    ];
    for (const body of bodies) {
      for (const [method, target] of [['POST', path], ['PUT', `${path}/${record.id}`]] as const) {
        const res = await app.call(target, { method, token: await app.token(), body: JSON.stringify(body) });
        const answer = (await res.json()) as { errors?: string[] };
        expect(res.status, `${method} ${JSON.stringify(body).slice(0, 80)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(answer.errors?.length, JSON.stringify(answer)).toBeGreaterThan(0);
        for (const message of answer.errors!) expect(message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
      }
    }
    for (const raw of ['{', '{"title": }', '\u0000', '']) {
      const res = await app.call(path, { method: 'POST', token: await app.token(), body: raw });
      expect(res.status, raw).toBeGreaterThanOrEqual(400);
      expect(res.status, raw).toBeLessThan(500);
    }
    expect((await getJson<Rec>(app, `${path}/${record.id}`)).body).toEqual(before);
    expect(Number((await getJson(app, path)).headers.get('x-total-count'))).toBe(listed);
    for (const target of [`${path}/abc`, `${path}/99999999999999999999`, `${path}/-1`]) {
      const res = await send(app, 'DELETE', target);
      expect(res.status, target).toBeGreaterThanOrEqual(400);
      expect(res.status, target).toBeLessThan(500);
    }
    // The id and the stamps are the API's own: a body naming them writes the rest and leaves them.
    const own = await send(app, 'PUT', `${path}/${record.id}`, { ...harmlessChange(master.shape), id: record.id + 1000, created_at: '2000-01-01T00:00:00.000Z', created_by: '誰か' });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ id: record.id, ...(master.stamped && { created_at: before.created_at, created_by: before.created_by }) });
  });

  it('keeps what it wrote across a restart', async () => {
    const dir = tempDir();
    let first = startApp({ now }, dir);
    try {
      const token = await first.token();
      const res = await first.call(path, { method: 'POST', token, json: createBody(master.shape) });
      expect(res.status).toBe(201);
      const written = (await res.json()) as Rec & { id: number };
      const changed = await first.call(`${path}/${written.id}`, { method: 'PUT', token, json: harmlessChange(master.shape) });
      const kept = await changed.json();
      first.close();
      first = startApp({ now }, dir);
      expect((await getJson(first, `${path}/${written.id}`)).body).toEqual(kept);
    } finally {
      first.dispose();
    }
  });
});

/** Every rule across fields of every plain master. */
const RULES = WRITABLE_MASTERS.flatMap((master) => (master.shape.rules ?? []).map((rule) => [`${master.shape.label} ${rule.field} ≥ ${rule.notBefore}`, master, rule] as const));

it.each(RULES)('%s: refused on create and on an update that sends one side only, with the form\'s sentence', async (_name, master, { field, notBefore }) => {
  const path = masterPath(master);
  const message = WRITE_MESSAGES.notBefore(master.shape.fields[field].label, master.shape.fields[notBefore].label);
  const body = { ...createBody(master.shape), [wireKey(notBefore)]: '2026-12-10', [wireKey(field)]: '2026-12-09' };
  const refused = await send(app, 'POST', path, body);
  expect(refused.status).toBe(422);
  expect(await refused.json()).toEqual({ errors: [message], field_errors: { [wireKey(field)]: [message] } });
  // The same day is not before it.
  const record = await create(path, { ...body, [wireKey(field)]: '2026-12-10' });
  const before = (await getJson<Rec>(app, `${path}/${record.id}`)).body;
  const later = await send(app, 'PUT', `${path}/${record.id}`, { [wireKey(notBefore)]: '2026-12-11' });
  expect(later.status).toBe(422);
  expect(((await later.json()) as { errors: string[] }).errors).toEqual([message]);
  expect((await getJson<Rec>(app, `${path}/${record.id}`)).body).toEqual(before);
  // Either side left empty passes, where the shape lets it be.
  if (master.shape.fields[field].nullable) expect((await send(app, 'PUT', `${path}/${record.id}`, { [wireKey(field)]: null })).status).toBe(200);
});

describe('a plain master table follows its shape', () => {
  const SHAPE = {
    label: 'お試し',
    api: '/api/v2/core/admin/probe_notes',
    fields: {
      id: { type: 'id', label: 'ID', sortable: true },
      title: { type: 'text', label: 'タイトル', sortable: true, write: { required: true, maxLength: 50 } },
      updatedAt: { type: 'instant', label: '更新日時', sortable: true },
      updatedBy: { type: 'text', label: '更新者', nullable: true },
    },
    defaultSort: 'title',
    search: { fields: ['title'], label: 'タイトルで検索' },
  } as const satisfies AnyMasterShape;
  const open = () => {
    const db = new Database(':memory:');
    registerFunctions(db);
    db.exec(tableVersionsSql);
    return db;
  };
  const stamp = { at: '2026-11-21T00:00:00.000Z', by: 'テスト' };
  const columns = (db: Database.Database) => (db.prepare('PRAGMA table_info(probe_notes)').all() as { name: string }[]).map((column) => column.name);

  it('gains the columns of the fields its shape gained, keeping its rows; a second run changes nothing', () => {
    const db = open();
    ensureMasterTable(db, plainMaster(SHAPE));
    db.prepare("INSERT INTO probe_notes (title, updated_at) VALUES ('残る行', '2026-11-21T00:00:00.000Z')").run();
    const grown = plainMaster({ ...SHAPE, fields: { ...SHAPE.fields, note: { type: 'longText', label: '備考', nullable: true, write: { maxLength: 500 } }, pinned: { type: 'boolean', label: '固定', write: {} } } });
    ensureMasterTable(db, grown);
    expect(columns(db)).toEqual(['id', 'title', 'updated_at', 'updated_by', 'note', 'pinned']);
    expect(findRecord(db, grown, 1)).toMatchObject({ title: '残る行', note: null, pinned: false });
    const schema = () => db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all();
    const before = schema();
    ensureMasterTable(db, grown);
    expect(schema()).toEqual(before);
  });

  it('stores a yes/no and a choices field as its column holds them, and answers them as the wire has them; the same values again write nothing', () => {
    const db = open();
    const master = plainMaster({
      ...SHAPE,
      fields: {
        ...SHAPE.fields,
        pinned: { type: 'boolean', label: '固定', write: {} },
        kinds: { type: 'choices', label: '種別', nullable: true, choices: [{ value: 'a', label: 'エー' }, { value: 'b', label: 'ビー' }], write: {} },
      },
    });
    ensureMasterTable(db, master);
    const id = insertRecord(db, master, { title: '選択', pinned: true, kinds: ['b', 'a'] }, stamp);
    expect(findRecord(db, master, id)).toMatchObject({ title: '選択', pinned: true, kinds: ['b', 'a'] });
    expect(updateRecord(db, master, id, { pinned: true, kinds: ['b', 'a'] }, stamp, () => undefined)).toEqual([]);
    expect(updateRecord(db, master, id, { pinned: false, kinds: ['a'] }, stamp, () => undefined)).toEqual(['pinned', 'kinds']);
    expect(findRecord(db, master, id)).toMatchObject({ pinned: false, kinds: ['a'] });
  });

  it('a table made before its ids were AUTOINCREMENT is rebuilt, counting on past every id it gave', () => {
    const db = open();
    db.exec(`CREATE TABLE probe_notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, updated_at TEXT NOT NULL, updated_by TEXT);
      CREATE TABLE row_versions (table_name TEXT NOT NULL, row_id INTEGER NOT NULL, version INTEGER NOT NULL, PRIMARY KEY (table_name, row_id)) WITHOUT ROWID;
      INSERT INTO probe_notes (id, title, updated_at) VALUES (1, '一', 'x'), (2, '二', 'x');
      INSERT INTO row_versions VALUES ('probe_notes', 3, 2);`);
    const master = plainMaster(SHAPE);
    ensureMasterTable(db, master);
    expect(findRecord(db, master, 2)).toMatchObject({ title: '二' });
    db.prepare('DELETE FROM probe_notes WHERE id = 2').run();
    const insert = () => Number(db.prepare("INSERT INTO probe_notes (title, updated_at) VALUES ('新', @at)").run({ at: stamp.at }).lastInsertRowid);
    // Row 3 was deleted before the rebuild (its version row says so); 2 just now.
    expect(insert()).toBe(4);
  });

  it('is rebuilt when another table refers to it, with foreign keys off: the referring rows stay, and its ON DELETE runs on a later delete', () => {
    const db = open();
    db.pragma('foreign_keys = ON');
    db.exec(`CREATE TABLE probe_notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, updated_at TEXT NOT NULL, updated_by TEXT);
      CREATE TABLE probe_links (id INTEGER PRIMARY KEY, note_id INTEGER REFERENCES probe_notes(id) ON DELETE CASCADE);
      INSERT INTO probe_notes (id, title, updated_at) VALUES (1, '一', 'x'), (2, '二', 'x');
      INSERT INTO probe_links (note_id) VALUES (1), (2);`);
    ensureMasterTable(db, plainMaster(SHAPE));
    expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'probe_notes'").get()).toEqual({ sql: expect.stringContaining('AUTOINCREMENT') });
    expect(db.prepare('SELECT note_id FROM probe_links ORDER BY id').all()).toEqual([{ note_id: 1 }, { note_id: 2 }]);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    // The reference still binds the rebuilt table.
    db.prepare('DELETE FROM probe_notes WHERE id = 2').run();
    expect(db.prepare('SELECT note_id FROM probe_links').all()).toEqual([{ note_id: 1 }]);
  });
});
