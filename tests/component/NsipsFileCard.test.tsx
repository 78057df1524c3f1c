import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createHttpError } from '../../src/dataProvider/httpError';
import { NsipsFileCard } from '../../src/resources/nsipses/NsipsFileCard';
import { NsipsFileDialog } from '../../src/resources/nsipses/NsipsFileDialog';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

/** 「①㈱\r\n」 in CP932. */
const CP932 = new Uint8Array([0x87, 0x40, 0x87, 0x8a, 0x0d, 0x0a]);
const LINK = 'https://storage.example.test/nsips/12/a.csv?sig=1';

const providerWith = (download: () => Promise<ArrayBuffer>) =>
  Object.assign(createTestDataProvider(), {
    getNsipsFileLink: vi.fn(async () => LINK),
    downloadNsipsFile: vi.fn((_url: string, _signal?: AbortSignal) => download()),
  });

describe('NsipsFileCard', () => {
  it('fetches the temporary link, then the bytes, and shows them decoded as CP932 with the link to the original', async () => {
    const dataProvider = providerWith(async () => CP932.slice().buffer);
    renderWithAdmin(<NsipsFileCard pharmacyId="12" filename="a.csv" />, { dataProvider });
    const text = await screen.findByRole('region', { name: 'a.csvの内容（CP932として表示）' });
    expect(text.textContent).toBe('①㈱\r\n');
    const link = screen.getByRole('link', { name: 'Shift_JISのままダウンロード' });
    expect(link.getAttribute('href')).toBe(LINK);
    expect(link.getAttribute('download')).toBe('a.csv');
    expect(screen.getByText('6 バイト')).toBeTruthy();
    expect(dataProvider.getNsipsFileLink).toHaveBeenCalledWith('12', 'a.csv');
    expect(dataProvider.downloadNsipsFile.mock.calls[0][0]).toBe(LINK);
  });

  it('says in Japanese why a file could not be read (an expired link)', async () => {
    const dataProvider = providerWith(async () => {
      throw createHttpError(403, { errors: ['URLの有効期限が切れています。'] });
    });
    renderWithAdmin(<NsipsFileCard pharmacyId="12" filename="a.csv" />, { dataProvider });
    expect((await screen.findByRole('alert')).textContent).toBe('ファイルを読み込めませんでした。URLの有効期限が切れています。');
    expect(screen.queryByRole('link', { name: 'Shift_JISのままダウンロード' })).toBeNull();
  });

  it('is what the list’s modal shows, and the modal closes', async () => {
    const dataProvider = providerWith(async () => CP932.slice().buffer);
    const onClose = vi.fn();
    renderWithAdmin(<NsipsFileDialog pharmacyId="12" filename="a.csv" onClose={onClose} />, { dataProvider });
    const dialog = await screen.findByRole('dialog', { name: 'NSIPSファイル' });
    expect((await within(dialog).findByRole('region', { name: 'a.csvの内容（CP932として表示）' })).textContent).toBe('①㈱\r\n');
    await userEvent.click(within(dialog).getByRole('button', { name: '閉じる' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
