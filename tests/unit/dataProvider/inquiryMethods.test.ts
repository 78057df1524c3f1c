import { ALL_CAPABILITIES } from '../../../src/contract/additions';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/dataProvider/apiClient';
import { createDataProvider } from '../../../src/dataProvider';
import { testEnvironment } from '../support/environment';
import { setupMswServer } from '../support/mswServer';

const server = setupMswServer();
const CORE = 'http://localhost/core/api/v2';
const dataProvider = createDataProvider({
  capabilities: ALL_CAPABILITIES,
  client: createApiClient({ environment: testEnvironment(), getToken: async () => 'token' }),
  resources: [],
});
const pages = (page: number, total: number) => ({ 'x-current-page': String(page), 'x-total-pages': String(total), 'x-total-count': '0' });

describe('inquiry methods', () => {
  it('reads a page of rooms with its filter, paging and unread total; instants become Dates', async () => {
    let url = '';
    server.use(
      http.get(`${CORE}/admin/inquiry_rooms`, ({ request }) => {
        url = request.url;
        return HttpResponse.json(
          [{ id: 1, name: '件名', status: 'new', unread_count: 2, last_message: { id: 3, content: 'a', created_at: '2026-11-22T00:00:00Z' }, pharmacy: { id: 5, name: '薬局', address1: '東京都' } }],
          { headers: { ...pages(1, 4), 'x-unread-total': '7' } },
        );
      }),
    );
    const page = await dataProvider.getInquiryRooms({ page: 1, pharmacyId: 5, status: 'new,replied' });
    expect(new URL(url).search).toBe('?page=1&pharmacy_id=5&status=new,replied');
    expect(page).toMatchObject({ currentPage: 1, totalPages: 4, unreadTotal: 7 });
    expect(page.rooms[0]).toMatchObject({ unreadCount: 2, lastMessage: { createdAt: new Date('2026-11-22T00:00:00Z') } });
  });

  it('loops over every page of messages', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${CORE}/admin/inquiry_rooms/9/messages`, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        asked.push(String(page));
        return HttpResponse.json([{ id: page, content: `p${page}`, files: [], created_at: '2026-11-22T00:00:00Z' }], { headers: pages(page, 3) });
      }),
    );
    expect((await dataProvider.getInquiryMessages(9)).map((m) => m.content)).toEqual(['p1', 'p2', 'p3']);
    expect(asked).toEqual(['1', '2', '3']);
  });

  it('uploads an attachment to the presigned URL, then posts the message with its file descriptor', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get(`${CORE}/admin/inquiry_messages/file_presigned_url`, ({ request }) => {
        // Section 7's link takes no parameter: the PUT's Content-Type says the type.
        expect(new URL(request.url).search).toBe('');
        return HttpResponse.json({ presigned_url: 'http://storage.localhost/x?sig=1', object_name: 'uploads/1/x' });
      }),
      http.put('http://storage.localhost/x', ({ request }) => {
        expect(request.headers.get('content-type')).toBe('image/png');
        return new HttpResponse(null, { status: 200 });
      }),
      http.post(`${CORE}/admin/inquiry_rooms/9/messages`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ id: 1, content: 'a', files: [], created_at: '2026-11-22T00:00:00Z' }, { status: 201 });
      }),
    );
    const file = new File([new Uint8Array([0x89, 0x50])], '棚.PNG', { type: 'image/png' });
    await dataProvider.sendInquiryMessage(9, { content: '写真', replyMessageId: 4, file });
    await dataProvider.sendInquiryMessage(9, { content: '文字だけ' });
    expect(bodies).toEqual([
      { content: '写真', reply_message_id: 4, file: { file_name_s3: 'uploads/1/x', name: '棚.PNG', size: 2, file_type: 'image/png', extension: 'png' } },
      { content: '文字だけ', reply_message_id: null },
    ]);
  });
});
