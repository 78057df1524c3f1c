import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { AdminContext, testDataProvider, useGetList, useGetMany, useGetManyReference, useGetOne, useUpdate, type DataProvider } from 'react-admin';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../src/app/queryClient';

/** What a list answers for a pharmacy (its projection) and what the record's own answer holds. */
const row = { id: 1, name: '医療法人さくら会 さくら薬局 新宿西口店' };
const record = { ...row, pharmacyInvoice: { invoiceNumber: 'T6221848063027' }, access: '新宿駅西口から徒歩3分' };

const setup = (overrides: Partial<DataProvider> = {}) => {
  const dataProvider = testDataProvider({
    getList: vi.fn(async () => ({ data: [{ ...row }], total: 1 })) as DataProvider['getList'],
    getMany: vi.fn(async () => ({ data: [{ ...row }] })) as DataProvider['getMany'],
    getManyReference: vi.fn(async () => ({ data: [{ ...row }], total: 1 })) as DataProvider['getManyReference'],
    getOne: vi.fn(async () => ({ data: { ...record } })) as DataProvider['getOne'],
    update: vi.fn(async (_resource: string, params: { data: object }) => ({ data: { ...record, ...params.data } })) as unknown as DataProvider['update'],
    ...overrides,
  });
  // The app's own client, with its 30-second freshness: the repro needed a fresh list cache.
  const queryClient = createQueryClient({ queries: { retry: false } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AdminContext dataProvider={dataProvider} queryClient={queryClient}>
      {children}
    </AdminContext>
  );
  return { dataProvider, queryClient, wrapper };
};

const recordKey = ['pharmacies', 'getOne', { id: '1', meta: undefined }];

describe('a list answer never satisfies a record query', () => {
  it.each([
    ['getList', () => useGetList('pharmacies', { pagination: { page: 1, perPage: 25 } })],
    ['getMany', () => useGetMany('pharmacies', { ids: [1] })],
    ['getManyReference', () => useGetManyReference('pharmacies', { target: 'companyId', id: 7, pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' } })],
  ])('after %s, the record is asked for and shown whole', async (_kind, useRows) => {
    const { dataProvider, queryClient, wrapper } = setup();
    const rows = renderHook(useRows, { wrapper });
    await waitFor(() => expect(rows.result.current.data).toHaveLength(1));
    // react-admin would have filed the row as the record; the app's client refuses it.
    expect(queryClient.getQueryData(recordKey)).toBeUndefined();

    const detail = renderHook(() => useGetOne('pharmacies', { id: 1 }), { wrapper });
    await waitFor(() => expect(detail.result.current.data).toEqual(record));
    expect(dataProvider.getOne).toHaveBeenCalledTimes(1);
  });

  it('keeps the record fresh on a remount: one getOne for two visits within the stale time', async () => {
    const { dataProvider, wrapper } = setup();
    const first = renderHook(() => useGetOne('pharmacies', { id: 1 }), { wrapper });
    await waitFor(() => expect(first.result.current.data).toEqual(record));
    first.unmount();
    renderHook(() => useGetList('pharmacies', { pagination: { page: 1, perPage: 25 } }), { wrapper });
    const second = renderHook(() => useGetOne('pharmacies', { id: 1 }), { wrapper });
    expect(second.result.current.data).toEqual(record);
    await waitFor(() => expect(dataProvider.getList).toHaveBeenCalledTimes(1));
    expect(dataProvider.getOne).toHaveBeenCalledTimes(1);
  });

  it('a list answered after the record leaves the record as it was', async () => {
    const { queryClient, wrapper } = setup();
    const detail = renderHook(() => useGetOne('pharmacies', { id: 1 }), { wrapper });
    await waitFor(() => expect(detail.result.current.data).toEqual(record));
    const rows = renderHook(() => useGetList('pharmacies', { pagination: { page: 1, perPage: 25 } }), { wrapper });
    await waitFor(() => expect(rows.result.current.data).toHaveLength(1));
    expect(queryClient.getQueryData(recordKey)).toEqual(record);
  });

  it('an update still refreshes the record it saved', async () => {
    const { queryClient, wrapper } = setup();
    const detail = renderHook(() => useGetOne('pharmacies', { id: 1 }), { wrapper });
    await waitFor(() => expect(detail.result.current.data).toEqual(record));
    const mutation = renderHook(() => useUpdate(), { wrapper });
    await act(() => mutation.result.current[0]('pharmacies', { id: 1, data: { access: '南口から徒歩1分' }, previousData: record }, { mutationMode: 'pessimistic' }));
    await waitFor(() => expect(queryClient.getQueryData(recordKey)).toEqual({ ...record, access: '南口から徒歩1分' }));
  });
});
