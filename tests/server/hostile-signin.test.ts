import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASH_CONCURRENCY, HASH_QUEUE_PER_ADDRESS, passwordHasher } from '../../server/identity/passwords';
import { BLOCKED_DESCRIPTION, DEFAULT_THROTTLE_LIMITS, SUSPICIOUS_DESCRIPTION } from '../../server/identity/throttle';
import { ADMIN, PHARMACY, startApp, type TestApp } from './helpers';

/**
 * Hostile-client suite, sign-in (issue 6, defects 2, 3 and 10): wrong logins cannot stall the
 * API, unknown e-mails cost a hash like known ones, repeated failures are throttled with
 * Auth0's answers, and passwords are capped.
 */
const T0 = new Date('2026-11-21T10:00:00.000Z');
let clock = T0;
let app: TestApp;

beforeAll(() => {
  app = startApp({ now: () => clock });
});
afterAll(() => app.dispose());

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** A password grant as if sent from `address` (the socket's peer address is what the throttle keys on). */
const signIn = async (target: TestApp, username: string, password: string, address: string) => {
  const res = await target.app.request(
    '/oauth/token',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', username, password }) },
    { incoming: { socket: { remoteAddress: address } } },
  );
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Record<string, string> };
};
const login = (username: string, password: string, address = '192.0.2.1') => signIn(app, username, password, address);

/**
 * The median, not the maximum: the box is shared, and a single GET can lose the CPU to another
 * process for tens of milliseconds whatever this server does. Before the fix every GET waited
 * for the whole flood (about 6 s), so the median still tells the two apart.
 */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('an unrelated request while 100 wrong logins are in flight', () => {
  let server: ServerType;
  let base: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers a signed-in GET within 50 ms (median of 15), hashes at most HASH_CONCURRENCY passwords at once and queues at most HASH_QUEUE_PER_ADDRESS of one address', async () => {
    const token = await app.token(PHARMACY);
    const me = async () => {
      const started = performance.now();
      const res = await fetch(`${base}/core/api/v2/common/users/me`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      return performance.now() - started;
    };
    await me(); // the connection and the route warm up outside the measurement

    // Unknown, distinct e-mails: no account is blocked, so every one of them is really hashed.
    const logins = Array.from({ length: 100 }, (_, i) =>
      fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', username: `intruder${i}@example.com`, password: `Guess${i}word` }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { error: string } })),
    );
    // Measure only once the queue is really full.
    while (passwordHasher.stats().waiting < HASH_QUEUE_PER_ADDRESS) await new Promise((resolve) => setTimeout(resolve, 5));

    const latencies: number[] = [];
    for (let i = 0; i < 15; i += 1) latencies.push(await me());
    const stillQueued = passwordHasher.stats().waiting;
    const answers = await Promise.all(logins);

    expect(stillQueued, 'the GETs were measured while logins were still queued').toBeGreaterThan(0);
    expect(median(latencies), `latencies ${latencies.map((ms) => ms.toFixed(1)).join(', ')} ms`).toBeLessThan(50);
    // One address holds at most HASH_QUEUE_PER_ADDRESS waiting hashes (issue 36): the rest of its
    // flood is told to come back, and counts as no failure.
    const outcomes = answers.map((a) => `${a.status} ${a.body.error}`);
    expect(new Set(outcomes)).toEqual(new Set(['403 invalid_grant', '429 too_many_attempts']));
    const judged = outcomes.filter((outcome) => outcome === '403 invalid_grant').length;
    expect(judged).toBeGreaterThan(HASH_QUEUE_PER_ADDRESS);
    expect(passwordHasher.stats().peak).toBe(HASH_CONCURRENCY);

    // The 101st judged failure from the same address within the hour is throttled.
    const guess = (username: string) =>
      fetch(`${base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', username, password: 'Guess' }) });
    for (let i = judged; i < 100; i++) expect((await guess(`intruder-more${i}@example.com`)).status).toBe(403);
    const next = await guess('intruder-final@example.com');
    expect(next.status).toBe(429);
    expect(await next.json()).toEqual({ error: 'too_many_attempts', error_description: SUSPICIOUS_DESCRIPTION });
  }, 120_000);
});

describe('unknown e-mails', () => {
  it('cost one password hash each, like a wrong password for a known account', async () => {
    const before = passwordHasher.stats().started;
    const unknown = await login('nobody@example.com', 'Whatever123', '192.0.2.50');
    const afterUnknown = passwordHasher.stats().started;
    const known = await login(ADMIN.username, 'Whatever123', '192.0.2.50');
    const afterKnown = passwordHasher.stats().started;
    expect(afterUnknown - before).toBe(1);
    expect(afterKnown - afterUnknown).toBe(1);
    // And the answers are the same.
    expect(unknown).toEqual(known);
    expect(known.body).toEqual({ error: 'invalid_grant', error_description: 'Wrong email or password.' });
  });
});

describe('brute-force protection', () => {
  it('blocks an account from one address after 10 failures; the right password does not lift it until it expires', async () => {
    const address = '198.51.100.7';
    for (let i = 0; i < 10; i += 1) expect((await login(PHARMACY.username, `Wrong${i}pass`, address)).status).toBe(403);
    const blocked = await login(PHARMACY.username, PHARMACY.password, address);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: 'too_many_attempts', error_description: BLOCKED_DESCRIPTION });
    expect(Number(blocked.retryAfter)).toBe(15 * 60);
    // The same account from elsewhere, and another account from here, still sign in.
    expect((await login(PHARMACY.username, PHARMACY.password, '198.51.100.8')).status).toBe(200);
    expect((await login(ADMIN.username, ADMIN.password, address)).status).toBe(200);

    advance(14 * 60_000);
    expect((await login(PHARMACY.username, PHARMACY.password, address)).status).toBe(429);
    advance(60_000);
    expect((await login(PHARMACY.username, PHARMACY.password, address)).status).toBe(200);
  });

  it('counts consecutive failures only: a success in between starts again from zero', async () => {
    const address = '198.51.100.20';
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 9; i += 1) expect((await login(ADMIN.username, `Wrong${i}pass`, address)).status).toBe(403);
      expect((await login(ADMIN.username, ADMIN.password, address)).status).toBe(200);
    }
  });

  it('slows down, never locks, one account guessed from many addresses', async () => {
    const account = 'sato.misaki@example.com';
    for (let i = 0; i < 50; i += 1) expect((await login(account, `Wrong${i}pass`, `203.0.113.${i}`)).status).toBe(403);
    const started = performance.now();
    expect((await login(account, 'Staff1234', '203.0.113.200')).status).toBe(200);
    expect(performance.now() - started, 'the 51st attempt waits its account-wide delay').toBeGreaterThanOrEqual(100);
    advance(60 * 60_000);
    expect((await login(account, 'Staff1234', '203.0.113.200')).status).toBe(200);
  }, 60_000);
});

describe('strangers cannot turn the throttle into a lock-out (issue 22, item 4)', () => {
  // Auth0's limits, but the account-wide slowing (asserted above) in milliseconds instead of up to
  // 2 s an attempt: these tests count refusals, and 100 real-time waits cost 18 s of the suite.
  let fast: TestApp;
  beforeAll(() => {
    fast = startApp({ now: () => clock, signInThrottle: { ...DEFAULT_THROTTLE_LIMITS, accountDelayStepMs: 1, accountDelayMaxMs: 20 } });
  });
  afterAll(() => fast.dispose());
  const login = (username: string, password: string, address: string) => signIn(fast, username, password, address);
  /** 50 wrong passwords from six addresses, at most 9 each: no pair is blocked, no address is noisy. */
  const spread = async (account: string, net: string) => {
    for (let i = 0; i < 50; i += 1) expect((await login(account, `Wrong${i}pass`, `${net}.${Math.floor(i / 9)}`)).status).toBe(403);
  };

  for (const [account, password, net] of [
    ['takahashi.yumi@example.com', 'Staff1234', '203.0.114'],
    [ADMIN.username, ADMIN.password, '203.0.115'],
  ] as const) {
    it(`lets the right password in from an address that has not failed (${account})`, async () => {
      await spread(account, net);
      const fresh = await login(account, password, `${net}.200`);
      expect(fresh.status).toBe(200);
      expect(fresh.body.access_token).toEqual(expect.any(String));
      // An address that failed nine times is not blocked either (its success starts the count again);
      // ten consecutive failures there block only that pair.
      expect((await login(account, password, `${net}.0`)).status).toBe(200);
      for (let i = 0; i < 10; i += 1) expect((await login(account, `Again${i}pass`, `${net}.0`)).status).toBe(403);
      expect((await login(account, password, `${net}.0`)).status).toBe(429);
      expect((await login(account, password, `${net}.201`)).status).toBe(200);
    }, 60_000);
  }
});

describe('password length', () => {
  it('refuses a password over 128 characters with a Japanese message, without hashing it', async () => {
    const before = passwordHasher.stats().started;
    const res = await login(ADMIN.username, 'A'.repeat(129), '192.0.2.99');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_request', error_description: 'パスワードは128文字以内で入力してください。' });
    expect(passwordHasher.stats().started).toBe(before);
    expect((await login(ADMIN.username, 'A'.repeat(128), '192.0.2.99')).status).toBe(403);
  });
});

describe('guessing the current password with a stolen access token', () => {
  it('is blocked after 10 wrong guesses, the right one included, until the block expires', async () => {
    const staff = { username: 'sato.misaki@example.com', password: 'Staff1234' };
    const token = await app.token(staff);
    const change = (current: string) =>
      app.call('/core/api/v2/common/users/change_password', {
        method: 'POST',
        token,
        json: { current_password: current, new_password: 'Changed123!', new_password_again: 'Changed123!' },
      });
    for (let i = 0; i < 10; i += 1) expect((await change(`Guess${i}word`)).status).toBe(422);
    const blocked = await change(staff.password);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ errors: ['リクエストが多すぎます。しばらくしてから再度お試しください。'] });
    advance(15 * 60_000);
    expect((await change(staff.password)).status).toBe(200);
  });
});
