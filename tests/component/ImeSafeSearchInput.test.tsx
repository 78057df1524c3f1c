import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { FilterForm, ListBase, SearchInput, type GetListParams } from 'react-admin';
import type { ReactElement } from 'react';
import { ImeSafeSearchInput, SEARCH_DEBOUNCE_MS } from '../../src/app/ImeSafeSearchInput';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

/** Longer than every debounce on the way (this input's, react-admin's filter form's and list's). */
const PAUSE_MS = 2000;

const pause = (ms = PAUSE_MS) => act(() => vi.advanceTimersByTimeAsync(ms));

const renderList = (input: ReactElement) => {
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: [], total: 0 }));
  renderWithAdmin(
    <ListBase resource="v2/core/companies" disableSyncWithLocation>
      <FilterForm filters={[input]} />
    </ListBase>,
    { dataProvider: createTestDataProvider({ getList: getList as never }) },
  );
  /** The search texts requested after the first load. */
  const searches = () => getList.mock.calls.slice(1).map(([, params]) => params.filter.query);
  return { getList, searches };
};

/**
 * Typing 「ファーマ」 with a Japanese IME: the reading grows one keystroke at a time, then is
 * converted, then the composition ends. The user pauses between keystrokes longer than any debounce.
 */
const typeThroughIme = async (box: HTMLElement) => {
  fireEvent.compositionStart(box);
  for (const step of ['ｆ', 'ふぁ', 'ふぁー', 'ふぁーｍ', 'ふぁーま', 'ファーマ']) {
    fireEvent.change(box, { target: { value: step } });
    await pause();
  }
  fireEvent.compositionEnd(box, { data: 'ファーマ' });
  await pause();
};

describe('ImeSafeSearchInput', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends one search for 「ファーマ」 typed through IME composition, none while converting', async () => {
    const { searches } = renderList(<ImeSafeSearchInput source="query" alwaysOn placeholder="会社名で検索" />);
    await pause();
    const box = screen.getByRole('searchbox', { name: '会社名で検索' });
    await typeThroughIme(box);
    expect(searches()).toEqual(['ファーマ']);
    expect(box).toHaveValue('ファーマ');
  });

  it('debounces plain typing into one search', async () => {
    const { searches } = renderList(<ImeSafeSearchInput source="query" alwaysOn placeholder="会社名で検索" />);
    await pause();
    const box = screen.getByRole('searchbox', { name: '会社名で検索' });
    for (const value of ['ホ', 'ホー', 'ホール']) {
      fireEvent.change(box, { target: { value } });
      await pause(SEARCH_DEBOUNCE_MS / 4);
    }
    await pause();
    expect(searches()).toEqual(['ホール']);
  });

  it('Enter right after typing searches for the typed text (it used to clear the search)', async () => {
    const { searches } = renderList(<ImeSafeSearchInput source="query" alwaysOn placeholder="会社名で検索" />);
    await pause();
    const box = screen.getByRole('searchbox', { name: '会社名で検索' });
    fireEvent.change(box, { target: { value: 'ホール' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await pause();
    expect(searches()).toEqual(['ホール']);
  });

  it('the composition scenario does catch a search box that sends while converting (react-admin SearchInput)', async () => {
    const { searches } = renderList(<SearchInput source="query" alwaysOn placeholder="会社名で検索" />);
    await pause();
    await typeThroughIme(screen.getByPlaceholderText('会社名で検索'));
    expect(searches().length).toBeGreaterThan(1);
  });
});
