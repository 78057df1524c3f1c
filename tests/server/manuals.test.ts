import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_MANUALS } from '../../server/services/core/manuals/seedData';
import { getJson, PHARMACY, startApp, type TestApp } from './helpers';

interface Category {
  id: number;
  name: string;
  parent_id: number | null;
  depth: number;
  has_child: boolean;
  manuals_count: number;
  children?: Category[];
  ancestors?: Category[];
}

interface Manual {
  id: number;
  title: string;
  title_short: string;
  content: string;
  manual_category_id: number | null;
  impressions_count: number;
  created_at: string;
  updated_at: string;
  manual_category?: (Category & { ancestors: Category[] }) | null;
}

const CATEGORIES = '/core/api/v2/admin/manual_categories';
const MANUALS = '/core/api/v2/admin/manuals';
const PRESIGN = '/core/api/v2/admin/manual_files/presigned_url';
let app: TestApp;
let clock = Date.parse('2026-11-21T10:00:00.000Z');

beforeAll(() => {
  app = startApp({ now: () => new Date(clock) });
});
afterAll(() => app.dispose());

const send = async (method: string, path: string, json?: unknown, body?: string) =>
  app.call(path, { method, token: await app.token(), json, body });
const errorsOf = async (res: Response) => ((await res.json()) as { errors: string[] }).errors;
const search = async (query: string) => getJson<Manual[]>(app, `${MANUALS}?query=${encodeURIComponent(query)}`);
const categoryByPath = async (...names: string[]): Promise<Category> => {
  let level = (await getJson<Category[]>(app, CATEGORIES)).body;
  let found: Category | undefined;
  for (const name of names) {
    found = level.find((c) => c.name === name);
    if (!found) throw new Error(`no category ${name}`);
    level = (await getJson<Category>(app, `${CATEGORIES}/${found.id}`)).body.children ?? [];
  }
  return found!;
};

describe('manual categories', () => {
  it('lists the roots, then a node with its children and ancestors, depth and has_child', async () => {
    const roots = (await getJson<Category[]>(app, CATEGORIES)).body;
    expect(roots.map((c) => c.name)).toEqual(['基本操作', '薬局管理', '発注・在庫', '問い合わせ対応', '連携・システム', '医薬品マスタ']);
    expect(roots.every((c) => c.depth === 0 && c.parent_id === null)).toBe(true);
    expect(roots.find((c) => c.name === '医薬品マスタ')).toMatchObject({ has_child: false, manuals_count: 3 });
    const stock = await categoryByPath('発注・在庫', '在庫');
    const detail = (await getJson<Category>(app, `${CATEGORIES}/${stock.id}`)).body;
    expect(detail).toMatchObject({ name: '在庫', depth: 1, has_child: true });
    expect(detail.children!.map((c) => [c.name, c.depth, c.has_child])).toEqual([['棚卸し', 2, false], ['在庫数の修正', 2, false]]);
    expect(detail.ancestors!.map((c) => c.name)).toEqual(['発注・在庫']);
    const leaf = (await getJson<Category>(app, `${CATEGORIES}/${detail.children![0].id}`)).body;
    expect(leaf.ancestors!.map((c) => c.name)).toEqual(['発注・在庫', '在庫']);
    expect(leaf.children).toEqual([]);
  });

  it('answers 404 for an unknown category and 422 for a malformed id', async () => {
    expect((await getJson(app, `${CATEGORIES}/999999`)).status).toBe(404);
    expect((await getJson(app, `${CATEGORIES}/abc`)).status).toBe(422);
  });
});

describe('manual list', () => {
  it('pages the seeded manuals with the headers, newest first, with a short title', async () => {
    const { status, headers, body } = await getJson<Manual[]>(app, MANUALS);
    expect(status).toBe(200);
    expect(headers.get('x-total-count')).toBe(String(SEED_MANUALS.length));
    expect(headers.get('x-total-pages')).toBe(String(Math.ceil(SEED_MANUALS.length / 25)));
    expect(headers.get('x-current-page')).toBe('1');
    expect(body).toHaveLength(25);
    const times = body.map((m) => m.updated_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.every((m) => [...m.title_short].length <= 30 && m.title.startsWith(m.title_short.replace(/…$/, '')))).toBe(true);
    const second = await getJson<Manual[]>(app, `${MANUALS}?page=2`);
    expect(second.body).toHaveLength(SEED_MANUALS.length - 25);
  });

  it('filters by a category (manual_category_id) or a category with everything below it (manual_category)', async () => {
    const stock = await categoryByPath('発注・在庫', '在庫');
    const direct = (await getJson<Manual[]>(app, `${MANUALS}?manual_category_id=${stock.id}`)).body;
    expect(direct.map((m) => m.title).sort()).toEqual(['在庫数がマイナスになった場合', '小分け販売・購入の記録方法'].sort());
    const below = (await getJson<Manual[]>(app, `${MANUALS}?manual_category=${stock.id}`)).body;
    expect(below).toHaveLength(6);
    expect((await getJson<Manual[]>(app, `${MANUALS}?manual_category_id=999999`)).body).toEqual([]);
    expect((await getJson<Manual[]>(app, `${MANUALS}?manual_category=999999`)).body).toEqual([]);
    expect((await getJson(app, `${MANUALS}?manual_category_id=-1`)).status).toBe(422);
  });
});

describe('manual search', () => {
  it('finds 1, 2 and 3+ character terms in title and content', async () => {
    expect((await search('棚')).body.map((m) => m.title)).toEqual(expect.arrayContaining(['棚卸しの実施手順', '棚卸し結果が反映されないとき']));
    const twoChars = (await search('廃棄')).body.map((m) => m.title);
    expect(twoChars).toContain('廃棄の登録方法');
    // Two characters found only in a body.
    expect((await search('麻薬')).body.map((m) => m.title)).toEqual(['廃棄の登録方法']);
    // In the content only: the NSIPS folder name.
    expect((await search('medorder\\nsips')).body.map((m) => m.title)).toEqual(['NSIPS連携の初期設定']);
    expect((await search('監視フォルダ')).body.map((m) => m.title).sort()).toEqual(['NSIPS連携の初期設定']);
  });

  it('folds katakana, hiragana, half-width and full-width on both sides', async () => {
    const katakana = (await search('テンプレート')).body.map((m) => m.id);
    expect(katakana.length).toBeGreaterThan(0);
    expect((await search('てんぷれーと')).body.map((m) => m.id)).toEqual(katakana);
    expect((await search('ﾃﾝﾌﾟﾚｰﾄ')).body.map((m) => m.id)).toEqual(katakana);
    const ascii = (await search('NSIPS')).body.map((m) => m.id);
    expect(ascii.length).toBeGreaterThan(1);
    expect((await search('ＮＳＩＰＳ')).body.map((m) => m.id)).toEqual(ascii);
    expect((await search('nsips')).body.map((m) => m.id)).toEqual(ascii);
    expect((await search('薬価')).headers.get('x-total-count')).toBe(String((await search('薬価')).body.length));
  });

  it('ranks title matches first and counts every match in the headers', async () => {
    const { body, headers } = await search('棚卸し');
    const inTitle = body.map((m) => m.title.includes('棚卸し'));
    expect(inTitle.indexOf(false)).toBeGreaterThan(0);
    expect(inTitle.slice(inTitle.indexOf(false)).every((hit) => !hit)).toBe(true);
    expect(body.every((m) => `${m.title}${m.content}`.includes('棚卸し'))).toBe(true);
    expect(headers.get('x-total-count')).toBe(String(body.length));
    // The relevance sort the jump palette asks is this ranking; a sort by a field is not.
    const relevance = await getJson<Manual[]>(app, `${MANUALS}?query=${encodeURIComponent('棚卸し')}&sort=relevance`);
    expect(relevance.body).toEqual(body);
    const byId = await getJson<Manual[]>(app, `${MANUALS}?query=${encodeURIComponent('棚卸し')}&sort=id`);
    expect(byId.body.map((m) => m.id)).not.toEqual(body.map((m) => m.id));
  });

  it('treats query syntax as text and finds nothing for an absent word', async () => {
    for (const hostile of ['"', '" OR 1=1 --', 'NEAR(a b)', '*', "'; DROP TABLE manuals; --", '%_%', 'a'.repeat(200)]) {
      const { status, body } = await search(hostile);
      expect(status, hostile).toBe(200);
      expect(Array.isArray(body)).toBe(true);
    }
    expect((await search('存在しない言葉です')).headers.get('x-total-count')).toBe('0');
    expect((await getJson(app, `${MANUALS}?query=${'あ'.repeat(201)}`)).status).toBe(422);
  });
});

describe('manual detail and views', () => {
  it('answers the manual with its category path and counts one view per person per 30 minutes', async () => {
    const target = (await search('棚卸しの実施手順')).body[0];
    const first = (await getJson<Manual>(app, `${MANUALS}/${target.id}`)).body;
    expect(first.impressions_count).toBe(target.impressions_count + 1);
    expect(first.manual_category!.name).toBe('棚卸し');
    expect(first.manual_category!.ancestors.map((c) => c.name)).toEqual(['発注・在庫', '在庫']);
    // A reload, a second tab, the edit form: the same reading.
    expect((await getJson<Manual>(app, `${MANUALS}/${target.id}`)).body.impressions_count).toBe(first.impressions_count);
    // A prefetch is nobody reading.
    const other = await app.token({ username: 'sato.misaki@example.com', password: 'Staff1234' });
    const prefetched = await app.call(`${MANUALS}/${target.id}`, { token: other, headers: { 'sec-purpose': 'prefetch' } });
    expect(((await prefetched.json()) as Manual).impressions_count).toBe(first.impressions_count);
    // Another person reading is another view.
    const byOther = await app.call(`${MANUALS}/${target.id}`, { token: other });
    expect(((await byOther.json()) as Manual).impressions_count).toBe(first.impressions_count + 1);
    clock += 31 * 60 * 1000;
    expect((await getJson<Manual>(app, `${MANUALS}/${target.id}`)).body.impressions_count).toBe(first.impressions_count + 2);
    // Counting views is not an edit.
    expect((await getJson<Manual>(app, `${MANUALS}/${target.id}`)).body.updated_at).toBe(target.updated_at);
  });

  it('answers 404 for an unknown manual', async () => {
    expect((await getJson(app, `${MANUALS}/999999`)).status).toBe(404);
  });
});

describe('manual writes', () => {
  it('stores markdown without raw HTML or foreign images, on create and on update (issue 22 item 10)', async () => {
    const hostile = [
      '## 手順',
      '',
      '<script>alert(1)</script>',
      '',
      '画像 <img src=x onerror=alert(1)> の説明',
      '',
      '<div onclick="steal()">クリック</div>',
      '',
      '![追跡](https://evil.example/track.png)',
      '',
      '![受付画面](/storage/manual-images/2026/11/22/a.png)',
      '',
      '```',
      '<script>コードとして表示</script>',
      '```',
      '',
    ].join('\n');
    const created = await send('POST', MANUALS, { title: '危険な本文', content: hostile });
    expect(created.status).toBe(201);
    const manual = (await created.json()) as Manual;
    const stored = (await getJson<Manual>(app, `${MANUALS}/${manual.id}`)).body.content;
    const outsideCode = stored.replace(/```[^]*?```/g, '');
    for (const bad of ['<script', '<img', 'onerror', '<div', 'onclick', 'evil.example']) expect(outsideCode, bad).not.toContain(bad);
    expect(stored).toContain('## 手順');
    expect(stored).toContain('画像');
    expect(stored).toContain('![受付画面](/storage/manual-images/2026/11/22/a.png)');
    expect(stored).toContain('```\n<script>コードとして表示</script>\n```');

    const patched = await send('PATCH', `${MANUALS}/${manual.id}`, { content: '本文\n\n<iframe src="https://evil.example"></iframe>\n![x](http://evil.example/a.gif)\n' });
    expect(patched.status).toBe(200);
    const after = ((await patched.json()) as Manual).content;
    expect(after).not.toContain('iframe');
    expect(after).not.toContain('evil.example');
    expect(after).toContain('本文');

    // Nothing but HTML: nothing left to store.
    const empty = await send('POST', MANUALS, { title: '空', content: '<script>alert(1)</script>' });
    expect(empty.status).toBe(422);
    expect(await errorsOf(empty)).toEqual(['本文を入力してください。']);
    expect((await send('DELETE', `${MANUALS}/${manual.id}`)).status).toBe(200);
  });

  it('creates, patches and deletes a manual, storing the markdown exactly as sent', async () => {
    const category = await categoryByPath('医薬品マスタ');
    const content = '## 見出し\n\n- 項目1\n- 項目2\n\n`<b>` はコードなので残る\n\n  前に空白\n';
    // Searched before it exists: the kept answer must not outlive the write.
    expect((await search('新しいマニュアル')).body).toEqual([]);
    const created = await send('POST', MANUALS, { title: '  新しいマニュアル  ', content, manual_category_id: category.id });
    expect(created.status).toBe(201);
    const manual = (await created.json()) as Manual;
    expect(manual).toMatchObject({ title: '新しいマニュアル', content, manual_category_id: category.id, impressions_count: 0 });
    expect((await getJson<Manual[]>(app, `${MANUALS}?manual_category_id=${category.id}`)).body.map((m) => m.id)).toContain(manual.id);
    expect((await search('新しいマニュアル')).body.map((m) => m.id)).toEqual([manual.id]);

    clock += 1000;
    const patched = await send('PATCH', `${MANUALS}/${manual.id}`, { title: '改訂したマニュアル' });
    expect(patched.status).toBe(200);
    const after = (await patched.json()) as Manual;
    expect(after).toMatchObject({ title: '改訂したマニュアル', content, manual_category_id: category.id });
    expect(after.updated_at > manual.updated_at).toBe(true);
    expect((await search('新しいマニュアル')).body).toEqual([]);
    expect((await search('改訂した')).body.map((m) => m.id)).toEqual([manual.id]);
    const moved = await send('PATCH', `${MANUALS}/${manual.id}`, { manual_category_id: null });
    expect(((await moved.json()) as Manual).manual_category).toBeNull();

    expect((await send('DELETE', `${MANUALS}/${manual.id}`)).status).toBe(200);
    expect((await getJson(app, `${MANUALS}/${manual.id}`)).status).toBe(404);
    expect((await send('DELETE', `${MANUALS}/${manual.id}`)).status).toBe(404);
    expect((await search('改訂した')).body).toEqual([]);
  });

  it('refuses missing, empty, oversized and malformed input in Japanese, saving nothing', async () => {
    const before = (await getJson(app, MANUALS)).headers.get('x-total-count');
    const cases: [unknown, string[]][] = [
      [{}, ['タイトルを入力してください。', '本文を入力してください。']],
      [{ title: '   ', content: 'x' }, ['タイトルを入力してください。']],
      [{ title: '題', content: ' \n\t ' }, ['本文を入力してください。']],
      [{ title: 'あ'.repeat(201), content: 'x' }, ['タイトルは200文字以内で入力してください。']],
      [{ title: '題', content: 'x'.repeat(50_001) }, ['本文は50000文字以内で入力してください。']],
      [{ title: '題', content: 'x', manual_category_id: 999999 }, ['存在しないカテゴリが指定されました。']],
      [{ title: '題', content: 'x', manual_category_id: 'abc' }, ['カテゴリの形式が正しくありません。']],
      [{ title: 12, content: ['x'] }, ['タイトルの形式が正しくありません。', '本文の形式が正しくありません。']],
      [[], ['リクエストの形式が正しくありません。']],
      [null, ['リクエストの形式が正しくありません。']],
    ];
    for (const [body, errors] of cases) {
      const res = await send('POST', MANUALS, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(await errorsOf(res)).toEqual(errors);
    }
    const malformed = await send('POST', MANUALS, undefined, '{"title":');
    expect(malformed.status).toBe(422);
    const target = (await getJson<Manual[]>(app, MANUALS)).body[0];
    const bad = await send('PATCH', `${MANUALS}/${target.id}`, { title: '', content: '' });
    expect(bad.status).toBe(422);
    expect((await getJson<Manual>(app, `${MANUALS}/${target.id}`)).body.title).toBe(target.title);
    expect((await send('PATCH', `${MANUALS}/999999`, { title: '題' })).status).toBe(404);
    expect((await getJson(app, MANUALS)).headers.get('x-total-count')).toBe(before);
  });

  it('answers 401 without a token and 403 to a pharmacy user, on every manual call', async () => {
    const pharmacyToken = await app.token(PHARMACY);
    const calls: [string, string, unknown?][] = [
      ['GET', CATEGORIES],
      ['GET', `${CATEGORIES}/1`],
      ['POST', CATEGORIES, { name: '題' }],
      ['PATCH', `${CATEGORIES}/1`, { name: '題' }],
      ['DELETE', `${CATEGORIES}/1`],
      ['GET', MANUALS],
      ['GET', `${MANUALS}/1`],
      ['POST', MANUALS, { title: '題', content: 'x' }],
      ['PATCH', `${MANUALS}/1`, { title: '題' }],
      ['DELETE', `${MANUALS}/1`],
      ['GET', PRESIGN],
    ];
    for (const [method, path, json] of calls) {
      expect((await app.call(path, { method, json })).status, `${method} ${path}`).toBe(401);
      expect((await app.call(path, { method, json, token: pharmacyToken })).status, `${method} ${path}`).toBe(403);
    }
    expect((await getJson<Manual>(app, `${MANUALS}/1`)).status).toBe(200);
  });
});

describe('editor images', () => {
  const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

  it('presigns a PUT of an image (the link asked with no type) and serves it at the public URL, with the type its PUT sent, without a token', async () => {
    const GIF = Buffer.from('474946383961010001000000002c00000000010001000002003b', 'hex');
    for (const [type, bytes] of [['image/png', PNG], ['image/gif', GIF]] as const) {
      const { status, body } = await getJson<{ presigned_url: string; public_url: string }>(app, PRESIGN);
      expect(status).toBe(200);
      expect(body.public_url).toMatch(/^\/storage\/manual-images\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}$/);
      const put = await app.app.request(body.presigned_url, { method: 'PUT', headers: { 'content-type': type }, body: new Uint8Array(bytes) });
      expect(put.status, type).toBe(200);
      const read = await app.app.request(body.public_url);
      expect(read.status).toBe(200);
      expect(read.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await read.arrayBuffer())).toEqual(bytes);
    }
  });

  it('refuses at the PUT what is not an image: by its Content-Type, by bytes sent, and by size', async () => {
    for (const type of ['image/svg+xml', 'text/html', 'application/pdf', '']) {
      const { body } = await getJson<{ presigned_url: string; public_url: string }>(app, PRESIGN);
      const res = await app.app.request(body.presigned_url, { method: 'PUT', headers: type === '' ? {} : { 'content-type': type }, body: '%PDF-1.4 <svg/>' });
      expect(res.status, type).toBe(415);
      expect(((await res.json()) as { errors: string[] }).errors).toEqual(['この種類のファイルはアップロードできません。アップロードできるのはPNG・JPEG・GIF・WebPです。']);
      expect((await app.app.request(body.public_url)).status).toBe(404);
    }
    const { body } = await getJson<{ presigned_url: string; public_url: string }>(app, PRESIGN);
    const html = await app.app.request(body.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: '<script>alert(1)</script>' });
    expect(html.status).toBe(415);
    expect(((await html.json()) as { errors: string[] }).errors).toEqual(['ファイルの中身がPNGではありません。']);
    const pngAsJpeg = await app.app.request(body.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(PNG) });
    expect(((await pngAsJpeg.json()) as { errors: string[] }).errors).toEqual(['ファイルの中身がJPEGではありません。']);
    expect((await app.app.request(body.public_url)).status).toBe(404);
    const huge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await app.app.request(body.presigned_url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(huge) });
    expect(tooBig.status).toBe(413);
  });
});

describe('organising categories', () => {
  const post = (json: unknown) => send('POST', CATEGORIES, json);

  it('creates a category at the root or under another, renames and moves it, and deletes it when empty', async () => {
    const root = await post({ name: '  研修  ' });
    expect(root.status).toBe(201);
    const training = (await root.json()) as Category;
    expect(training).toMatchObject({ name: '研修', depth: 0, parent_id: null, has_child: false, children: [], ancestors: [] });
    expect((await getJson<Category[]>(app, CATEGORIES)).body.at(-1)!.name).toBe('研修');

    const child = (await (await post({ name: '新人研修', parent_id: training.id })).json()) as Category;
    expect(child).toMatchObject({ depth: 1, parent_id: training.id });
    expect((await getJson<Category>(app, `${CATEGORIES}/${training.id}`)).body).toMatchObject({ has_child: true, children: [{ name: '新人研修' }] });

    const renamed = await send('PATCH', `${CATEGORIES}/${child.id}`, { name: '中途研修' });
    expect(((await renamed.json()) as Category).name).toBe('中途研修');
    const stock = await categoryByPath('発注・在庫', '在庫');
    const moved = (await (await send('PATCH', `${CATEGORIES}/${child.id}`, { parent_id: stock.id })).json()) as Category;
    expect(moved.ancestors!.map((c) => c.name)).toEqual(['発注・在庫', '在庫']);
    expect(moved.depth).toBe(2);
    expect((await getJson<Category>(app, `${CATEGORIES}/${training.id}`)).body.has_child).toBe(false);

    expect((await send('DELETE', `${CATEGORIES}/${child.id}`)).status).toBe(204);
    expect((await send('DELETE', `${CATEGORIES}/${training.id}`)).status).toBe(204);
    expect((await getJson(app, `${CATEGORIES}/${training.id}`)).status).toBe(404);
  });

  it('refuses what would break the tree, in Japanese, changing nothing', async () => {
    const sales = await categoryByPath('発注・在庫');
    const stock = await categoryByPath('発注・在庫', '在庫');
    const cases: [string, string, unknown, string[]][] = [
      ['POST', CATEGORIES, {}, ['カテゴリ名を入力してください。']],
      ['POST', CATEGORIES, { name: ' ' }, ['カテゴリ名を入力してください。']],
      ['POST', CATEGORIES, { name: 'あ'.repeat(51) }, ['カテゴリ名は50文字以内で入力してください。']],
      ['POST', CATEGORIES, { name: '在庫', parent_id: sales.id }, ['同じ階層に同じ名前のカテゴリがすでにあります。']],
      ['POST', CATEGORIES, { name: '新しい', parent_id: 999999 }, ['存在しない親カテゴリが指定されました。']],
      ['POST', CATEGORIES, { name: '新しい', parent_id: 'x' }, ['親カテゴリの形式が正しくありません。']],
      ['PATCH', `${CATEGORIES}/${sales.id}`, { parent_id: stock.id }, ['カテゴリを自分自身やその下のカテゴリへは移動できません。']],
      ['PATCH', `${CATEGORIES}/${sales.id}`, { parent_id: sales.id }, ['カテゴリを自分自身やその下のカテゴリへは移動できません。']],
      ['DELETE', `${CATEGORIES}/${sales.id}`, undefined, ['サブカテゴリやマニュアルがあるカテゴリは削除できません。先に移動するか削除してください。']],
    ];
    for (const [method, path, json, errors] of cases) {
      const res = await send(method, path, json);
      expect(res.status, `${method} ${JSON.stringify(json)}`).toBe(422);
      expect(await errorsOf(res)).toEqual(errors);
    }
    // Five levels at most: 発注・在庫 / 在庫 / 三 / 四 / 五, and no sixth.
    let parent = stock.id;
    for (const name of ['三', '四', '五', '六']) {
      const res = await post({ name, parent_id: parent });
      if (name === '六') {
        expect(await errorsOf(res)).toEqual(['カテゴリは5階層までです。']);
        break;
      }
      expect(res.status, name).toBe(201);
      parent = ((await res.json()) as Category).id;
    }
    expect((await getJson<Category>(app, `${CATEGORIES}/${sales.id}`)).body.children!.map((c) => c.name)).toEqual(['発注', '在庫']);
    expect((await send('PATCH', `${CATEGORIES}/999999`, { name: 'x' })).status).toBe(404);
    expect((await send('DELETE', `${CATEGORIES}/999999`)).status).toBe(404);
  });
});
