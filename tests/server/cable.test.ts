import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUDIENCES } from '../../server/site/config';
import { connectJson, PING_MS, startCableServer, testRoomsChannel, type CableTestServer, type Frame } from './cableHelpers';

let s: CableTestServer;
let token: string;
/** The demo environment is its own API: its cable takes only a token for the demo audience. */
let demoToken: string;

beforeAll(async () => {
  s = await startCableServer();
  token = await s.app.token();
  demoToken = await s.app.token(undefined, DEFAULT_AUDIENCES.demo);
  for (const env of Object.values(s.app.environments)) env.cable.registerChannel('TestRoomsChannel', testRoomsChannel(env.cable.broadcast));
});
afterAll(() => s.stop());

const room = (id: number) => JSON.stringify({ channel: 'TestRoomsChannel', room_id: id });

/** A signed-in connection, welcomed. */
async function signedIn(path = '/cable') {
  const c = connectJson(s.port, `${path}?token=${path.startsWith('/demo/') ? demoToken : token}`);
  await c.next((f) => f.type === 'welcome');
  return c;
}

/** Subscribes and waits for the confirmation. */
async function subscribed(c: Awaited<ReturnType<typeof signedIn>>, identifier: string) {
  c.send({ command: 'subscribe', identifier });
  await c.next((f) => f.identifier === identifier && f.type === 'confirm_subscription');
}

const messages = (frames: Frame[]) => frames.filter((f) => f.message !== undefined && f.type === undefined);

describe('ActionCable endpoint', () => {
  it('welcomes with the actioncable-v1-json protocol and pings on the injected period', async () => {
    const c = connectJson(s.port, `/cable?token=${token}`);
    await c.opened;
    expect(c.ws.protocol).toBe('actioncable-v1-json');
    await c.next((f) => f.type === 'welcome');
    const pings = [await c.next((f) => f.type === 'ping', PING_MS * 40)];
    expect(Math.abs(Number(pings[0].message) - Date.now() / 1000)).toBeLessThan(5);
    expect(Number.isInteger(pings[0].message)).toBe(true);
    c.ws.close();
    await c.closed;
  });

  it('rejects an unknown channel and a refused room, echoing the identifier byte for byte', async () => {
    const c = await signedIn();
    for (const identifier of ['{"channel":"RoomsChannel","room_id":7}', '{ "room_id": 404, "channel": "TestRoomsChannel" }']) {
      c.send({ command: 'subscribe', identifier });
      expect(await c.next((f) => f.identifier === identifier)).toEqual({ identifier, type: 'reject_subscription' });
    }
    c.ws.close();
  });

  it('broadcasts to the subscriptions listening to a stream, and only to them', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const spaced = '{"channel": "TestRoomsChannel", "room_id": 7}';
    await subscribed(a, spaced);
    await subscribed(b, room(8));
    const cable = s.app.environments.production.cable;

    cable.broadcast('room_7', { id: 1, content: 'こんにちは' });
    cable.broadcast('rooms', { room_id: 8, status: 'replied' });
    cable.broadcast('room_9', { nobody: 'listens' });
    await a.next((f) => (f.message as Frame | undefined)?.status === 'replied');
    await b.next((f) => (f.message as Frame | undefined)?.status === 'replied');
    expect(messages(a.frames)).toEqual([
      { identifier: spaced, message: { id: 1, content: 'こんにちは' } },
      { identifier: spaced, message: { room_id: 8, status: 'replied' } },
    ]);
    expect(messages(b.frames)).toEqual([{ identifier: room(8), message: { room_id: 8, status: 'replied' } }]);
    a.ws.close();
    b.ws.close();
  });

  it('ignores a duplicate subscribe and stops delivering after unsubscribe', async () => {
    const c = await signedIn();
    await subscribed(c, room(7));
    c.send({ command: 'subscribe', identifier: room(7) });
    await subscribed(c, room(70)); // frames are handled in order: the duplicate is behind us
    expect(c.frames.filter((f) => f.type === 'confirm_subscription' && f.identifier === room(7))).toHaveLength(1);

    c.send({ command: 'unsubscribe', identifier: room(7) });
    await subscribed(c, room(71));
    s.app.environments.production.cable.broadcast('room_7', { gone: true });
    s.app.environments.production.cable.broadcast('room_71', { here: true });
    await c.next((f) => (f.message as Frame | undefined)?.here === true);
    expect(messages(c.frames).map((f) => f.identifier)).toEqual([room(71)]);
    c.ws.close();
  });

  it('runs a channel action and keeps environments apart', async () => {
    const prod = await signedIn();
    const demo = await signedIn('/demo/cable');
    await subscribed(prod, room(5));
    await subscribed(demo, room(5));
    demo.send({ command: 'message', identifier: room(5), data: JSON.stringify({ action: 'echo', text: 'デモ' }) });
    await demo.next((f) => (f.message as Frame | undefined)?.echoed === 'デモ');
    s.app.environments.production.cable.broadcast('room_5', { only: 'production' });
    await prod.next((f) => (f.message as Frame | undefined)?.only === 'production');
    expect(messages(prod.frames)).toEqual([{ identifier: room(5), message: { only: 'production' } }]);
    expect(messages(demo.frames)).toEqual([{ identifier: room(5), message: { echoed: 'デモ' } }]);
    prod.ws.close();
    demo.ws.close();
  });

  it('disconnects a bad token as unauthorized without reconnect', async () => {
    const c = connectJson(s.port, '/demo/cable?token=nope');
    const frame = await c.next((f) => f.type === 'disconnect');
    expect(frame).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
    await c.closed;
    expect(c.frames.some((f) => f.type === 'welcome')).toBe(false);
  });

  it('tells connected clients to reconnect when the server closes', async () => {
    const other = await startCableServer();
    try {
      const c = connectJson(other.port, `/cable?token=${await other.app.token()}`);
      await c.next((f) => f.type === 'welcome');
      other.app.close();
      expect(await c.next((f) => f.type === 'disconnect')).toEqual({ type: 'disconnect', reason: 'server_restart', reconnect: true });
      await c.closed;
    } finally {
      await other.stop();
    }
  });

  it('refuses other paths', async () => {
    const c = connectJson(s.port, '/nope');
    const error = await new Promise((resolve) => c.ws.on('unexpected-response', (_req, res) => resolve(res.statusCode)));
    expect(error).toBe(404);
  });
});
