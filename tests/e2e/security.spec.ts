import type { Page } from '@playwright/test';
import { test, expect, signIn } from './fixtures';

/**
 * The built SPA works under the server's Content-Security-Policy (issue 6, defect 8): Chromium
 * reports no violation on the login card or on signed-in screens (lists, details, dialogs).
 */
const recordViolations = async (page: Page) => {
  const reported: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) reported.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportCspViolation', (text: string) => reported.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return reported;
};

test.describe('Content-Security-Policy', () => {
  // It loads the login card, so it starts signed out and signs in through it.
  test.use({ account: null });

  test('the login card and signed-in screens load with no violation reported', async ({ page }) => {
    const violations = await recordViolations(page);
    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();

    await signIn(page);
    await page.goto('/v2/core/companies');
    await expect(page.getByRole('columnheader').first()).toBeVisible();
    await page.goto('/v2/core/companies/1');
    await expect(page.getByRole('tab').first()).toBeVisible();
    await page.getByRole('button', { name: /のアカウントメニュー$/ }).click();
    await page.getByRole('menuitem', { name: 'パスワード変更' }).click();
    await expect(page.getByRole('dialog', { name: 'パスワード変更' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/develop/jwt');
    await expect(page.getByTestId('jwt-payload')).toBeVisible();

    expect(violations).toEqual([]);
  });
});
