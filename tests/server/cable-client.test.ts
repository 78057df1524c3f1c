/**
 * The cable against the real `@rails/actioncable` client (the one the SPA will use), in Node:
 * `ws` stands in for the browser's WebSocket and no-op listeners for `addEventListener`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startCableServer, testRoomsChannel, type CableTestServer } from './cableHelpers';

interface Subscription {
  identifier: string;
  perform(action: string, data?: Record<string, unknown>): void;
  unsubscribe(): void;
}
interface Consumer {
  subscriptions: { create(params: Record<string, unknown>, mixin: Record<string, unknown>): Subscription };
  connection: { getProtocol(): string | undefined };
  disconnect(): void;
}
interface ActionCableModule {
  adapters: { WebSocket: unknown; logger: { log(...args: unknown[]): void } };
  createConsumer(url: string): Consumer;
}

let s: CableTestServer;
let token: string;
let ActionCable: ActionCableModule;
const consumers: Consumer[] = [];

beforeAll(async () => {
  // The client subscribes to the page's visibility; Node has no window.
  const g = globalThis as unknown as Record<string, unknown>;
  g.addEventListener ??= () => {};
  g.removeEventListener ??= () => {};
  const specifier = '@rails/actioncable'; // untyped package: loaded by name, typed above
  ActionCable = (await import(/* @vite-ignore */ specifier)) as ActionCableModule;
  ActionCable.adapters.WebSocket = WebSocket;
  ActionCable.adapters.logger = { log: () => {} };
  s = await startCableServer();
  token = await s.app.token();
  const cable = s.app.environments.production.cable;
  cable.registerChannel('TestRoomsChannel', testRoomsChannel(cable.broadcast));
});
afterAll(async () => {
  for (const c of consumers) c.disconnect();
  await s.stop();
});

/** Events a subscription saw, in order, with a way to wait for one. */
function watch() {
  const events: [string, unknown][] = [];
  const waiters: (() => void)[] = [];
  const record = (name: string) => (arg?: unknown) => {
    events.push([name, arg]);
    waiters.splice(0).forEach((w) => w());
  };
  const until = (pred: (e: [string, unknown]) => boolean) =>
    new Promise<[string, unknown]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timeout; events: ${JSON.stringify(events)}`)), 5000);
      const check = () => {
        const found = events.find(pred);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(check);
      };
      check();
    });
  const mixin = { connected: record('connected'), rejected: record('rejected'), received: record('received'), disconnected: record('disconnected') };
  return { events, until, mixin };
}

function consumer(path: string) {
  const c = ActionCable.createConsumer(`ws://127.0.0.1:${s.port}${path}`);
  consumers.push(c);
  return c;
}

describe('@rails/actioncable client', () => {
  it('handshakes, subscribes, is confirmed and receives broadcasts and its own actions', async () => {
    const c = consumer(`/cable?token=${token}`);
    const w = watch();
    const sub = c.subscriptions.create({ channel: 'TestRoomsChannel', room_id: 3 }, w.mixin);
    expect(await w.until(([name]) => name === 'connected')).toEqual(['connected', { reconnected: false }]);
    expect(c.connection.getProtocol()).toBe('actioncable-v1-json');

    s.app.environments.production.cable.broadcast('room_3', { id: 10, content: '在庫の件' });
    expect(await w.until(([name]) => name === 'received')).toEqual(['received', { id: 10, content: '在庫の件' }]);
    sub.perform('echo', { text: '了解' });
    await w.until(([name, arg]) => name === 'received' && (arg as { echoed?: string }).echoed === '了解');
    expect(w.events.map(([name]) => name)).toEqual(['connected', 'received', 'received']);
  });

  it('is told when a subscription is rejected', async () => {
    const c = consumer(`/cable?token=${token}`);
    const unknown = watch();
    const refused = watch();
    c.subscriptions.create({ channel: 'NoSuchChannel' }, unknown.mixin);
    c.subscriptions.create({ channel: 'TestRoomsChannel', room_id: 404 }, refused.mixin);
    await unknown.until(([name]) => name === 'rejected');
    await refused.until(([name]) => name === 'rejected');
    expect([...unknown.events, ...refused.events].map(([name]) => name)).toEqual(['rejected', 'rejected']);
  });

  it('stops without reconnecting when the token is refused', async () => {
    const c = consumer('/cable?token=expired-or-forged');
    const w = watch();
    c.subscriptions.create({ channel: 'TestRoomsChannel', room_id: 1 }, w.mixin);
    expect(await w.until(([name]) => name === 'disconnected')).toEqual(['disconnected', { willAttemptReconnect: false }]);
    expect(w.events.some(([name]) => name === 'connected')).toBe(false);
  });
});
