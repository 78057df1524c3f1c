import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { GetListParams, GetListResult } from 'react-admin';
import CommandPaletteDialog from '../../src/app/palette/CommandPaletteDialog';
import { PALETTE_DEBOUNCE_MS } from '../../src/app/palette/paletteLookups';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

const pause = (ms = PALETTE_DEBOUNCE_MS * 4) => act(() => vi.advanceTimersByTimeAsync(ms));

/** A getList whose answers the test releases one by one, recording what is out at once. */
const controlledGetList = () => {
  const pending: { resource: string; params: GetListParams; resolve: (result: GetListResult) => void; aborted: () => boolean }[] = [];
  let out = 0;
  let most = 0;
  const getList = vi.fn(
    (resource: string, params: GetListParams) =>
      new Promise<GetListResult>((resolve, reject) => {
        out += 1;
        most = Math.max(most, out);
        const signal = (params as GetListParams & { signal?: AbortSignal }).signal;
        const entry = {
          resource,
          params,
          resolve: (result: GetListResult) => {
            out -= 1;
            resolve(result);
          },
          aborted: () => signal?.aborted ?? false,
        };
        signal?.addEventListener('abort', () => {
          out -= 1;
          reject(new DOMException('aborted', 'AbortError'));
        });
        pending.push(entry);
      }),
  );
  return { getList, pending, most: () => most };
};

const renderPalette = () => {
  const controlled = controlledGetList();
  renderWithAdmin(<CommandPaletteDialog open onClose={() => undefined} />, { dataProvider: createTestDataProvider({ getList: controlled.getList as never }) });
  const box = screen.getByRole('combobox', { name: /ジャンプ先を検索/ });
  return { ...controlled, box };
};

describe('the jump palette’s calls', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends nothing during an IME composition, then one lookup at a time', async () => {
    const { getList, pending, most, box } = renderPalette();
    fireEvent.compositionStart(box);
    for (const step of ['ｆ', 'ふぁ', 'ふぁー', 'ふぁーま', 'ファーマ']) {
      fireEvent.change(box, { target: { value: step } });
      await pause();
    }
    expect(getList).not.toHaveBeenCalled();
    fireEvent.compositionEnd(box, { data: 'ファーマ' });
    await pause();
    // Names: one master after the other, each starting when the last answered.
    let answered = 0;
    while (pending.length > answered) {
      expect(pending.length).toBe(answered + 1);
      pending[answered].resolve({ data: [{ id: answered + 1, name: `ファーマ${answered}`, title: 'ファーマ', brandName: 'ファーマ' }], total: 1 });
      answered += 1;
      await pause(0);
    }
    expect(answered).toBeGreaterThan(3);
    expect(most()).toBe(1);
    expect(getList.mock.calls.every(([, params]) => Object.values(params.filter).includes('ファーマ'))).toBe(true);
    expect(await screen.findByRole('status')).toHaveTextContent(/^\d+件$/);
  });

  it('a newer text aborts the call out and drops the rest; typing is debounced', async () => {
    const { getList, pending, most, box } = renderPalette();
    fireEvent.change(box, { target: { value: 'さ' } });
    fireEvent.change(box, { target: { value: 'さく' } });
    await pause(PALETTE_DEBOUNCE_MS / 2);
    expect(getList).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'さくら' } });
    await pause();
    expect(getList).toHaveBeenCalledTimes(1);
    expect(pending[0].params.filter.query).toBe('さくら');
    fireEvent.change(box, { target: { value: '1341234560' } });
    await pause();
    expect(pending[0].aborted()).toBe(true);
    // The micode: the pharmacies' search only.
    expect(getList).toHaveBeenCalledTimes(2);
    expect(pending[1]).toMatchObject({ resource: 'v2/core/pharmacies', params: { filter: { addEnded: true, query: '1341234560' } } });
    pending[1].resolve({ data: [{ id: 9, name: 'さくら薬局 駅前店', micode: '1341234560' }], total: 1 });
    await pause(0);
    expect(await screen.findByRole('option', { name: /さくら薬局 駅前店/ })).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /さくら薬局 駅前店/ }).id);
    expect(most()).toBe(1);
  });
});
