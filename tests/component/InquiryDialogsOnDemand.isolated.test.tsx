import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { AppLayout } from '../../src/layout/AppLayout';
import InquiriesPage from '../../src/customRoutes/inquiries/InquiriesPage';
import type { ApiRequest, ApiResponse } from '../../src/dataProvider';
import { createSendMock, createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

/**
 * Issue 38: the inquiry screen's dialogs are a chunk of their own, asked when the page is idle,
 * not in the render that first draws the rooms. A dialog asked for before then (the page never
 * idle, as on a busy machine) loads its chunk at once and opens.
 */
vi.hoisted(() => {
  // The page is never idle in this file: only the wish for a dialog may load their chunk.
  (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback = () => 0;
});
const cable = vi.hoisted(() => ({ subscriptions: [] as { params: Record<string, unknown>; mixin: { connected?: (details: { reconnected: boolean }) => void } }[] }));
vi.mock('@rails/actioncable', () => ({
  createConsumer: () => ({
    subscriptions: {
      create: (params: Record<string, unknown>, mixin: (typeof cable.subscriptions)[number]['mixin']) => {
        cable.subscriptions.push({ params, mixin });
        return { unsubscribe: () => undefined };
      },
    },
    disconnect: () => undefined,
  }),
}));

const room = {
  id: 1,
  name: 'ルーム1',
  status: 'new',
  unread_count: 0,
  last_message: { id: 10, content: 'メッセージ1', created_at: '2026-11-01T00:00:00Z', sender_id: 55 },
  pharmacy: { id: 1, name: 'かもめ薬局 新宿店', address1: '東京都' },
};

describe('the inquiry screen on a page that is never idle (issue 38)', () => {
  it('opens the filter dialog when asked, loading its chunk then', async () => {
    const user = userEvent.setup();
    const send = createSendMock();
    send.mockImplementation(async (request: ApiRequest) => {
      if (request.path.endsWith('/admin/inquiry_rooms')) {
        return { status: 200, headers: new Headers({ 'x-current-page': '1', 'x-total-pages': '1', 'x-unread-total': '0' }), json: [room] } as ApiResponse<unknown>;
      }
      return { status: 200, headers: new Headers(), json: { id: 1, name: '管理 花子' } } as ApiResponse<unknown>;
    });
    renderWithAdmin(
      <AppLayout>
        <Routes>
          <Route path="/v2/core/inquiries" element={<InquiriesPage />} />
        </Routes>
      </AppLayout>,
      { dataProvider: createTestDataProvider({ send }), initialEntries: ['/v2/core/inquiries'] },
    );
    await waitFor(() => expect(cable.subscriptions.find((made) => made.params.channel === 'InquiryRoomsChannel')).toBeDefined());
    act(() => cable.subscriptions.find((made) => made.params.channel === 'InquiryRoomsChannel')!.mixin.connected?.({ reconnected: false }));
    await within(await screen.findByRole('list', { name: '問い合わせルーム' })).findByText('ルーム1');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: '絞り込み' }));
    const dialog = await screen.findByRole('dialog', { name: '絞り込み' }, { timeout: 10_000 });
    expect(within(dialog).getByRole('button', { name: '適用' })).toBeInTheDocument();
  }, 60_000);
});
