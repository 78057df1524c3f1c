import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './helpers';
import { ALL_CAPABILITIES, type Capability } from '../../src/contract/additions';
import { createApiClient, createDataProvider } from '../../src/dataProvider';
import { resources } from '../../src/resources/registry';
import { groupsOf, PER_GROUP, planLookups } from '../../src/features/palette/paletteLookups';
import { rankGroups } from '../../src/features/palette/paletteRanking';
import type { EnvironmentConfig } from '../../src/contract';

/*
 * The jump palette with the lookups batch and without it (issue 35): for the same data the same
 * results. The reference API's full profile answers both (the spec list calls are a subset of
 * what it serves); one portal asks with every addition, the other with none, as a deployment
 * against the platform does: one spec call per list, the lists' default order re-ranked in the
 * page, no `fields`. Where a master's matches fit in its first page the groups must be equal, hit
 * for hit and in order.
 */

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = startApp();
  token = await app.token();
});
afterAll(() => app.dispose());

const ORIGIN = 'http://reference.test';
const environment = { apiBases: { core: `${ORIGIN}/core`, medorder: `${ORIGIN}/medorder` }, legacyBase: `${ORIGIN}/legacy` } as EnvironmentConfig;

const portal = (capabilities: ReadonlySet<Capability>) =>
  createDataProvider({
    capabilities,
    resources,
    client: createApiClient({ environment, getToken: async () => token, fetch: async (input, init) => app.app.fetch(new Request(input, init)) }),
  });

/** The palette's groups for a text, as usePaletteSearch makes them, and whether every master's matches came in one page. */
async function paletteFor(capabilities: ReadonlySet<Capability>, text: string) {
  const lookups = planLookups(resources, text, capabilities);
  const { data } = await portal(capabilities).getLists({ lists: lookups.map(({ resource, filter, fields, sort }) => ({ resource, filter, fields, sort })) });
  const { found, failed } = groupsOf(resources, lookups, data, text);
  const whole = data.every((answer) => answer.status === 'fulfilled' && (answer.value.total ?? 0) <= answer.value.data.length);
  const groups = rankGroups(text, found, PER_GROUP).map((group) => ({
    resource: group.resource,
    hits: group.hits.map((hit) => `${hit.label}｜${hit.detail ?? ''}｜${hit.url}`),
    more: group.more?.label,
  }));
  return { groups, failed, whole, calls: lookups.length };
}

/** The additions a text's lookups may use beyond the batch and relevance (saved replies, the phone and code searches) are left out of both. */
const BATCH: ReadonlySet<Capability> = new Set([...ALL_CAPABILITIES].filter((capability) => !['savedReplies', 'phoneSearch', 'codeSearch'].includes(capability)));
const SPEC: ReadonlySet<Capability> = new Set();

describe('the palette without the batch finds what it finds with it', () => {
  it('names in three scripts, codes of every shape: the same groups, hits and order wherever the matches fit one page', async () => {
    const [pharmacy] = (await (await app.call('/core/api/v2/admin/pharmacies?sort=id', { token })).json()) as { id: number; micode: string; postal_code: string }[];
    const [medicine] = (await (await app.call('/core/api/v2/master/ethical_medicines?sort=-id', { token })).json()) as { yj_code: string; jan_code: string }[];
    const texts = ['オレンジ', 'おれんじ', 'ｵﾚﾝｼﾞ', 'ひまわり', '本町', 'メディカル', 'ロキソ', pharmacy.micode, String(pharmacy.id), medicine.yj_code, medicine.jan_code, 'zz存在しない名前zz'];
    let compared = 0;
    for (const text of texts) {
      const batch = await paletteFor(BATCH, text);
      const spec = await paletteFor(SPEC, text);
      expect([text, batch.failed, spec.failed]).toEqual([text, [], []]);
      if (!batch.whole || !spec.whole) continue;
      compared += 1;
      expect([text, spec.groups]).toEqual([text, batch.groups]);
    }
    // Most texts are compared (a broad one, such as 本町, may have more matches than a page).
    expect(compared).toBeGreaterThanOrEqual(texts.length - 3);
  });
});
