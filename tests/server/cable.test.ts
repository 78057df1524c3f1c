import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startApp, type TestApp } from './helpers';

let app: TestApp;
let server: Server;
let port: number;

beforeAll(async () => {
  app = startApp();
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.app.fetch, port: 0 }, () => resolve(s as Server));
  });
  app.attachWebSockets(server);
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  app.close();
  await new Promise((resolve) => server.close(resolve));
  app.dispose();
});

/** Opens a cable connection and collects its frames. */
function connect(path: string, protocols = ['actioncable-v1-json', 'actioncable-unsupported']) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, protocols);
  const frames: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()));
    waiters.splice(0).forEach((w) => w());
  });
  const next = (pred: (f: Record<string, unknown>) => boolean, timeout = 5000) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timeout; frames: ${JSON.stringify(frames)}`)), timeout);
      const check = () => {
        const found = frames.find(pred);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(check);
      };
      check();
    });
  const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()));
  return { ws, frames, next, closed };
}

describe('ActionCable endpoint', () => {
  it('welcomes, pings every 3 s and rejects unknown channels echoing the identifier', async () => {
    const c = connect(`/cable?token=${await app.token()}`);
    await new Promise((resolve) => c.ws.on('open', resolve));
    expect(c.ws.protocol).toBe('actioncable-v1-json');
    await c.next((f) => f.type === 'welcome');
    const identifier = '{"channel":"RoomsChannel","room_id":7}';
    c.ws.send(JSON.stringify({ command: 'subscribe', identifier }));
    const reply = await c.next((f) => f.type === 'reject_subscription');
    expect(reply).toEqual({ identifier, type: 'reject_subscription' });
    const ping = await c.next((f) => f.type === 'ping', 4500);
    expect(Math.abs(Number(ping.message) - Date.now() / 1000)).toBeLessThan(5);
    c.ws.close();
    await c.closed;
  });

  it('disconnects a bad token as unauthorized without reconnect', async () => {
    const c = connect('/demo/cable?token=nope');
    const frame = await c.next((f) => f.type === 'disconnect');
    expect(frame).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
    await c.closed;
    expect(c.frames.some((f) => f.type === 'welcome')).toBe(false);
  });

  it('refuses other paths', async () => {
    const c = connect('/nope');
    const error = await new Promise((resolve) => c.ws.on('error', resolve));
    expect(String(error)).toContain('404');
  });
});
