import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetListParams } from 'react-admin';
import OpenImportRequestList from '../../src/resources/stockableItemImportRequests/OpenImportRequestList';
import { firstListQuery } from '../../src/app/listPrefetch';
import { resources } from '../../src/resources/registry';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

const NAME = 'v2/core/master_sources/stockable_item_import_requests';
const request = { id: 7, code: '620000001', codeType: 'receipt_code', state: 'open', requestedAt: new Date('2026-11-20T01:00:00Z') };

describe('open import requests', () => {
  it('asks for the open requests only: no unfiltered call, before or after', async () => {
    const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: [request], total: 1, meta: { totalPages: 1, currentPage: 1 } }));
    renderWithAdmin(<OpenImportRequestList />, { dataProvider: createTestDataProvider({ getList: getList as never }), resource: NAME, initialEntries: [`/${NAME}`] });
    expect(await screen.findByText('620000001')).toBeInTheDocument();
    expect(getList.mock.calls.map(([, params]) => params.filter)).toEqual([{ state: 'open' }]);
    // The start-up list prefetch leaves this screen alone: it would ask without the filter.
    expect(firstListQuery(resources, { pathname: `/${NAME}`, search: '' })).toBeUndefined();
  });

  it('却下 and 更新 ask first, naming the code and its kind, focused on キャンセル; nothing is sent until confirmed', async () => {
    const getList = vi.fn(async () => ({ data: [request], total: 1, meta: { totalPages: 1, currentPage: 1 } }));
    const rejectImportRequest = vi.fn(async () => {});
    const acceptImportRequest = vi.fn(async () => {});
    const dataProvider = createTestDataProvider({ getList: getList as never });
    Object.assign(dataProvider, { rejectImportRequest, acceptImportRequest });
    renderWithAdmin(<OpenImportRequestList />, { dataProvider, resource: NAME, initialEntries: [`/${NAME}`] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '却下' }));
    const dialog = screen.getByRole('dialog', { name: '却下の確認' });
    expect(dialog).toHaveTextContent('レセプト電算コード 620000001 の取り込み依頼を却下します。');
    expect(within(dialog).getByRole('button', { name: 'キャンセル' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rejectImportRequest).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '更新' }));
    const accept = screen.getByRole('dialog', { name: '更新の確認' });
    expect(accept).toHaveTextContent('レセプト電算コード 620000001 を発注マスターに取り込み');
    await user.click(within(accept).getByRole('button', { name: '更新' }));
    expect(acceptImportRequest).toHaveBeenCalledWith(7);
  });
});
