import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PING_INTERVAL_MS } from '../../server/cable';
import { TOKEN_LIFETIME_SECONDS } from '../../server/identity/tokens';
import { connectJson, manualSchedule, startCableServer, testRoomsChannel, type CableTestServer } from './cableHelpers';

// The server's clock starts on a whole second, so a fresh token expires exactly one lifetime later.
let nowMs = Date.parse('2026-11-21T01:00:00.000Z');
const scheduler = manualSchedule();
let s: CableTestServer;

beforeAll(async () => {
  // cablePingMs undefined: the production default, as main.ts passes none.
  s = await startCableServer({ now: () => new Date(nowMs), cableSchedule: scheduler.schedule, cablePingMs: undefined });
  const { cable } = s.app.environments.production;
  cable.registerChannel('TestRoomsChannel', testRoomsChannel(cable.broadcast));
});
afterAll(() => s.stop());

/** A welcomed connection with a token issued now. */
async function connectedNow() {
  // Not the helper's `token()`: it caches one per user, and each test needs one issued at its own now.
  const res = await s.app.call('/oauth/token', {
    method: 'POST',
    json: { grant_type: 'password', username: 'admin@example.com', password: 'Admin1234' },
  });
  const { access_token } = (await res.json()) as { access_token: string };
  const c = connectJson(s.port, `/cable?token=${access_token}`);
  await c.next((f) => f.type === 'welcome');
  return c;
}

/** A round trip on the connection: anything the server did before answering it has arrived. */
async function roundTrip(c: Awaited<ReturnType<typeof connectedNow>>, roomId: number) {
  const identifier = JSON.stringify({ channel: 'TestRoomsChannel', room_id: roomId });
  c.send({ command: 'subscribe', identifier });
  await c.next((f) => f.identifier === identifier && f.type === 'confirm_subscription');
}

const delays = () => scheduler.pending().map((job) => job.delayMs).sort((a, b) => a - b);

describe('cable timers', () => {
  it('pings every 3 s by default, as Rails, each ping carrying the server clock', async () => {
    const c = await connectedNow();
    expect(delays()).toEqual([PING_INTERVAL_MS, TOKEN_LIFETIME_SECONDS * 1000]);
    scheduler.fire(); // the ping, and an expiry check that finds the clock short and waits again
    expect(await c.next((f) => f.type === 'ping')).toEqual({ type: 'ping', message: nowMs / 1000 });
    expect(delays()).toEqual([PING_INTERVAL_MS, TOKEN_LIFETIME_SECONDS * 1000]);
    c.ws.close();
    await c.closed;
  });
});

describe('a cable connection whose token expires', () => {
  it('is told unauthorized and closed when the token expires, not before', async () => {
    const c = await connectedNow();
    expect(delays()).toEqual([PING_INTERVAL_MS, TOKEN_LIFETIME_SECONDS * 1000]);

    // A check that comes early (the clock one second short) changes nothing and checks again later.
    nowMs += (TOKEN_LIFETIME_SECONDS - 1) * 1000;
    scheduler.fire();
    await roundTrip(c, 1);
    expect(c.frames.filter((f) => f.type === 'disconnect')).toEqual([]);
    expect(delays()).toEqual([1000, PING_INTERVAL_MS]);

    nowMs += 1000;
    scheduler.fire();
    expect(await c.next((f) => f.type === 'disconnect')).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: true });
    expect(await c.closed).toBe(1005);
  });

  it('stops pinging and watching the expiry of a connection that closed', async () => {
    const c = await connectedNow();
    expect(scheduler.pending()).toHaveLength(2);
    c.ws.close();
    await c.closed;
    await expect.poll(() => scheduler.pending()).toEqual([]);
  });

  it('refuses the expired token when the client comes back with it', async () => {
    const c = await connectedNow();
    const url = c.ws.url.replace(`ws://127.0.0.1:${s.port}`, '');
    nowMs += TOKEN_LIFETIME_SECONDS * 1000;
    scheduler.fire();
    await c.closed;
    const again = connectJson(s.port, url);
    expect(await again.next((f) => f.type === 'disconnect')).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
  });
});
