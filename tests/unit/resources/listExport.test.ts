import { describe, expect, it, vi } from 'vitest';
import type { DataProvider, GetListParams } from 'react-admin';
import type { AnyResourceDeclaration } from '../../../src/resources/types';
import { exportList } from '../../../src/features/export/listExport';
import { readCsvRows } from '../../../server/shared/csv';
import { findResource } from '../../../src/resources/registry';

const companies = { name: 'companies', recordRepresentation: 'name' } as unknown as AnyResourceDeclaration;

const declaration = (paging: AnyResourceDeclaration['list']['paging']) =>
  ({
    name: 'pharmacies',
    label: '薬局',
    fields: {
      id: { type: 'id', label: 'ID' },
      companyId: { type: 'number', label: '会社', reference: { resource: 'companies' } },
      name: { type: 'text', label: '薬局名' },
      services: { type: 'multiChoice', label: '契約サービス', choices: [{ value: 'share', label: '在庫シェア' }, { value: 'medorder', label: '発注' }] },
      endedOn: { type: 'date', label: '終了日' },
      updatedAt: { type: 'datetime', label: '更新日時' },
      latitude: { type: 'decimal', label: '緯度', decimals: 6 },
    },
    list: { columns: ['id', 'companyId', 'name', 'services', 'endedOn', 'updatedAt', 'latitude'], paging },
  }) as unknown as AnyResourceDeclaration;

const record = (id: number) => ({
  id,
  companyId: id % 2 === 0 ? 7 : null,
  name: id === 2 ? '=cmd|calc' : `薬局${id}`,
  services: ['share', 'medorder'],
  endedOn: '2026-03-31',
  updatedAt: '2026-11-26T15:30:00Z',
  latitude: 35.5,
});

/** A paged list of `count` rows, 2 a page, answering as the data provider does (meta.totalPages). */
const pagedProvider = (count: number) => {
  const rows = Array.from({ length: count }, (_, index) => record(index + 1));
  const getList = vi.fn(async (_resource: string, params: GetListParams) => {
    const page = params.pagination!.page;
    return { data: rows.slice((page - 1) * 2, page * 2), total: count, meta: { currentPage: page, totalPages: Math.ceil(count / 2) } };
  });
  const getMany = vi.fn(async (_resource: string, { ids }: { ids: unknown[] }) => ({ data: ids.filter((id) => id === 7).map((id) => ({ id, name: '会社七' })) }));
  return { getList, getMany } as unknown as DataProvider & { getList: typeof getList; getMany: typeof getMany };
};

const read = async (blob: Blob, encoding: string) => new TextDecoder(encoding, { ignoreBOM: false }).decode(await blob.arrayBuffer());

describe('exportList', () => {
  it('writes every page with the visible columns, as the list shows them, asking as the list asks', async () => {
    const dataProvider = pagedProvider(5);
    const progress: number[] = [];
    const { blob, rows, replaced } = await exportList({
      dataProvider,
      resource: declaration({ mode: 'pages' }),
      findDeclaration: (name) => (name === 'companies' ? companies : undefined),
      filter: { query: '薬局' },
      sort: { field: 'updatedAt', order: 'DESC' },
      columns: ['id', 'companyId', 'name', 'services', 'endedOn', 'updatedAt', 'latitude'],
      encoding: 'cp932',
      signal: new AbortController().signal,
      onProgress: ({ rows: done }) => progress.push(done),
    });
    expect(rows).toBe(5);
    expect(replaced).toBe(0);
    expect(progress).toEqual([2, 4, 5]);
    expect(dataProvider.getList.mock.calls.map(([, params]) => [params.pagination!.page, params.filter, params.sort])).toEqual(
      [1, 2, 3].map((page) => [page, { query: '薬局' }, { field: 'updatedAt', order: 'DESC' }]),
    );
    // One lookup for company 7 in the whole export, not one a page.
    expect(dataProvider.getMany).toHaveBeenCalledTimes(1);
    expect(readCsvRows(await read(blob, 'shift_jis'))).toEqual([
      ['ID', '会社', '薬局名', '契約サービス', '終了日', '更新日時', '緯度'],
      ['1', '', '薬局1', '在庫シェア、発注', '2026/03/31', '2026/11/27 00:30', '35.500000'],
      ['2', '会社七', "'=cmd|calc", '在庫シェア、発注', '2026/03/31', '2026/11/27 00:30', '35.500000'],
      ['3', '', '薬局3', '在庫シェア、発注', '2026/03/31', '2026/11/27 00:30', '35.500000'],
      ['4', '会社七', '薬局4', '在庫シェア、発注', '2026/03/31', '2026/11/27 00:30', '35.500000'],
      ['5', '', '薬局5', '在庫シェア、発注', '2026/03/31', '2026/11/27 00:30', '35.500000'],
    ]);
  });

  it('UTF-8 starts with the BOM; hidden columns are left out', async () => {
    const { blob } = await exportList({
      dataProvider: pagedProvider(1),
      resource: declaration({ mode: 'pages' }),
      findDeclaration: () => undefined,
      filter: {},
      columns: ['id', 'name'],
      encoding: 'utf8',
      signal: new AbortController().signal,
    });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('ID,薬局名\r\n1,薬局1\r\n');
  });

  it('stops on cancel: no page after the abort is asked, and the export rejects', async () => {
    const dataProvider = pagedProvider(40);
    const abort = new AbortController();
    const run = exportList({
      dataProvider,
      resource: declaration({ mode: 'pages' }),
      findDeclaration: () => undefined,
      filter: {},
      columns: ['id'],
      encoding: 'utf8',
      signal: abort.signal,
      onProgress: ({ rows }) => {
        if (rows >= 4) abort.abort();
      },
    });
    await expect(run).rejects.toThrow();
    // Page 1, page 2 (then the abort), and at most the pages already in flight.
    expect(dataProvider.getList.mock.calls.length).toBeLessThanOrEqual(5);
    expect(dataProvider.getList.mock.calls.every(([, params]) => params.signal === abort.signal)).toBe(true);
  });

  it('follows continuation tokens, and writes a row that moved to a later page once', async () => {
    const answers = [
      { data: [record(1), record(2)], meta: { nextToken: 't2' } },
      { data: [record(2), record(3)], meta: { nextToken: undefined } },
    ];
    const getList = vi.fn(async (_resource: string, params: GetListParams) => answers[params.pagination!.page - 1]);
    const { blob, rows } = await exportList({
      dataProvider: { getList } as unknown as DataProvider,
      resource: declaration({ mode: 'token', tokenParam: 'token', nextTokenKey: 'next' }),
      findDeclaration: () => undefined,
      filter: {},
      columns: ['id'],
      encoding: 'utf8',
      signal: new AbortController().signal,
    });
    expect(rows).toBe(3);
    expect(getList.mock.calls[1][1].meta).toEqual({ token: 't2' });
    expect(await read(blob, 'utf-8')).toBe('ID\r\n1\r\n2\r\n3\r\n');
  });

  it('writes 最近の変更\'s 変更した項目 by each master\'s labels as the screen shows them, not the API\'s keys', async () => {
    const versions = [
      { id: 3, itemType: 'v2/core/pharmacies', itemId: 1, event: 'update', objectChanges: { 'pharmacyInvoice.invoiceNumber': ['T1', 'T2'], companyId: [1, 2], note: [null, 'x'] } },
      { id: 2, itemType: 'v2/core/companies', itemId: 5, event: 'update', objectChanges: { name: ['旧', '新'], note: ['a', null] } },
      // A manual category: no screen of its own, its labels from the contract.
      { id: 4, itemType: 'v2/core/manual_categories', itemId: 3, event: 'update', objectChanges: { name: ['旧', '新'], parentId: [null, 1] } },
      { id: 1, itemType: 'v2/core/gone', itemId: 9, event: 'update', objectChanges: { someKey: [1, 2] } },
    ];
    const getList = vi.fn(async () => ({ data: versions, total: versions.length, meta: { totalPages: 1, currentPage: 1 } }));
    const { blob } = await exportList({
      dataProvider: { getList } as unknown as DataProvider,
      resource: findResource('v2/core/versions')!,
      findDeclaration: findResource,
      filter: {},
      columns: ['itemType', 'itemId', 'changedFields'],
      encoding: 'utf8',
      signal: new AbortController().signal,
    });
    expect(readCsvRows(await read(blob, 'utf-8'))).toEqual([
      ['マスター', 'レコードID', '変更した項目'],
      ['薬局', '1', '適格請求書発行事業者登録番号、会社、備考'],
      ['薬局会社', '5', '会社名、備考'],
      ['マニュアルカテゴリ', '3', 'カテゴリ名、親カテゴリ'],
      // A master the portal does not declare: its keys, as the screen shows them.
      ['不明', '9', 'someKey'],
    ]);
  });
});
