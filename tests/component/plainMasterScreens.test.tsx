import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { GetListParams } from 'react-admin';
import SchemaCreate from '../../src/resources/schema/form/SchemaCreate';
import SchemaList from '../../src/resources/schema/list/SchemaList';
import { WRITE_MESSAGES } from '../../src/contract/masterShape';
import { findResource } from '../../src/resources/registry';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

/*
 * Issue 37: a plain master's screens from its shape alone (お知らせ has no declaration of its
 * own), and the vocabulary traps: a yes/no filter is three-state and sends nothing for すべて,
 * an unchecked checkbox sends nothing, and the form refuses an end before the start with the
 * API's sentence, before anything is sent.
 */

const RESOURCE = 'v2/core/announcements';
const ROWS = [{ id: 1, title: '年末年始のサポート窓口休業のお知らせ', startsOn: '2026-12-01', endsOn: '2027-01-04', published: true, updatedAt: '2026-11-20T01:00:00.000Z' }];

const lastFilter = (getList: ReturnType<typeof vi.fn>) => (getList.mock.calls.at(-1)![1] as GetListParams).filter as Record<string, unknown>;

describe('お知らせ, from its shape', () => {
  it('is declared from the shape: label, api, default sort, search and the yes/no filter', () => {
    const declaration = findResource(RESOURCE)!;
    expect(declaration).toMatchObject({ label: 'お知らせ', recordLabel: 'お知らせ', api: '/api/v2/core/admin/announcements', requires: 'announcements' });
    expect(declaration.list.defaultSort).toEqual({ field: 'startsOn', order: 'DESC' });
    expect(declaration.list.filters).toEqual([
      { source: 'query', type: 'search', label: 'タイトル・本文で検索', alwaysOn: true },
      { source: 'published', type: 'yesNo', label: '公開', alwaysOn: true },
    ]);
  });

  it('filters 公開 three ways: はい sends true, いいえ false, すべて nothing', async () => {
    const getList = vi.fn(async () => ({ data: ROWS, total: 1, meta: { totalPages: 1, currentPage: 1 } }));
    renderWithAdmin(<SchemaList />, { dataProvider: createTestDataProvider({ getList: getList as never }), resource: RESOURCE, initialEntries: [`/${RESOURCE}`] });
    const user = userEvent.setup();
    const published = await screen.findByRole('combobox', { name: '公開' });
    await screen.findByText(ROWS[0].title);
    expect(lastFilter(getList)).not.toHaveProperty('published');
    await user.selectOptions(published, 'はい');
    await waitFor(() => expect(lastFilter(getList)).toEqual({ published: 'true' }));
    await user.selectOptions(published, 'いいえ');
    await waitFor(() => expect(lastFilter(getList)).toEqual({ published: 'false' }));
    await user.selectOptions(published, 'すべて');
    await waitFor(() => expect(lastFilter(getList)).toEqual({}));
  });

  it('refuses an end day before the start day with the API\'s sentence, sending nothing', async () => {
    const create = vi.fn(async () => ({ data: { id: 9 } }));
    renderWithAdmin(
      <Routes>
        <Route path={`/${RESOURCE}/new`} element={<SchemaCreate />} />
      </Routes>,
      { dataProvider: createTestDataProvider({ create } as never), resource: RESOURCE, initialEntries: [`/${RESOURCE}/new`] },
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^タイトル/), '臨時休業のお知らせ');
    await user.type(screen.getByLabelText(/^本文/), '本日は臨時休業いたします。');
    await user.type(screen.getByLabelText(/^公開開始日/), '2026-12-10');
    await user.type(screen.getByLabelText(/^公開終了日/), '2026-12-09');
    await user.click(screen.getByRole('button', { name: '新規作成' }));
    expect(await screen.findByText(WRITE_MESSAGES.notBefore('公開終了日', '公開開始日'))).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });
});

describe('a switch filter', () => {
  it('sends true when on and nothing, not false, when off (終了した薬局も表示)', async () => {
    const getList = vi.fn(async () => ({ data: [], total: 0, meta: { totalPages: 1, currentPage: 1 } }));
    renderWithAdmin(<SchemaList />, { dataProvider: createTestDataProvider({ getList: getList as never }), resource: 'v2/core/pharmacies', initialEntries: ['/v2/core/pharmacies'] });
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: '終了した薬局も表示' });
    await user.click(toggle);
    await waitFor(() => expect(lastFilter(getList)).toEqual({ addEnded: true }));
    await user.click(toggle);
    await waitFor(() => expect(lastFilter(getList)).toEqual({}));
  });
});

describe('a checkbox filter', () => {
  it('sends true when checked and nothing, not false, when unchecked', async () => {
    const getList = vi.fn(async () => ({ data: [], total: 0, meta: { totalPages: 1, currentPage: 1 } }));
    renderWithAdmin(<SchemaList />, { dataProvider: createTestDataProvider({ getList: getList as never }), resource: 'v2/core/ethical_medicines', initialEntries: ['/v2/core/ethical_medicines'] });
    const user = userEvent.setup();
    const box = await screen.findByRole('checkbox', { name: '無効になったものも含む' });
    await user.click(box);
    await waitFor(() => expect(lastFilter(getList)).toEqual({ includeInactive: true }));
    await user.click(box);
    await waitFor(() => expect(lastFilter(getList)).toEqual({}));
  });
});
