import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import EthicalMedicineImportPage from '../../src/resources/ethicalMedicines/EthicalMedicineImportPage';
import { defaultStartDate } from '../../src/contract/ethicalMedicineImportRules';
import type { ApiRequest, ApiResponse } from '../../src/dataProvider';
import { createSendMock, createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

const answer = (json: unknown, status = 200) => ({ status, headers: new Headers(), json }) as ApiResponse<unknown>;

const FAILED_IMPORT = {
  action: 'import', kind: 'medhot', jobId: 'j1', name: 'MEDHOTマスター 取り込み', status: 'FAILED',
  statusReason: 'MEDHOT_20261020.csv を取り込めませんでした。3行目: 列の数が2です（14列のはずです）。', result: null,
  createdAt: new Date('2026-11-20T01:00:00.000Z'), startedAt: null, stoppedAt: null,
};

const setup = () => {
  const send = createSendMock();
  send.mockImplementation(async (request: ApiRequest) => (request.method === 'POST' ? answer({ jobId: 'new' }, 202) : answer([FAILED_IMPORT])));
  renderWithAdmin(<EthicalMedicineImportPage />, { dataProvider: createTestDataProvider({ send }) });
  return send;
};

describe('EthicalMedicineImportPage', () => {
  afterEach(() => vi.useRealTimers());

  it('shows three cards with the spec defaults and the last job of each', async () => {
    setup();
    const hot = await screen.findByRole('region', { name: 'HOTコードマスター' });
    expect(within(hot).getByLabelText(/開始日/)).toHaveValue(defaultStartDate());
    expect(within(hot).getByLabelText(/開始日/)).toHaveAttribute('min', '2001-12-28');
    expect(within(screen.getByRole('region', { name: 'MEDHOTマスター' })).getByLabelText(/開始日/)).toHaveAttribute('min', '2015-06-30');
    const insurance = screen.getByRole('region', { name: '医療保険マスター' });
    expect(within(insurance).getByText('2019年')).toBeInTheDocument();
    const medhot = screen.getByRole('region', { name: 'MEDHOTマスター' });
    expect(await within(medhot).findByText(FAILED_IMPORT.statusReason)).toBeInTheDocument();
    expect(within(medhot).getByText('失敗')).toBeInTheDocument();
  });

  it('starts a download with the chosen date, says so for 5 s, and starts an import with no body', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const send = setup();
    const hot = await screen.findByRole('region', { name: 'HOTコードマスター' });
    fireEvent.change(within(hot).getByLabelText(/開始日/), { target: { value: '2025-01-15' } });
    fireEvent.click(within(hot).getByRole('button', { name: 'ダウンロード開始' }));
    expect(await screen.findByText('HOTコードマスターのダウンロードを開始しました。')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith({ method: 'POST', path: '/api/v2/core/master/ethical_medicines/downloads/hot_code', body: { startDate: '2025-01-15' } });
    // Let the alert's effect start its timer, then move the clock.
    await act(async () => {});
    await act(async () => vi.advanceTimersByTime(4_900));
    expect(screen.getByText('HOTコードマスターのダウンロードを開始しました。')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.queryByText('HOTコードマスターのダウンロードを開始しました。')).toBeNull();

    const insurance = screen.getByRole('region', { name: '医療保険マスター' });
    fireEvent.click(within(insurance).getByRole('button', { name: 'ダウンロード開始' }));
    expect(await screen.findByText('医療保険マスターのダウンロードを開始しました。')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith({ method: 'POST', path: '/api/v2/core/master/ethical_medicines/downloads/iryohoken', body: { startYear: 2019 } });
    // An import asks first, saying it rewrites the medicine master; nothing is sent before.
    fireEvent.click(within(insurance).getByRole('button', { name: '取り込み開始' }));
    const confirm = screen.getByRole('dialog', { name: '医療保険マスターの取り込みの確認' });
    expect(confirm).toHaveTextContent('医療用医薬品マスター（薬価・名称など）を更新します。');
    expect(within(confirm).getByRole('button', { name: 'キャンセル' })).toHaveFocus();
    expect(send).not.toHaveBeenCalledWith({ method: 'POST', path: '/api/v2/core/master/ethical_medicines/imports/iryohoken' });
    fireEvent.click(within(confirm).getByRole('button', { name: '取り込み開始' }));
    expect(await screen.findByText('医療保険マスターの取り込みを開始しました。')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith({ method: 'POST', path: '/api/v2/core/master/ethical_medicines/imports/iryohoken' });
  });

  it('refuses a HOT start date before 2001-12-28 without calling the API', async () => {
    const send = setup();
    const hot = await screen.findByRole('region', { name: 'HOTコードマスター' });
    fireEvent.change(within(hot).getByLabelText(/開始日/), { target: { value: '2001-12-27' } });
    fireEvent.click(within(hot).getByRole('button', { name: 'ダウンロード開始' }));
    // The browser's own range check (min) stops the submit before the form's rule would.
    expect((within(hot).getByLabelText(/開始日/) as HTMLInputElement).validity.rangeUnderflow).toBe(true);
    await act(async () => {});
    expect(send.mock.calls.filter(([request]) => request.method === 'POST')).toEqual([]);
  });
});
