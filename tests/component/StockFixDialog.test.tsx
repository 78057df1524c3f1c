import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StockFixDialog } from '../../src/customRoutes/stocks/StockFixDialog';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

const globals = globalThis as Record<string, unknown>;
afterEach(() => {
  delete globals.__CS_PORTAL_STOCK_FIX_WAITS__;
});

const providerWith = (fixV1Stock: (pharmacyId: number, code: string) => Promise<void>) => {
  const dataProvider = createTestDataProvider();
  return Object.assign(dataProvider, {
    getV1Stocks: vi.fn(async () => [{ yjCode: 'AAAAAAAAAAAA', quantity: 1 }, { yjCode: 'BBBBBBBBBBBB', quantity: 2 }, { yjCode: 'CCCCCCCCCCCC', quantity: 3 }]),
    fixV1Stock: vi.fn(fixV1Stock),
  });
};

describe('StockFixDialog', () => {
  it('fixes every listed drug in order and reports the failed codes', async () => {
    globals.__CS_PORTAL_STOCK_FIX_WAITS__ = { beforeEachMs: 0, afterFailureMs: 0 };
    const dataProvider = providerWith(async (_pharmacyId, code) => {
      if (code === 'BBBBBBBBBBBB') throw Object.assign(new Error('422'), { body: { messages: ['FIFOラックの履歴に不整合があるため、この薬の在庫は修正できません。'] } });
    });
    renderWithAdmin(<StockFixDialog pharmacyId={7} onClose={() => undefined} />, { dataProvider });
    const dialog = await screen.findByRole('dialog', { name: '在庫修正 (薬局ID: 7)' });
    expect(await within(dialog).findByText('在庫のある薬: 3件 / 処理済み: 3件')).toBeTruthy();
    const report = within(dialog).getByRole('alert');
    // Each failure says why (issue 23: the list said only 失敗).
    expect(report.textContent).toBe(
      '在庫修正が完了しました。修正できなかった薬 (1件): BBBBBBBBBBBBBBBBBBBBBBBB: FIFOラックの履歴に不整合があるため、この薬の在庫は修正できません。',
    );
    const failedRow = within(within(dialog).getByRole('list', { name: '在庫のある薬' })).getAllByRole('listitem')[1];
    expect(failedRow.textContent).toContain('失敗FIFOラックの履歴に不整合があるため、この薬の在庫は修正できません。');
    expect(dataProvider.fixV1Stock.mock.calls).toEqual([[7, 'AAAAAAAAAAAA'], [7, 'BBBBBBBBBBBB'], [7, 'CCCCCCCCCCCC']]);
    expect(dataProvider.getV1Stocks).toHaveBeenCalledWith(7);
  });

  it('asks before closing mid-run; confirming stops the run and closes', async () => {
    globals.__CS_PORTAL_STOCK_FIX_WAITS__ = { beforeEachMs: 60_000, afterFailureMs: 60_000 };
    const onClose = vi.fn();
    const dataProvider = providerWith(async () => undefined);
    renderWithAdmin(<StockFixDialog pharmacyId={7} onClose={onClose} />, { dataProvider });
    const dialog = await screen.findByRole('dialog', { name: '在庫修正 (薬局ID: 7)' });
    await within(dialog).findByText('修正中');
    await userEvent.click(within(dialog).getByRole('button', { name: '閉じる' }));
    const confirm = await screen.findByRole('dialog', { name: '在庫修正を中止しますか？' });
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: '中止して閉じる' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(dataProvider.fixV1Stock).not.toHaveBeenCalled();
  });
});
