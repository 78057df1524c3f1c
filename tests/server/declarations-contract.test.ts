import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/resources/registry';
import type { ResourceDeclaration } from '../../src/resources/types';
import { toSnakeKey } from '../../src/contract/caseConversion';
import { PREFECTURES } from '../../server/services/core/prefectures';
import { getJson, startApp, type TestApp } from './helpers';

/**
 * The SPA's declarations and the reference API must agree: every declared sortable column is
 * accepted both ways, every declared filter is accepted, and the records carry every declared
 * list column and detail field. A new master joins this test by being in the registry.
 */
let app: TestApp;
beforeAll(async () => {
  app = startApp({ jobTickMs: 0 });
  // The publishers' file lists (master sources) list what was downloaded: download every kind once.
  const token = await app.token();
  const downloads: [string, unknown][] = [['hot_code', { start_date: '2001-12-28' }], ['medhot', { start_date: '2015-06-30' }], ['iryohoken', { start_year: 2019 }]];
  for (const [kind, json] of downloads) {
    const res = await app.call(`/core/api/v2/master/ethical_medicines/downloads/${kind}`, { method: 'POST', token, json });
    if (res.status !== 202) throw new Error(`download ${kind}: ${res.status}`);
  }
  const { jobs } = app.environments.production;
  for (let i = 0; i < 30 && jobs.list().some((job) => !['SUCCEEDED', 'FAILED'].includes(job.status)); i++) await jobs.tick();
  // Record history (最近の変更) starts at the first write after the seed: two writes give it rows to sort.
  for (const note of ['変更履歴の契約テスト（1回目）', '変更履歴の契約テスト（2回目）']) {
    const res = await app.call('/core/api/v2/admin/companies/1', { method: 'PUT', token, json: { note } });
    if (res.status !== 200) throw new Error(`company write: ${res.status}`);
    // The ordering service keeps its own versions (its item fixtures'): two writes there too.
    const fixture = await app.call('/medorder/api/v2/admin/stockable_item_fixtures/1', { method: 'PATCH', token, json: { note } });
    if (fixture.status !== 200) throw new Error(`fixture write: ${fixture.status}`);
  }
});
afterAll(() => app.dispose());

/** `/api/v2/core/admin/groups` as the reference API mounts it: `/core/api/v2/admin/groups`. */
const serverPath = (api: string) => {
  const match = /^\/api\/v2\/([^/]+)\/(.*)$/.exec(api);
  if (!match) throw new Error(`not a v2 path: ${api}`);
  return `/${match[1]}/api/v2/${match[2]}`;
};

const snakePath = (path: string) => path.split('.').map(toSnakeKey);

const hasPath = (record: Record<string, unknown>, path: string) => {
  let node: unknown = record;
  for (const key of snakePath(path)) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, key)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
};

const valueAt = (record: Record<string, unknown>, path: string): unknown => {
  let node: unknown = record;
  for (const key of snakePath(path)) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return node;
};

/**
 * Where the server sorts a field by another expression than its value (its `sortColumns`), the
 * same key computed from the answered value: pharmacies sort a missing company as 0 and the
 * prefecture by its JIS code, not by its name's text.
 */
const SORT_KEYS: Record<string, (value: unknown) => unknown> = {
  'v2/core/pharmacies companyId': (value) => value ?? 0,
  'v2/core/pharmacies address1': (value) => PREFECTURES.find((p) => p.name === value)?.id ?? 0,
};

/**
 * SQLite's ORDER BY with the BINARY collation the list queries use: NULL first, then numbers,
 * then text by its UTF-8 bytes (not JavaScript's UTF-16 order, nor the locale's); booleans are
 * stored as 0 and 1.
 */
const sqliteCompare = (a: unknown, b: unknown): number => {
  const norm = (v: unknown) => (typeof v === 'boolean' ? Number(v) : v ?? null);
  const [x, y] = [norm(a), norm(b)];
  const rank = (v: unknown) => (v === null ? 0 : typeof v === 'number' ? 1 : typeof v === 'string' ? 2 : 3);
  if (rank(x) !== rank(y)) return rank(x) - rank(y);
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'string' && typeof y === 'string') return Buffer.compare(Buffer.from(x, 'utf8'), Buffer.from(y, 'utf8'));
  if (x === null) return 0;
  throw new Error(`cannot order ${JSON.stringify(x)} and ${JSON.stringify(y)}`);
};

/** The rows are in the order `ORDER BY key dir, id dir` gives (the server's tie-breaker). */
const expectSorted = (rows: Record<string, unknown>[], resource: ResourceDeclaration, field: string, desc: boolean) => {
  const key = SORT_KEYS[`${resource.name} ${field}`] ?? ((value: unknown) => value);
  for (const row of rows) expect(hasPath(row, field), `rows carry ${field}`).toBe(true);
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1], rows[i]];
    let order = sqliteCompare(key(valueAt(a, field)), key(valueAt(b, field)));
    if (order === 0) order = sqliteCompare(a.id, b.id);
    expect(desc ? -order : order, `${field} ${desc ? 'desc' : 'asc'}: row ${i - 1} (id ${a.id}) before row ${i} (id ${b.id})`).toBeLessThan(0);
  }
};

const listable = resources.filter((resource) => !resource.api.includes('{'));

describe.each(listable.map((resource) => [resource.name, resource] as const))('%s against the reference API', (_name, resource: ResourceDeclaration) => {
  const base = serverPath(resource.api);
  const sortable = Object.entries(resource.fields).filter(([, field]) => field.sortable).map(([path]) => path);

  it.each(sortable.flatMap((field) => [[toSnakeKey(field), field, false] as const, [`-${toSnakeKey(field)}`, field, true] as const]))(
    'accepts sort=%s and answers in that order',
    async (sort, field, desc) => {
      const { status, body } = await getJson<Record<string, unknown>[]>(app, `${base}?sort=${sort}`);
      expect(status).toBe(200);
      expect(Array.isArray(body)).toBe(true);
      expect(body.length, 'rows to compare').toBeGreaterThan(1);
      expectSorted(body, resource, field, desc);
    },
  );

  it('accepts every declared filter', async () => {
    for (const filter of resource.list.filters ?? []) {
      const value = filter.type === 'search' ? '薬局' : 'true';
      const { status } = await getJson(app, `${base}?${toSnakeKey(filter.source)}=${encodeURIComponent(value)}`);
      expect(status, `${filter.source}`).toBe(200);
    }
  });

  it('returns every declared list column and detail field', async () => {
    const { body } = await getJson<Record<string, unknown>[]>(app, base);
    expect(body.length).toBeGreaterThan(0);
    const first = body[0];
    // A derived field (days left) is computed by the SPA, not answered.
    const answered = (field: string) => !resource.fields[field].derive;
    for (const column of resource.list.columns.filter(answered)) expect(hasPath(first, column), column).toBe(true);
    if (!resource.show) return;
    const { status, body: detail } = await getJson<Record<string, unknown>>(app, `${base}/${first.id}`);
    expect(status).toBe(200);
    const detailFields = resource.show.tabs.flatMap((tab) => [...(tab.fields ?? []), ...(tab.groups ?? []).flatMap((group) => group.fields)]);
    for (const field of detailFields.filter(answered)) expect(hasPath(detail, field), field).toBe(true);
  });
});

/**
 * A membership tab (a company's or group's pharmacies, a pharmacy's groups) offers only the
 * records that may join, through its candidate filter. The filter must be accepted and must
 * narrow the candidates: a misspelt key (refused, or ignored and offering the members again)
 * fails here. Owner 1 has members in the seed.
 */
const membershipTabs = resources.flatMap((owner) =>
  (owner.show?.tabs ?? []).flatMap((tab) => (tab.membership ? [[`${owner.name} ${tab.path}`, tab.membership] as const] : [])),
);

describe.each(membershipTabs)('membership tab %s', (_name, membership) => {
  it('its candidate filter is accepted and leaves out the owner’s members', async () => {
    const candidates = resources.find((resource) => resource.name === (membership.members?.resource ?? 'v2/core/pharmacies'))!;
    const base = serverPath(candidates.api);
    const query = Object.entries(membership.candidateFilter)
      .map(([key, value]) => `${toSnakeKey(key)}=${encodeURIComponent(value === '{id}' ? '1' : String(value))}`)
      .join('&');
    const all = await getJson(app, base);
    const offered = await getJson(app, `${base}?${query}`);
    expect(offered.status, query).toBe(200);
    expect(Number(offered.headers.get('x-total-count')), query).toBeLessThan(Number(all.headers.get('x-total-count')));
  });
});
