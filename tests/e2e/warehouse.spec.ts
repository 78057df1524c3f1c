import { test, expect, expectNoSeriousA11yViolations } from './fixtures';
import { expectNoWrappedButtons } from './layout';

const MANAGER = '/v2/core/embulk_manager';
const CORE_TABLES = `${MANAGER}/bigqueries/core`;
const JOBS = `${MANAGER}/embulks`;

test.describe('warehouse tables and copy jobs', () => {
  test('copy a table from its modal, follow the job to SUCCEEDED, and see the table modified now', async ({ page }) => {
    // The manager screen, reached from the sidebar.
    await page.goto('/');
    await page.getByRole('link', { name: 'バッチコピー管理' }).click();
    await expect(page).toHaveURL(MANAGER);
    const managerNav = page.getByRole('navigation', { name: 'バッチコピー管理' });
    await expect(managerNav.getByRole('link')).toHaveCount(3);
    await expectNoSeriousA11yViolations(page, 'バッチコピー管理');

    await managerNav.getByRole('link', { name: /データウェアハウスのテーブル: core/ }).click();
    await expect(page).toHaveURL(CORE_TABLES);
    await expect(page.getByText('テーブル一覧の読み込みには20〜30秒かかります。')).toBeVisible();
    const table = page.getByRole('table', { name: 'coreのテーブル一覧' });
    await expect(table).toBeVisible();
    const headers = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
    expect(headers).toEqual(['dataset_id', 'table_id', 'created_at（作成日時）', 'modified_at（更新日時）', 'bytes_count（サイズ）', 'rows_count（行数）', 'MySQLに存在', '操作']);
    const companies = table.locator('tr[data-table-id="companies"]');
    await expect(companies.getByTestId('stale-badge')).toHaveText('要確認');
    // Copied as today began: no badge.
    await expect(table.locator('tr[data-table-id="pharmacies"]').getByTestId('stale-badge')).toHaveCount(0);
    const modifiedBefore = await companies.getByTestId('modified-at').innerText();
    await expectNoSeriousA11yViolations(page, 'データウェアハウスのテーブル（core）');

    // A table MySQL no longer has: its copy button is disabled.
    await table.locator('tr[data-table-id="pharmacy_monthly_reports"]').getByRole('button', { name: 'pharmacy_monthly_reportsの詳細' }).click();
    const gone = page.getByRole('dialog', { name: 'core.pharmacy_monthly_reports' });
    await expect(gone.getByRole('button', { name: 'コピージョブを実行' })).toBeDisabled();
    await expect(gone).toContainText('MySQLにないテーブルはコピーできません。');
    await expectNoSeriousA11yViolations(page, 'テーブル詳細（MySQLにない）');
    await gone.getByRole('button', { name: 'キャンセル' }).click();
    await expect(gone).toBeHidden();

    await companies.getByRole('button', { name: 'companiesの詳細' }).click();
    const dialog = page.getByRole('dialog', { name: 'core.companies' });
    await expect(dialog).toContainText('前回のジョブが失敗した可能性があります。');
    await expectNoSeriousA11yViolations(page, 'テーブル詳細');
    await dialog.getByRole('button', { name: 'コピージョブを実行' }).click();
    const toast = page.getByTestId('copy-toast');
    await expect(toast).toHaveText('ジョブを実行しました。');
    // Bottom-right of the viewport.
    const box = (await toast.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x + box.width).toBeGreaterThan(viewport.width * 0.75);
    expect(box.y + box.height).toBeGreaterThan(viewport.height * 0.75);
    await expectNoSeriousA11yViolations(page, 'ジョブ実行のトースト');

    // The job list: refresh until the real ticker has moved the job to SUCCEEDED.
    await page.getByRole('link', { name: 'ジョブ一覧を見る' }).click();
    await expect(page).toHaveURL(JOBS);
    await expect(page.getByText('ジョブの履歴は3〜4日で削除されます。')).toBeVisible();
    const job = page.locator('tr[data-job-name="core.companies のコピー"]').first();
    await expect(job).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'ジョブ一覧');
    // 再読み込み beside the status filter stays on one line.
    await expectNoWrappedButtons(page.locator('body'));
    await expect(async () => {
      await page.getByRole('button', { name: '再読み込み' }).click();
      await expect(job.locator('[data-status]')).toHaveAttribute('data-status', 'SUCCEEDED', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(job.locator('td').nth(4)).toHaveText(/^\d+秒$/);
    await expectNoSeriousA11yViolations(page, 'ジョブ一覧（成功）');

    // Filtered by status.
    await page.getByRole('combobox', { name: '状態で絞り込む' }).click();
    await page.getByRole('option', { name: 'FAILED' }).click();
    await expect(page.getByText('ジョブはありません')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'ジョブ一覧（FAILEDで絞り込み）');

    // The table now shows the copy's time, without the badge.
    await page.goto(CORE_TABLES);
    await expect(companies.getByTestId('stale-badge')).toHaveCount(0);
    await expect(companies.getByTestId('modified-at')).not.toHaveText(modifiedBefore);
  });

  test('a refused copy shows the red toast with the server message', async ({ page }) => {
    await page.route('**/core/api/v2/admin/embulks/execute_copy', (route) =>
      route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ errors: ['テーブル core.groups はMySQLにありません。'] }) }),
    );
    await page.goto(CORE_TABLES);
    await page.getByRole('button', { name: 'groupsの詳細' }).click();
    await page.getByRole('dialog', { name: 'core.groups' }).getByRole('button', { name: 'コピージョブを実行' }).click();
    await expect(page.getByTestId('copy-toast')).toHaveText('ジョブ実行が失敗しました。 テーブル core.groups はMySQLにありません。');
    await expectNoSeriousA11yViolations(page, 'ジョブ実行失敗のトースト');
  });

  test('medorder tables and the services page', async ({ page }) => {
    await page.goto(`${MANAGER}/bigqueries`);
    await page.getByRole('navigation', { name: 'データウェアハウスのテーブル' }).getByRole('link', { name: /medorder/ }).click();
    await expect(page).toHaveURL(`${MANAGER}/bigqueries/medorder`);
    const table = page.getByRole('table', { name: 'medorderのテーブル一覧' });
    await expect(table.locator('tr[data-table-id="stockable_items"]')).toBeVisible();
    await expect(table.locator('tr[data-table-id="order_histories_2023"]')).toContainText('なし');
    await expectNoSeriousA11yViolations(page, 'データウェアハウスのテーブル（medorder）');
  });
});
