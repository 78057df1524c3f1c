import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpError, type GetManyParams } from 'react-admin';
import UserRestorePage from '../../src/customRoutes/develop/UserRestorePage';
import type { ApiResponse } from '../../src/dataProvider';
import { createSendMock, createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

const answer = (json: unknown) => ({ status: 200, headers: new Headers(), json }) as ApiResponse<unknown>;

// The pharmacies the lists name (9 no longer exists).
const getMany = vi.fn(async (_resource: string, { ids }: GetManyParams) => ({
  data: [
    { id: 1, name: 'さくら薬局 新宿店' },
    { id: 7, name: 'わかば薬局 梅田店' },
  ].filter((pharmacy) => ids.includes(pharmacy.id)),
}));

const setup = (send = createSendMock()) => {
  renderWithAdmin(<UserRestorePage />, { dataProvider: createTestDataProvider({ send, getMany: getMany as never }) });
  return send;
};

const list = (name: string) => screen.findByRole('region', { name });

describe('UserRestorePage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    getMany.mockClear();
  });

  it('calls restore once on open and shows both lists', async () => {
    const send = createSendMock();
    send.mockResolvedValue(answer({ auth0PharmacyIds: [1, 7, 9], dbPharmacyIds: [1], restored: true }));
    setup(send);
    // Each pharmacy by name, linked; one that no longer exists by its id.
    const identity = await list('認証基盤の薬局ID');
    await within(identity).findByRole('link', { name: 'さくら薬局 新宿店' });
    expect(within(identity).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['さくら薬局 新宿店', 'わかば薬局 梅田店', '#9']);
    expect(within(identity).getByRole('link', { name: 'わかば薬局 梅田店' })).toHaveAttribute('href', '/v2/core/pharmacies/7');
    const database = await list('データベースの薬局ID');
    expect(within(database).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['さくら薬局 新宿店']);
    // Both lists' names come from one lookup.
    expect(getMany).toHaveBeenCalledTimes(1);
    expect(getMany.mock.calls[0][1].ids.map(Number).sort((a, b) => a - b)).toEqual([1, 7, 9]);
    expect(screen.getByRole('status')).toHaveTextContent('認証基盤の薬局IDをデータベースの薬局IDで復元しました。');
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ method: 'POST', path: '/api/v2/core/common/users/restore', body: {} });
  });

  it('says なし for an empty list and when both already agreed', async () => {
    const send = createSendMock();
    send.mockResolvedValue(answer({ auth0PharmacyIds: [], dbPharmacyIds: [] }));
    setup(send);
    expect(within(await list('認証基盤の薬局ID')).getByText('なし')).toBeInTheDocument();
    expect(within(await list('データベースの薬局ID')).getByText('なし')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('認証基盤の薬局IDはデータベースと一致していました。');
  });

  it('shows a loading state while the call runs', async () => {
    const send = createSendMock();
    send.mockReturnValue(new Promise(() => {}));
    setup(send);
    expect(await screen.findByRole('status')).toHaveTextContent('復元しています…');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('shows a Japanese error with the server messages on failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const send = createSendMock();
    send.mockRejectedValue(new HttpError('見つかりません。', 404, { messages: ['見つかりません。'], errors: {} }));
    setup(send);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('ユーザー復元に失敗しました。');
    expect(alert).toHaveTextContent('見つかりません。');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
