import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The jump palette as a user drives it (Ctrl+K, a text, Enter): one way for every spec that
 * opens it (palette, findAndOpen, specOnly).
 */
export const palette = (page: Page) => {
  const dialog = page.getByRole('dialog', { name: 'ジャンプ' });
  const box = dialog.getByRole('combobox', { name: /ジャンプ先を検索/ });
  const status = dialog.getByRole('status');
  return {
    dialog,
    box,
    options: dialog.getByRole('option'),
    group: (name: string) => dialog.getByRole('group', { name }),
    /** Opens with Ctrl+K (once the screen is up) and waits for the box to have focus. */
    open: async () => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.keyboard.press('Control+k');
      await expect(box).toBeFocused();
    },
    /**
     * Puts the text into the (focused) box as one input, as a paste or a scanner's burst does (a
     * finished text, asked at once), and waits until every lookup of it has answered. Typed a key
     * at a time, a loaded machine may let the pause run out part-way, and a prefix (〒 alone) is
     * then rightly searched as text; the pause itself is the component test's.
     */
    search: async (text: string) => {
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Backspace');
      await page.keyboard.insertText(text);
      await expect(status).toHaveText(/^(\d+件を表示|該当するものはありません)$/);
    },
    status,
  };
};
