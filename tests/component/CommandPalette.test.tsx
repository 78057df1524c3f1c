import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { GetListResult } from 'react-admin';
import type { GetListsParams, GetListsResult } from '../../src/dataProvider';
import CommandPaletteDialog from '../../src/features/palette/CommandPaletteDialog';
import { PALETTE_DEBOUNCE_MS } from '../../src/features/palette/paletteLookups';
import { resources } from '../../src/resources/registry';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

const pause = (ms = PALETTE_DEBOUNCE_MS * 4) => act(() => vi.advanceTimersByTimeAsync(ms));

/** A getLists (the lookups batch) whose answers the test releases, recording what is out at once. */
const controlledGetLists = () => {
  const pending: { params: GetListsParams; resolve: (answers: PromiseSettledResult<GetListResult>[]) => void; aborted: () => boolean }[] = [];
  let out = 0;
  let most = 0;
  const getLists = vi.fn(
    (params: GetListsParams) =>
      new Promise<GetListsResult>((resolve, reject) => {
        out += 1;
        most = Math.max(most, out);
        params.signal?.addEventListener('abort', () => {
          out -= 1;
          reject(new DOMException('aborted', 'AbortError'));
        });
        pending.push({
          params,
          resolve: (data) => {
            out -= 1;
            resolve({ data });
          },
          aborted: () => params.signal?.aborted ?? false,
        });
      }),
  );
  return { getLists, pending, most: () => most };
};

const found = (result: GetListResult): PromiseSettledResult<GetListResult> => ({ status: 'fulfilled', value: result });

const renderPalette = () => {
  const controlled = controlledGetLists();
  const getList = vi.fn();
  const dataProvider = { ...createTestDataProvider({ getList }), getLists: controlled.getLists };
  renderWithAdmin(<CommandPaletteDialog open onClose={() => undefined} />, { dataProvider });
  const box = screen.getByRole('combobox', { name: /ジャンプ先を検索/ });
  return { ...controlled, getList, box };
};

describe('the jump palette’s calls', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends nothing during an IME composition, then every master’s lookup in one request', async () => {
    const { getLists, getList, pending, most, box } = renderPalette();
    fireEvent.compositionStart(box);
    for (const step of ['ｆ', 'ふぁ', 'ふぁー', 'ふぁーま', 'ファーマ']) {
      fireEvent.change(box, { target: { value: step } });
      await pause();
    }
    expect(getLists).not.toHaveBeenCalled();
    fireEvent.compositionEnd(box, { data: 'ファーマ' });
    await pause();
    expect(getLists).toHaveBeenCalledTimes(1);
    const { lists } = pending[0].params;
    expect(lists.length).toBeGreaterThan(3);
    expect(lists.every(({ filter }) => Object.values(filter).includes('ファーマ'))).toBe(true);
    expect(lists.every(({ sort }) => sort?.field === 'relevance' && sort.order === 'ASC')).toBe(true);
    expect(new Set(lists.map(({ resource }) => resource)).size).toBe(lists.length);
    // One master refused: its group is missing and it is named; the others show.
    pending[0].resolve(
      lists.map(({ resource }, index) =>
        index === 1
          ? { status: 'rejected', reason: Object.assign(new Error('この操作を行う権限がありません。'), { status: 403 }) }
          : found({ data: [{ id: index + 1, name: `ファーマ${index}`, title: 'ファーマ', brandName: 'ファーマ', resource }], total: 1 }),
      ),
    );
    await pause(0);
    expect(most()).toBe(1);
    expect(getList).not.toHaveBeenCalled();
    expect(await screen.findByRole('option', { name: /ファーマ0/ })).toBeInTheDocument();
    const refused = resources.find(({ name }) => name === lists[1].resource)!.label;
    expect(screen.getByRole('status')).toHaveTextContent(new RegExp(`^\\d+件を表示 ${refused}は検索できませんでした。$`));
    expect(screen.queryByRole('option', { name: /ファーマ1(?!\d)/ })).toBeNull();
  });

  it('a finished text (several characters at once, an IME commit) is asked without the pause, and once', async () => {
    const { getLists, pending, most, box } = renderPalette();
    fireEvent.change(box, { target: { value: 'メディカル' } });
    await pause(0);
    expect(getLists).toHaveBeenCalledTimes(1);
    fireEvent.compositionStart(box);
    fireEvent.change(box, { target: { value: 'メディカルふぁーま' } });
    fireEvent.change(box, { target: { value: 'メディカルファーマ' } });
    await pause(0);
    expect(getLists).toHaveBeenCalledTimes(1);
    fireEvent.compositionEnd(box);
    await pause(0);
    expect(getLists).toHaveBeenCalledTimes(2);
    expect(pending[0].aborted()).toBe(true);
    expect(pending[1].params.lists.every(({ filter }) => Object.values(filter).includes('メディカルファーマ'))).toBe(true);
    // A second notice of the same finished text (an IME that also ends the composition on blur): nothing more is asked.
    fireEvent.compositionEnd(box);
    await pause();
    expect(getLists).toHaveBeenCalledTimes(2);
    expect(pending[1].aborted()).toBe(false);
    expect(most()).toBe(1);
  });

  it('a newer text aborts the request out; typing is debounced; nothing else is ever out', async () => {
    const { getLists, pending, most, box } = renderPalette();
    fireEvent.change(box, { target: { value: 'さ' } });
    fireEvent.change(box, { target: { value: 'さく' } });
    await pause(PALETTE_DEBOUNCE_MS / 2);
    expect(getLists).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'さくら' } });
    await pause();
    expect(getLists).toHaveBeenCalledTimes(1);
    expect(pending[0].params.lists.map(({ filter }) => filter.query)).toContain('さくら');
    fireEvent.change(box, { target: { value: '1341234560' } });
    await pause();
    expect(pending[0].aborted()).toBe(true);
    // The micode: the pharmacies' search only.
    expect(getLists).toHaveBeenCalledTimes(2);
    expect(pending[1].params.lists).toEqual([{ resource: 'v2/core/pharmacies', filter: { addEnded: true, query: '1341234560' }, fields: expect.arrayContaining(['id', 'name', 'micode']) }]);
    pending[1].resolve([found({ data: [{ id: 9, name: 'さくら薬局 駅前店', micode: '1341234560' }], total: 1 })]);
    await pause(0);
    expect(await screen.findByRole('option', { name: /さくら薬局 駅前店/ })).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /さくら薬局 駅前店/ }).id);
    expect(most()).toBe(1);
    // Away and back: the answer is kept while the palette is open, nothing is asked again.
    fireEvent.change(box, { target: { value: '' } });
    fireEvent.change(box, { target: { value: '1341234560' } });
    await pause();
    expect(getLists).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('option', { name: /さくら薬局 駅前店/ })).toBeInTheDocument();
  });
});
