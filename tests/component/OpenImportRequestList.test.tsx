import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
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
});
