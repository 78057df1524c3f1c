import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetListParams } from 'react-admin';
import SchemaList from '../../src/resources/schema/list/SchemaList';
import { readCsvRows } from '../../server/shared/csv';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

const dealer = (id: number) => ({ id, code: `D${String(id).padStart(3, '0')}`, name: id === 2 ? '=1+1' : `卸${id}髙`, prefectureId: 13, prefectureName: '東京都' });

let saved: Blob[] = [];
let fileNames: string[] = [];

beforeEach(() => {
  saved = [];
  fileNames = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:export';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    fileNames.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });

/** Dealers: 5 rows, 2 a page; `hold` keeps pages after the first waiting until their signal aborts. */
const renderDealers = ({ hold = false } = {}) => {
  const signals: AbortSignal[] = [];
  const getList = vi.fn((_resource: string, params: GetListParams & { signal?: AbortSignal }) => {
    const page = params.pagination!.page;
    const answer = { data: [1, 2, 3, 4, 5].slice((page - 1) * 2, page * 2).map(dealer), total: 5, meta: { totalPages: 3, currentPage: page } };
    if (params.signal) signals.push(params.signal);
    if (hold && page > 1) return new Promise<never>((_, reject) => params.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    return Promise.resolve(answer);
  });
  const dataProvider = createTestDataProvider({ getList: getList as never });
  renderWithAdmin(<SchemaList />, {
    dataProvider,
    resource: 'v2/core/dealers',
    initialEntries: [`/v2/core/dealers?filter=${encodeURIComponent(JSON.stringify({ query: '卸' }))}&sort=name&order=DESC`],
  });
  return { getList, signals };
};

// The first press loads the dialog's chunk and encoding-japanese's tables (seconds under jsdom on this machine).
describe('エクスポート on a declared list', { timeout: 60_000 }, () => {
  it('exports every page with the list\'s search and sort, CP932 by default, keyboard only', async () => {
    const { getList } = renderDealers();
    await screen.findByText('卸1髙');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'エクスポート' }));
    const dialog = await screen.findByRole('dialog', { name: '卸一覧をエクスポート' });
    // Excel's encoding is the default, and focus starts on it.
    const cp932 = within(dialog).getByRole('radio', { name: 'Excel 向け (Shift_JIS/CP932)' });
    await waitFor(() => expect(cp932).toHaveFocus());
    expect(cp932).toBeChecked();
    expect(dialog).toHaveTextContent('全5件');
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'エクスポート開始' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await within(dialog).findByText(/5 行を「卸一覧_\d{4}-\d{2}-\d{2}\.csv」に保存しました。/);
    expect(within(dialog).getByTestId('export-replaced')).toHaveTextContent('置き換えた文字はありません');
    expect(within(dialog).getByRole('button', { name: '閉じる' })).toHaveFocus();
    expect(fileNames).toEqual([expect.stringMatching(/^卸一覧_\d{4}-\d{2}-\d{2}\.csv$/)]);
    for (const [, params] of getList.mock.calls.slice(-3)) {
      expect(params.filter).toEqual({ query: '卸' });
      expect(params.sort).toEqual({ field: 'name', order: 'DESC' });
    }
    const text = new TextDecoder('shift_jis').decode(await bytesOf(saved[0]));
    const rows = readCsvRows(text);
    expect(rows[0]).toEqual(['ID', '卸コード', '卸名', '都道府県ID', '都道府県名']);
    expect(rows.slice(1)).toEqual([1, 2, 3, 4, 5].map(dealer).map((d) => [String(d.id), d.code, d.id === 2 ? "'=1+1" : d.name, '13', '東京都']));
    await user.click(screen.getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('キャンセル mid-export aborts the request in flight and saves nothing', async () => {
    const { signals } = renderDealers({ hold: true });
    await screen.findByText('卸1髙');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'エクスポート' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'UTF-8 (BOM付き)' }));
    await user.click(within(dialog).getByRole('button', { name: 'エクスポート開始' }));
    await within(dialog).findByText(/2 行 \/ 5 件/);
    expect(within(dialog).getByRole('progressbar', { name: 'エクスポートの進み具合' })).toHaveAttribute('aria-valuenow', '40');
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(signals.at(-1)?.aborted).toBe(true);
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'エクスポート' })).toHaveFocus();
  });
});
