import type { Page, Request } from '@playwright/test';
import { resources } from '../../src/resources/registry';
import type { AnyResourceDeclaration } from '../../src/resources/types';
import { TEXTS } from '../../src/i18n/texts';
import { appMessages } from '../../src/i18n/ja';
import { adminApi } from './adminApi';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

/**
 * Never lose data (issue 21), and a save without changes writes nothing (issue 40 item 3): opening
 * a form and saving it unchanged, from every way into the form, sends no PUT or PATCH, says
 * 「変更はありません」 and goes to the detail; the server's record is exactly as it was, who saved
 * it when included, and stays so after a reload. The cases come from the registry: a new master
 * with `capabilities.edit` is covered without a new test.
 */

const UNCHANGED = appMessages.app.notification.unchanged;

/** Where the reference API serves a declaration's `api` (the spec's `/api/v2/{module}/...`). */
const servicePath = (api: string) => api.replace(/^\/api\/v2\/(\w+)\//, '/$1/api/v2/').replace(/^\/api\/v1\//, '/legacy/api/v1/');

const editable = resources.filter((resource) => resource.capabilities?.edit && !resource.api.includes('{'));

/** The list ordered by id, so the seeded records come first whatever other tests create. */
const listById = (resource: AnyResourceDeclaration) => (resource.views?.list ? `/${resource.name}` : `/${resource.name}?sort=id&order=ASC`);
const editLink = (page: Page, resource: AnyResourceDeclaration, id: string) => page.locator(`a[href$="/${resource.name}/${id}/edit"]`).first();
const detailLink = (page: Page, resource: AnyResourceDeclaration, id: string) => page.locator(`a[href$="/${resource.name}/${id}"]`).first();
/** Whether the list's rows carry their own 編集 (else a row leads to the detail, whose 編集 opens the form). */
const rowsEdit = (resource: AnyResourceDeclaration) => !resource.views?.list && (resource.list.actions ?? []).includes('edit');

/** The detail page's 編集 (a link in the page's actions). */
const openEditFromDetail = async (page: Page, resource: AnyResourceDeclaration, id: string) => {
  await expect(page).toHaveURL(new RegExp(`/${resource.name}/${id}$`));
  await page.getByRole('main').getByRole('link', { name: '編集', exact: true }).first().click();
};

/** From a list row: its 編集 where rows have one, else its link to the detail and the detail's 編集. */
const openFromRow = async (page: Page, resource: AnyResourceDeclaration, id: string) => {
  if (rowsEdit(resource)) return editLink(page, resource, id).click();
  await detailLink(page, resource, id).click();
  await openEditFromDetail(page, resource, id);
};

interface Target {
  id: string;
  /** What the list's search finds it by. */
  representation: string;
}

interface EntryPoint {
  name: string;
  /** Ends on the record's edit form. */
  open: (page: Page, resource: AnyResourceDeclaration, target: Target) => Promise<void>;
}

const ENTRY_POINTS: EntryPoint[] = [
  {
    // First: the fake clock must be there before the page loads, and stays for the others.
    name: 'キャッシュの有効期限を過ぎたあと',
    open: async (page, resource, { id }) => {
      await page.clock.install();
      await page.goto(listById(resource));
      await expect(rowsEdit(resource) ? editLink(page, resource, id) : detailLink(page, resource, id)).toBeVisible();
      await page.clock.fastForward('00:45');
      await openFromRow(page, resource, id);
    },
  },
  {
    name: '一覧の行から',
    open: async (page, resource, { id }) => {
      await page.goto(listById(resource));
      await openFromRow(page, resource, id);
    },
  },
  {
    name: '詳細の編集',
    open: async (page, resource, { id }) => {
      await page.goto(listById(resource));
      await detailLink(page, resource, id).click();
      await openEditFromDetail(page, resource, id);
    },
  },
  {
    name: '検索のあと',
    open: async (page, resource, { id, representation }) => {
      const search = resource.list.filters?.find((filter) => filter.source === 'query');
      await page.goto(`/${resource.name}`);
      if (search) {
        await page.getByPlaceholder(search.label).fill(representation);
        await page.keyboard.press('Enter');
        // The search is in the URL (a filter, or the manuals' own search page).
        await expect(page).not.toHaveURL(new RegExp(`/${resource.name}$`));
      }
      await openFromRow(page, resource, id);
    },
  },
  {
    name: '戻る・進むのあと',
    open: async (page, resource, { id }) => {
      await page.goto(listById(resource));
      await detailLink(page, resource, id).click();
      await expect(page).toHaveURL(new RegExp(`/${resource.name}/${id}$`));
      await page.goBack();
      await expect(detailLink(page, resource, id)).toBeVisible();
      await page.goForward();
      await openEditFromDetail(page, resource, id);
    },
  },
  {
    name: 'タブを切り替えたあと',
    open: async (page, resource, { id }) => {
      await page.goto(listById(resource));
      await detailLink(page, resource, id).click();
      const tabs = page.getByRole('tab');
      if ((await tabs.count()) > 1) {
        await tabs.nth(1).click();
        await tabs.nth(0).click();
      }
      await openEditFromDetail(page, resource, id);
    },
  },
  {
    name: '再読み込みのあと',
    open: async (page, resource, { id }) => {
      await page.goto(listById(resource));
      await openFromRow(page, resource, id);
      await expect(page).toHaveURL(new RegExp(`/${resource.name}/${id}/edit$`));
      await page.reload();
    },
  },
];

for (const resource of editable) {
  test(`${resource.recordLabel}: 変更せずに保存してもデータは変わらない（${ENTRY_POINTS.map((entry) => entry.name).join('・')}）`, async ({ page }) => {
    test.setTimeout(180_000);
    const api = await adminApi(page.request);
    const base = servicePath(resource.api);
    const read = (id: string) => api.get(`${base}/${id}`);
    // A seeded record other tests leave alone: the fourth by id (a list of its own: the first it shows).
    let target: Target;
    if (resource.views?.list) {
      await page.goto(listById(resource));
      const recordIdIn = (hrefs: string[]) => hrefs.map((href) => new RegExp(`^/${resource.name}/(\\d+)$`).exec(href)?.[1]).find(Boolean);
      let id: string | undefined;
      await expect.poll(async () => (id = recordIdIn(await page.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')))), {
        message: `${resource.name}: a record's link in its list`,
      }).toBeDefined();
      target = { id: String(id), representation: '' };
    } else {
      const body = await api.get<unknown>(`${base}?sort=id`);
      const rows = (Array.isArray(body) ? body : (body as Record<string, unknown>)[resource.list.listKey ?? '']) as Record<string, unknown>[];
      target = { id: String(rows[Math.min(3, rows.length - 1)].id), representation: '' };
    }
    const first = await read(target.id);
    target.representation = String(first[resource.recordRepresentation ?? 'name'] ?? first.title ?? target.id);

    for (const entry of ENTRY_POINTS) {
      await test.step(entry.name, async () => {
        const before = await read(target.id);
        await entry.open(page, resource, target);
        await expect(page).toHaveURL(new RegExp(`/${resource.name}/${target.id}/edit$`));
        const save = page.getByRole('button', { name: '保存', exact: true });
        await expect(save).toBeEnabled();
        if (entry.name === '一覧の行から') await expectNoSeriousA11yViolations(page, `${resource.recordLabel}の編集（一覧から）`);
        const writes: string[] = [];
        const onRequest = (request: Request) => {
          if (['PUT', 'PATCH', 'POST', 'DELETE'].includes(request.method()) && /\/api\/v\d\//.test(request.url())) writes.push(`${request.method()} ${request.url()}`);
        };
        page.on('request', onRequest);
        await save.click();
        await expect(page.getByText(UNCHANGED)).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`/${resource.name}/${target.id}$`));
        await expect(page.getByText(TEXTS.updated)).toHaveCount(0);
        if (entry.name === '一覧の行から') await expectNoSeriousA11yViolations(page, `${resource.recordLabel}の詳細（変更はありません）`);
        const where = `${resource.recordLabel} ${target.id}: ${entry.name}`;
        expect(await read(target.id), where).toEqual(before);
        await page.reload();
        await expect(page).toHaveURL(new RegExp(`/${resource.name}/${target.id}$`));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        page.off('request', onRequest);
        expect(writes, where).toEqual([]);
        expect(await read(target.id), `${where}（再読み込みのあと）`).toEqual(before);
      });
    }
  });
}
