/**
 * The inquiry channels driven by the real `@rails/actioncable` client (the SPA's) in Node, with
 * writes over HTTP: every create, edit, delete, status and subject change reaches the room's
 * messages channel and each reader's rooms channel; foreign rooms and unknown channels are rejected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startCableServer, type CableTestServer } from './cableHelpers';
import { ADMIN, PHARMACY } from './helpers';

interface Subscription { unsubscribe(): void }
interface Consumer {
  subscriptions: { create(params: Record<string, unknown>, mixin: Record<string, unknown>): Subscription };
  disconnect(): void;
}
interface ActionCableModule {
  adapters: { WebSocket: unknown; logger: { log(...args: unknown[]): void } };
  createConsumer(url: string): Consumer;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely; the assertions check their shape
type Json = any;

let s: CableTestServer;
let ActionCable: ActionCableModule;
let admin: string;
let pharmacy: string;
const consumers: Consumer[] = [];

beforeAll(async () => {
  const g = globalThis as unknown as Record<string, unknown>;
  g.addEventListener ??= () => {};
  g.removeEventListener ??= () => {};
  const specifier = '@rails/actioncable';
  ActionCable = (await import(/* @vite-ignore */ specifier)) as ActionCableModule;
  ActionCable.adapters.WebSocket = WebSocket;
  ActionCable.adapters.logger = { log: () => {} };
  s = await startCableServer();
  admin = await s.app.token(ADMIN);
  pharmacy = await s.app.token(PHARMACY);
});
afterAll(async () => {
  for (const c of consumers) c.disconnect();
  await s.stop();
});

function watch() {
  const events: [string, unknown][] = [];
  const waiters: (() => void)[] = [];
  const record = (name: string) => (arg?: unknown) => {
    events.push([name, arg]);
    waiters.splice(0).forEach((w) => w());
  };
  const until = (pred: (e: [string, Json]) => boolean) =>
    new Promise<Json>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timeout; events: ${JSON.stringify(events)}`)), 5000);
      const check = () => {
        const found = events.find((e) => pred(e as [string, Json]));
        if (found) {
          clearTimeout(timer);
          resolve(found[1] as Json);
        } else waiters.push(check);
      };
      check();
    });
  const received = (pred: (m: Json) => boolean) => until(([name, m]) => name === 'received' && pred(m));
  const mixin = { connected: record('connected'), rejected: record('rejected'), received: record('received'), disconnected: record('disconnected') };
  return { events, until, received, mixin };
}

function subscribe(token: string, params: Record<string, unknown>) {
  const c = ActionCable.createConsumer(`ws://127.0.0.1:${s.port}/cable?token=${token}`);
  consumers.push(c);
  const w = watch();
  c.subscriptions.create(params, w.mixin);
  return w;
}

async function http(path: string, token: string, method = 'GET', json?: unknown) {
  const res = await s.app.call(path, { token, method, json });
  return { status: res.status, body: (await res.json()) as Json };
}

describe('inquiry channels', () => {
  it('delivers a pharmacy post, a staff reply, an edit, a delete, a subject and a status change live', async () => {
    const room = (await http('/core/api/v2/pharmacy/inquiry_rooms', pharmacy)).body[0] as Json;
    const staffRooms = subscribe(admin, { channel: 'InquiryRoomsChannel' });
    const staffRoom = subscribe(admin, { channel: 'InquiryMessagesChannel', room_id: room.id });
    const pharmacyRoom = subscribe(pharmacy, { channel: 'InquiryMessagesChannel', room_id: String(room.id) });
    await staffRooms.until(([name]) => name === 'connected');
    await staffRoom.until(([name]) => name === 'connected');
    await pharmacyRoom.until(([name]) => name === 'connected');

    const posted = (await http(`/core/api/v2/pharmacy/inquiry_rooms/${room.id}/messages`, pharmacy, 'POST', { content: '至急お願いします' })).body;
    expect(await staffRoom.received((m) => m.id === posted.id)).toMatchObject({ content: '至急お願いします', sender_role: 'pharmacy', room_id: room.id });
    const roomUpdate = await staffRooms.received((r) => r.id === room.id && r.last_message?.id === posted.id);
    expect(roomUpdate.unread_count).toBeGreaterThan(0);
    expect(roomUpdate.unread_total).toBeGreaterThanOrEqual(roomUpdate.unread_count);

    const reply = (await http(`/core/api/v2/admin/inquiry_rooms/${room.id}/messages`, admin, 'POST', { content: '対応します', reply_message_id: posted.id })).body;
    expect(await pharmacyRoom.received((m) => m.id === reply.id)).toMatchObject({ reply_message: { id: posted.id } });
    await staffRooms.received((r) => r.id === room.id && r.status === 'replied');

    await http(`/core/api/v2/admin/inquiry_messages/${reply.id}`, admin, 'PATCH', { content: '対応しました' });
    await pharmacyRoom.received((m) => m.id === reply.id && m.content === '対応しました');
    await http(`/core/api/v2/admin/inquiry_messages/${reply.id}`, admin, 'DELETE');
    expect(await pharmacyRoom.received((m) => m.id === reply.id && m.deleted === true)).toEqual({ id: reply.id, room_id: room.id, deleted: true });

    await http(`/core/api/v2/admin/inquiry_rooms/${room.id}`, admin, 'PATCH', { name: '件名を変更' });
    await staffRooms.received((r) => r.id === room.id && r.name === '件名を変更');
    await http(`/core/api/v2/admin/inquiry_rooms/${room.id}`, admin, 'PATCH', { status: 'completed' });
    await staffRooms.received((r) => r.id === room.id && r.status === 'completed' && r.completed === true);
  });

  it("rejects another pharmacy's room, an unknown room, a bad room id and an unknown channel", async () => {
    const foreign = ((await http('/core/api/v2/admin/inquiry_rooms', admin)).body as Json[]).find((r) => r.pharmacy.id !== 1)!;
    const cases = [
      subscribe(pharmacy, { channel: 'InquiryMessagesChannel', room_id: foreign.id }),
      subscribe(admin, { channel: 'InquiryMessagesChannel', room_id: 99999999 }),
      subscribe(admin, { channel: 'InquiryMessagesChannel', room_id: '1; DROP TABLE' }),
      subscribe(admin, { channel: 'InquiryMessagesChannel' }),
      subscribe(admin, { channel: 'NoSuchChannel' }),
    ];
    for (const w of cases) await w.until(([name]) => name === 'rejected');
    expect(cases.flatMap((w) => w.events.map(([name]) => name))).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'rejected']);
    // The staff may read the same room.
    await subscribe(admin, { channel: 'InquiryMessagesChannel', room_id: foreign.id }).until(([name]) => name === 'connected');
  });

  it("keeps a pharmacy out of other pharmacies' room updates", async () => {
    const own = subscribe(pharmacy, { channel: 'InquiryRoomsChannel' });
    const staff = subscribe(admin, { channel: 'InquiryRoomsChannel' });
    await own.until(([name]) => name === 'connected');
    await staff.until(([name]) => name === 'connected');
    const foreign = ((await http('/core/api/v2/admin/inquiry_rooms', admin)).body as Json[]).find((r) => r.pharmacy.id !== 1)!;
    await http(`/core/api/v2/admin/inquiry_rooms/${foreign.id}`, admin, 'PATCH', { name: '他店の件' });
    const ownRoom = ((await http('/core/api/v2/pharmacy/inquiry_rooms', pharmacy)).body as Json[])[0];
    await http(`/core/api/v2/admin/inquiry_rooms/${ownRoom.id}`, admin, 'PATCH', { name: '自店の件' });
    await staff.received((r) => r.id === foreign.id);
    await own.received((r) => r.id === ownRoom.id);
    expect(own.events.filter(([name]) => name === 'received').map(([, r]) => (r as Json).pharmacy.id)).toEqual([1]);
  });

  it('disconnects an unauthorised token without reconnecting', async () => {
    const w = subscribe('forged', { channel: 'InquiryRoomsChannel' });
    expect(await w.until(([name]) => name === 'disconnected')).toEqual({ willAttemptReconnect: false });
  });
});
