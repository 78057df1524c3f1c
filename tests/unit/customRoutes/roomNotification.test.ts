import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InquiryRoom } from '../../../src/dataProvider/methods/inquiries';
import { roomNotification, type NotificationContext } from '../../../src/customRoutes/inquiries/roomNotification';

const room = (overrides: Partial<InquiryRoom> = {}): InquiryRoom => ({
  id: 7,
  name: '在庫数が合わない',
  status: 'new',
  unreadCount: 1,
  lastMessage: { id: 100, content: '在庫数が合いません。', createdAt: new Date('2026-11-26T01:00:00Z'), senderId: 55 },
  pharmacy: { id: 1, name: 'かもめ薬局 新宿店', address1: '東京都' },
  ...overrides,
});
const elsewhere: NotificationContext = { selectedRoomId: 8, pageVisible: true, myUserId: 1, previousLastMessageId: 99 };

describe('which live room updates notify the desktop (issue 25)', () => {
  it('a new unread message from someone else, in a room not on screen, names the pharmacy and the room', () => {
    expect(roomNotification(room(), elsewhere)).toEqual({ title: 'かもめ薬局 新宿店：在庫数が合わない', body: '在庫数が合いません。', tag: 'inquiry-room-7' });
    // The open room, but the tab is hidden: the agent is not looking.
    expect(roomNotification(room(), { ...elsewhere, selectedRoomId: 7, pageVisible: false })).toBeDefined();
    // A room the list had not shown yet (a new room).
    expect(roomNotification(room(), { ...elsewhere, previousLastMessageId: undefined })).toBeDefined();
  });

  it('stays quiet for the open room in view, my own message, a message already seen, a read room and an empty room', () => {
    expect(roomNotification(room(), { ...elsewhere, selectedRoomId: 7 })).toBeUndefined();
    expect(roomNotification(room(), { ...elsewhere, myUserId: 55 })).toBeUndefined();
    expect(roomNotification(room(), { ...elsewhere, myUserId: '55' })).toBeUndefined();
    expect(roomNotification(room(), { ...elsewhere, previousLastMessageId: 100 })).toBeUndefined();
    expect(roomNotification(room({ unreadCount: 0 }), elsewhere)).toBeUndefined();
    expect(roomNotification(room({ lastMessage: null }), elsewhere)).toBeUndefined();
  });

  it('says an image arrived for a message without text, and cuts a long one to 120 characters', () => {
    expect(roomNotification(room({ lastMessage: { ...room().lastMessage!, content: '  ' } }), elsewhere)?.body).toBe('画像が届きました。');
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 400 }), (content) => {
        const body = roomNotification(room({ lastMessage: { ...room().lastMessage!, content } }), elsewhere)!.body;
        expect(body.length).toBeLessThanOrEqual(121);
        expect(body.length).toBeGreaterThan(0);
      }),
    );
  });
});
