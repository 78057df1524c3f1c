import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import MasterFileRows from '../../src/resources/masterFiles/MasterFileRows';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

describe('master file rows (option file)', () => {
  it('labels the columns as the master does, 薬効分類番号 included, and shows the 1 / 0 flags as はい / いいえ', async () => {
    const dataProvider = createTestDataProvider();
    const rows = [
      { line: 2, hotCode: '1001372010101', genericName: '【般】アムロジピン錠５ｍｇ', therapeuticCategory: '2171', generic: 1 },
      { line: 3, hotCode: '1001372010102', genericName: null, therapeuticCategory: '2171', generic: 0 },
    ];
    const getRows = vi.fn(async () => ({ rows, totalCount: 2, totalPages: 1 }));
    Object.assign(dataProvider, { getMasterFileRows: getRows });
    renderWithAdmin(
      <RecordContextProvider value={{ id: 5, fileName: 'MEDIS_OPTION_20261022.csv' }}>
        <MasterFileRows />
      </RecordContextProvider>,
      { dataProvider, resource: 'v2/core/master_sources/medis_options' },
    );
    const table = await screen.findByRole('table', { name: 'MEDIS_OPTION_20261022.csv の行' });
    expect(getRows).toHaveBeenCalledWith('medis_option_rows', 'medisOptionId', 5, 1);
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['行番号', 'HOTコード', '一般名', '薬効分類番号', '後発品']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', '1001372010101', '【般】アムロジピン錠５ｍｇ', '2171', 'はい']);
    expect(within(second).getAllByRole('cell').at(-1)?.textContent).toBe('いいえ');
  });

  it('names every column, shows days as yyyy年M月d日 and keeps short cells and headers on one line (issue 23)', async () => {
    const dataProvider = createTestDataProvider();
    const rows = [
      { line: 2, hotCode: '1001372010101', hotCodes: ['1001372010101', '1001372010102'], packetForm: 'ＰＴＰ', interimPeriodOn: '2019-11-07', inactiveOn: null },
    ];
    Object.assign(dataProvider, { getMasterFileRows: vi.fn(async () => ({ rows, totalCount: 1, totalPages: 1 })) });
    renderWithAdmin(
      <RecordContextProvider value={{ id: 3, fileName: 'MEDIS_GS1_20261022.csv' }}>
        <MasterFileRows />
      </RecordContextProvider>,
      { dataProvider, resource: 'v2/core/master_sources/medis_gs1s' },
    );
    const table = await screen.findByRole('table', { name: 'MEDIS_GS1_20261022.csv の行' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).not.toContain('hotCodes');
    expect(headers.map((cell) => cell.textContent)).toContain('対応するHOTコード');
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toContain('2019年11月7日');
    expect(cells.map((cell) => cell.textContent)).toContain('1001372010101、1001372010102');
    // 包装形態 and 行番号 wrapped one character per line; headers letter by letter.
    const short = [...headers, ...cells].filter((cell) => (cell.textContent ?? '').length <= 16);
    expect(short.map((cell) => cell.textContent)).toEqual(expect.arrayContaining(['行番号', '包装形態', '2', 'ＰＴＰ']));
    for (const cell of short) expect(getComputedStyle(cell).whiteSpace, cell.textContent ?? '').toBe('nowrap');
  });
});
