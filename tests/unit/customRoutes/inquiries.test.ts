import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../src/app/queryClient';
import { activeInquiryFilterCount, inquiryFilterQuery, parseInquiryFilter, toggleStatus } from '../../../src/customRoutes/inquiries/inquiryFilter';
import { formatInquiryTime, formatMessageTime, RECENT_TIME_MS } from '../../../src/customRoutes/inquiries/inquiryTime';
import { INQUIRY_STATUSES, inquiryStatusLabel, UNKNOWN_STATUS_LABEL } from '../../../src/customRoutes/inquiries/inquiryStatus';
import { isEdited } from '../../../src/customRoutes/inquiries/ChatWindow';
import { compareMessages, compareRooms, mergeReceived } from '../../../src/customRoutes/inquiries/mergeReceived';
import { isNearBottom } from '../../../src/customRoutes/inquiries/infiniteScroll';
import { HeardMessages } from '../../../src/customRoutes/inquiries/heardMessages';
import { formatDate, formatDateTime, formatTokyoTime } from '../../../src/contract/dates';
import type { InquiryMessage } from '../../../src/dataProvider/methods/inquiries';
import { prefetchInquiries, roomsOnScreen } from '../../../src/customRoutes/inquiries/roomsQuery';

const STATUS_VALUES = INQUIRY_STATUSES.map((s) => s.value);

describe('inquiry time display', () => {
  const now = new Date('2026-11-22T03:00:00Z'); // 12:00 in Tokyo

  it('shows the Tokyo time within 82,800,000 ms and the Tokyo date from then on', () => {
    expect(formatInquiryTime(new Date(now.getTime() - 60_000), now)).toBe('11:59');
    expect(formatInquiryTime(new Date(now.getTime() - RECENT_TIME_MS + 1), now)).toBe('13:00');
    expect(formatInquiryTime(new Date(now.getTime() - RECENT_TIME_MS), now)).toBe('2026年11月21日');
    // 2026-11-21T15:30Z is 00:30 on the 22nd in Tokyo, whatever the machine's zone.
    expect(formatInquiryTime(new Date('2026-11-21T15:30:00Z'), now)).toBe('00:30');
    expect(formatInquiryTime(new Date('2026-01-01T00:00:00Z'), now)).toBe('2026年1月1日');
    expect(formatInquiryTime(undefined, now)).toBe('');
    expect(formatInquiryTime(new Date(NaN), now)).toBe('');
  });

  it('gives a chat message its date and time once it is older', () => {
    expect(formatMessageTime(new Date(now.getTime() - 60_000), now)).toBe('11:59');
    expect(formatMessageTime(new Date('2026-10-30T15:26:32Z'), now)).toBe('2026年10月31日 00:26');
  });

  it('is a time exactly when younger than the limit (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -86_400_000, max: 400 * 86_400_000 }), (age) => {
        const text = formatInquiryTime(new Date(now.getTime() - age), now);
        expect(/^\d{2}:\d{2}$/.test(text)).toBe(age < RECENT_TIME_MS);
        expect(/^\d{4}年\d{1,2}月\d{1,2}日$/.test(text)).toBe(age >= RECENT_TIME_MS);
      }),
    );
  });
});

describe('inquiry status labels', () => {
  it('labels the six statuses as the spec does', () => {
    expect(STATUS_VALUES.map(inquiryStatusLabel)).toEqual(['新規', '返信済み', '未返信', '要アクション', 'クローズ', '完了']);
  });

  it('shows anything else as unknown (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constant(undefined), fc.constant('__proto__')), (value) => {
        fc.pre(!STATUS_VALUES.includes(value as never));
        expect(inquiryStatusLabel(value)).toBe(UNKNOWN_STATUS_LABEL);
      }),
    );
  });
});

describe('inquiry filter', () => {
  it('joins the checked statuses with commas, in the spec order, and counts the active filters', () => {
    expect(inquiryFilterQuery({ statuses: ['completed', 'new'] })).toEqual({ status: 'new,completed' });
    expect(inquiryFilterQuery({ pharmacyId: 3, statuses: [] })).toEqual({ pharmacyId: 3 });
    expect(inquiryFilterQuery({ statuses: [] })).toEqual({});
    expect(activeInquiryFilterCount({ statuses: [] })).toBe(0);
    expect(activeInquiryFilterCount({ pharmacyId: 3, statuses: ['new', 'replied'] })).toBe(2);
    expect(toggleStatus(['new'], 'new')).toEqual([]);
    expect(toggleStatus(['completed'], 'new')).toEqual(['new', 'completed']);
  });

  it('round-trips through the query string and drops what it does not know (property)', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 1, max: 999_999 }), { nil: undefined }), fc.subarray(STATUS_VALUES), fc.array(fc.string()), (pharmacyId, statuses, junk) => {
        const query = inquiryFilterQuery({ pharmacyId, statuses: [...junk, ...statuses] });
        const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
        const parsed = parseInquiryFilter(search);
        expect(parsed.pharmacyId).toBe(pharmacyId);
        expect(parsed.statuses).toEqual(STATUS_VALUES.filter((s) => statuses.includes(s)));
        expect(query.status?.split(',') ?? []).toEqual(parsed.statuses);
      }),
    );
    expect(parseInquiryFilter(new URLSearchParams('pharmacyId=0&status=new,,x,replied'))).toEqual({ statuses: ['new', 'replied'] });
  });
});

type Room = { id: number; lastMessage: { createdAt: Date } | null; createdAt: Date; name: string; deleted?: boolean };
const room = (id: number, minute: number, name = `r${id}`): Room => ({
  id, name, createdAt: new Date(Date.UTC(2026, 0, 1)), lastMessage: { createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)) },
});

describe('merging a received item', () => {
  it('adds, updates, deletes and reorders', () => {
    const list = [room(1, 30), room(2, 20), room(3, 10)];
    expect(mergeReceived(list, room(4, 40), compareRooms).map((r) => r.id)).toEqual([4, 1, 2, 3]);
    expect(mergeReceived(list, room(3, 50, '更新'), compareRooms).map((r) => [r.id, r.name])).toEqual([[3, '更新'], [1, 'r1'], [2, 'r2']]);
    expect(mergeReceived(list, { ...room(2, 0), deleted: true }, compareRooms).map((r) => r.id)).toEqual([1, 3]);
    expect(mergeReceived(list, { ...room(9, 0), deleted: true }, compareRooms)).toBe(list);
    const messages = [{ id: 1 }, { id: 5 }];
    expect(mergeReceived(messages, { id: 3 }, compareMessages).map((m) => m.id)).toEqual([1, 3, 5]);
  });

  it('keeps ids unique and the order, holds the item exactly when not deleted (property)', () => {
    const arbRoom = fc.record({ id: fc.integer({ min: 1, max: 30 }), minute: fc.integer({ min: 0, max: 59 }) }).map(({ id, minute }) => room(id, minute));
    fc.assert(
      fc.property(fc.uniqueArray(arbRoom, { selector: (r) => r.id }), arbRoom, fc.boolean(), (rooms, item, deleted) => {
        const list = [...rooms].sort(compareRooms);
        const merged = mergeReceived(list, { ...item, deleted }, compareRooms);
        expect(new Set(merged.map((r) => r.id)).size).toBe(merged.length);
        expect(merged.some((r) => r.id === item.id)).toBe(!deleted);
        expect([...merged].sort(compareRooms)).toEqual(merged);
        const others = (xs: Room[]) => xs.filter((r) => r.id !== item.id);
        expect(others(merged)).toEqual(others(list));
      }),
    );
  });
});

describe('infinite scroll', () => {
  it('loads ahead within three viewport heights of the bottom', () => {
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 4000, clientHeight: 1000 })).toBe(true);
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 4001, clientHeight: 1000 })).toBe(false);
    expect(isNearBottom({ scrollTop: 1, scrollHeight: 4001, clientHeight: 1000 })).toBe(true);
  });
});

describe('an edited message (issue 40)', () => {
  it('is one whose updatedAt is later than its createdAt', () => {
    const sent = new Date('2026-11-29T01:00:00.000Z');
    expect(isEdited({ createdAt: sent, updatedAt: sent })).toBe(false);
    expect(isEdited({ createdAt: sent, updatedAt: undefined })).toBe(false);
    expect(isEdited({ createdAt: sent, updatedAt: new Date(sent.getTime() + 1) })).toBe(true);
  });
});

describe('the rooms on screen: loaded pages with the rooms heard since folded in (issue 38)', () => {
  type ScreenRoom = Parameters<typeof roomsOnScreen>[1][number];
  const screenRoom = (id: number, minute: number, status: string): ScreenRoom => ({
    id,
    name: `r${id}`,
    status,
    unreadCount: 0,
    lastMessage: { id, content: '', createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)), senderId: null },
    pharmacy: { id: 1, name: '', address1: '' },
  });
  const arbRoom = fc
    .record({ id: fc.integer({ min: 1, max: 20 }), minute: fc.integer({ min: 0, max: 59 }), status: fc.constantFrom('new', 'completed') })
    .map(({ id, minute, status }) => screenRoom(id, minute, status));
  const page = (rooms: ScreenRoom[]) => ({ rooms, currentPage: 1, totalPages: 1 });

  it('shows each room once, as last heard, in activity order, a heard room only while it matches (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(arbRoom, { maxLength: 8 }), { maxLength: 3 }), fc.uniqueArray(arbRoom, { selector: (r) => r.id, maxLength: 8 }), (pages, heard) => {
        const matches = (candidate: ScreenRoom) => candidate.status === 'new';
        const shown = roomsOnScreen(pages.map(page), heard, matches);
        const ids = shown.map((r) => r.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (let index = 1; index < shown.length; index += 1) expect(compareRooms(shown[index - 1], shown[index])).toBeLessThanOrEqual(0);
        for (const room of heard) expect(shown.find((r) => r.id === room.id)).toBe(matches(room) ? room : undefined);
        const paged = new Set(pages.flat().map((r) => r.id));
        for (const id of ids) expect(paged.has(id) || heard.some((r) => r.id === id)).toBe(true);
        for (const id of paged) if (!heard.some((r) => r.id === id)) expect(ids).toContain(id);
      }),
    );
  });
});

describe('prefetchInquiries: what the screen reads first, started beside its chunk (issue 38)', () => {
  const provider = () => ({
    getInquiryRooms: vi.fn(async () => ({ rooms: [], currentPage: 1, totalPages: 1 })),
    getInquiryMessages: vi.fn(async () => []),
    getMe: vi.fn(async () => ({ id: 1 }) as never),
  });

  it('reads the rooms under the URL’s filter, users/me and the room the URL opens, once', async () => {
    const queryClient = createQueryClient({ queries: { retry: false } });
    const calls = provider();
    const location = { pathname: '/v2/core/inquiries', search: '?status=new&roomId=5' };
    await prefetchInquiries(queryClient, calls, location);
    expect(calls.getInquiryRooms).toHaveBeenCalledWith({ page: 1, status: 'new' }, expect.anything());
    expect(calls.getInquiryMessages).toHaveBeenCalledWith(5, expect.anything());
    expect(calls.getMe).toHaveBeenCalledTimes(1);
    await prefetchInquiries(queryClient, calls, location);
    expect(calls.getInquiryRooms).toHaveBeenCalledTimes(1);
    expect(calls.getInquiryMessages).toHaveBeenCalledTimes(1);
  });

  it('reads nothing for another screen, and no messages without a room', async () => {
    const queryClient = createQueryClient({ queries: { retry: false } });
    const calls = provider();
    await prefetchInquiries(queryClient, calls, { pathname: '/v2/core/pharmacies', search: '' });
    expect(calls.getInquiryRooms).not.toHaveBeenCalled();
    await prefetchInquiries(queryClient, calls, { pathname: '/v2/core/inquiries', search: '?roomId=abc' });
    expect(calls.getInquiryMessages).not.toHaveBeenCalled();
  });
});

describe('HeardMessages: what the cable tells while a room is read is folded into the answer (issue 38)', () => {
  const message = (id: number, content: string, roomId = 7, deleted?: boolean): InquiryMessage => ({
    id,
    roomId,
    senderId: 55,
    senderName: '山本 一樹',
    content,
    files: [],
    createdAt: new Date(Date.UTC(2026, 10, 1, 0, id)),
    ...(deleted && { deleted }),
  });

  it('folds what was heard during the read, in the order heard, and nothing heard before it began', () => {
    const heard = new HeardMessages();
    heard.heard(message(1, '読む前に届いた古い版'));
    const read = heard.begin(7);
    heard.heard(message(3, '読んでいる間に届いた'));
    heard.heard(message(2, '編集前'));
    heard.heard(message(2, '編集後'));
    heard.heard(message(9, 'ほかのルーム', 8));
    const answer = [message(1, '最初の質問'), message(2, '編集前')];
    expect(read.fold(answer).map((m) => [m.id, m.content])).toEqual([
      [1, '最初の質問'],
      [2, '編集後'],
      [3, '読んでいる間に届いた'],
    ]);
    read.end();
  });

  it('drops a message deleted during the read, and keeps nothing once no read is on its way', () => {
    const heard = new HeardMessages();
    const read = heard.begin(7);
    heard.heard(message(2, '削除', 7, true));
    expect(read.fold([message(1, '残る'), message(2, '削除')]).map((m) => m.id)).toEqual([1]);
    read.end();
    read.end();
    heard.heard(message(5, '読みがないときに届いた'));
    const next = heard.begin(7);
    expect(next.fold([message(1, '残る')]).map((m) => m.id)).toEqual([1]);
    next.end();
  });

  it('gives each of two reads at once what was heard since its own start', () => {
    const heard = new HeardMessages();
    const first = heard.begin(7);
    heard.heard(message(3, '一つ目の後'));
    const second = heard.begin(7);
    heard.heard(message(4, '二つ目の後'));
    first.end();
    heard.heard(message(5, '一つ目が終わった後'));
    expect(second.fold([]).map((m) => m.id)).toEqual([4, 5]);
    second.end();
  });
});

describe('inquiry times without the time-zone library (issue 38)', () => {
  it("match the contract's Japan-time formatting for any instant since 1952, recent or not", () => {
    const instant = fc.date({ min: new Date('1952-01-01T00:00:00Z'), max: new Date('2200-12-31T23:59:59Z'), noInvalidDate: true });
    fc.assert(
      fc.property(instant, instant, (at, now) => {
        const recent = now.getTime() - at.getTime() < RECENT_TIME_MS;
        expect(formatInquiryTime(at, now)).toBe(recent ? formatTokyoTime(at) : formatDate(at));
        expect(formatMessageTime(at, now)).toBe(recent ? formatTokyoTime(at) : formatDateTime(at));
      }),
      { numRuns: 2000 },
    );
  });
});
