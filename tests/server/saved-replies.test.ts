import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startApp, type TestApp } from './helpers';

interface SavedReply {
  id: number;
  title: string;
  shortcut: string;
  body: string;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
}
interface Failure {
  errors: string[];
  field_errors?: Record<string, string[]>;
}

const BASE = '/core/api/v2/admin/saved_replies';
let app: TestApp;
let tick = Date.parse('2026-11-21T10:00:00.000Z');

beforeAll(() => {
  app = startApp({ now: () => new Date((tick += 1000)) });
});
afterAll(() => app.dispose());

const send = async (method: string, path: string, json?: unknown, body?: string) => app.call(path, { method, token: await app.token(), json, body });
const create = async (json: unknown) => {
  const res = await send('POST', BASE, json);
  return { status: res.status, body: (await res.json()) as SavedReply & Failure };
};

describe('saved replies (定型文): one shape, both sides', () => {
  it('lists the seeded replies by shortcut, and searches title, shortcut and body in any script', async () => {
    const { status, body, headers } = await getJson<SavedReply[]>(app, BASE);
    expect(status).toBe(200);
    expect(headers.get('x-total-count')).toBe('5');
    const shortcuts = body.map((r) => r.shortcut);
    expect(shortcuts).toEqual([...shortcuts].sort());
    expect(body.find((r) => r.shortcut === 'thanks')?.body).toContain('{薬局名}');
    // Half-width katakana and hiragana find the full-width katakana of the title.
    for (const query of ['ﾊﾟｽﾜｰﾄﾞ', 'ぱすわーど', 'pass', 'NSIPS']) {
      const found = (await getJson<SavedReply[]>(app, `${BASE}?query=${encodeURIComponent(query)}`)).body.map((r) => r.shortcut);
      expect(found, query).toEqual([query === 'NSIPS' ? 'nsips' : 'password']);
    }
  });

  it('creates, updates only what is sent, and deletes; the stamps name who did it', async () => {
    const created = await create({ title: '  営業時間のご案内  ', shortcut: 'hours', body: '平日9時〜18時です。{担当者名}' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: '営業時間のご案内', shortcut: 'hours', body: '平日9時〜18時です。{担当者名}' });
    expect(created.body.created_by).not.toBeNull();

    const renamed = await send('PUT', `${BASE}/${created.body.id}`, { title: '営業時間' });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ title: '営業時間', shortcut: 'hours', body: '平日9時〜18時です。{担当者名}' });

    const removed = await send('DELETE', `${BASE}/${created.body.id}`);
    expect(removed.status).toBe(204);
    expect((await getJson(app, `${BASE}/${created.body.id}`)).status).toBe(404);
  });

  it('refuses what breaks the shape with the form’s own Japanese messages, and saves nothing', async () => {
    const before = (await getJson<SavedReply[]>(app, BASE)).headers.get('x-total-count');
    const cases: [unknown, Record<string, string[]>][] = [
      [{ title: ' ', shortcut: 'a', body: 'x' }, { title: ['タイトルを入力してください。'] }],
      [{ title: 'a', shortcut: 'アイウ', body: 'x' }, { shortcut: ['ショートカットは半角英小文字・数字・-・_ で入力してください。'] }],
      [{ title: 'a', shortcut: 'thanks', body: 'x' }, { shortcut: ['そのショートカットはすでに使われています。'] }],
      [{ title: 'a'.repeat(101), shortcut: 'b', body: 'x' }, { title: ['タイトルは100文字以内で入力してください。'] }],
      [{ title: 'a', shortcut: 'c', body: '𠮷'.repeat(5001) }, { body: ['本文は5000文字以内で入力してください。'] }],
      [{ title: 'a', shortcut: 'd' }, { body: ['本文を入力してください。'] }],
      [{ title: 1, shortcut: 'e', body: 'x' }, { title: ['タイトルの形式が正しくありません。'] }],
    ];
    for (const [json, fieldErrors] of cases) {
      const res = await create(json);
      expect(res.status, JSON.stringify(json).slice(0, 60)).toBe(422);
      expect(res.body.field_errors).toEqual(fieldErrors);
    }
    for (const body of ['null', '[]', '{"title":', '"x"']) {
      const res = await send('POST', BASE, undefined, body);
      expect(res.status, body).toBe(422);
      expect(((await res.json()) as Failure).errors.length).toBeGreaterThan(0);
    }
    expect((await getJson<SavedReply[]>(app, BASE)).headers.get('x-total-count')).toBe(before);
  });

  it('an update may not blank a field or take another reply’s shortcut; a record changed since it was read is not overwritten', async () => {
    const [first] = (await getJson<SavedReply[]>(app, BASE)).body;
    const blank = await send('PUT', `${BASE}/${first.id}`, { body: '   ' });
    expect(blank.status).toBe(422);
    expect(((await blank.json()) as Failure).field_errors).toEqual({ body: ['本文を入力してください。'] });
    const clash = await send('PUT', `${BASE}/${first.id}`, { shortcut: 'thanks' === first.shortcut ? 'close' : 'thanks' });
    expect(clash.status).toBe(422);
    const stale = await app.call(`${BASE}/${first.id}`, {
      method: 'PUT',
      token: await app.token(),
      json: { title: '古い画面から' },
      headers: { 'if-unmodified-since': new Date(Date.parse(first.updated_at) - 60_000).toUTCString() },
    });
    expect(stale.status).toBe(412);
    expect((await getJson<SavedReply>(app, `${BASE}/${first.id}`)).body).toEqual(first);
  });
});
