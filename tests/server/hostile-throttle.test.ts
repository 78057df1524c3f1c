import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPasswordHasher, HashQueueFull } from '../../server/identity/passwords';
import { BLOCKED_DESCRIPTION, createLoginThrottle, DEFAULT_THROTTLE_LIMITS, isRefusal, type ThrottleLimits } from '../../server/identity/throttle';

/** The pure pieces behind the sign-in defenses (issue 6, defect 2): the throttle and the hashing queue. */
const PAIR_ONLY: ThrottleLimits = { pairFailures: 10, pairBlockMs: 15 * 60_000, addressFailures: 1e9, accountFailures: 1e9, windowMs: 3600_000 };

describe('brute-force protection, as a property', () => {
  it('refuses exactly the attempts after 10 consecutive failures, and the right password does not lift the block', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 60 }), (outcomes) => {
        const throttle = createLoginThrottle(() => new Date(0), PAIR_ONLY);
        let consecutive = 0;
        let blocked = false;
        for (const correct of outcomes) {
          const expectedRefused = blocked || consecutive >= PAIR_ONLY.pairFailures;
          const attempt = throttle.begin('user@example.com', '192.0.2.1');
          expect(isRefusal(attempt)).toBe(expectedRefused);
          if (expectedRefused) {
            blocked = true;
            continue;
          }
          if (isRefusal(attempt)) continue;
          if (correct) {
            attempt.succeeded();
            consecutive = 0;
          } else {
            attempt.failed();
            consecutive += 1;
          }
        }
      }),
    );
  });

  it('lets the pair in again once the block has expired', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: PAIR_ONLY.pairBlockMs * 2 }), (waitedMs) => {
        let now = 0;
        const throttle = createLoginThrottle(() => new Date(now), PAIR_ONLY);
        for (let i = 0; i < PAIR_ONLY.pairFailures; i += 1) {
          const attempt = throttle.begin('user@example.com', '192.0.2.1');
          if (!isRefusal(attempt)) attempt.failed();
        }
        expect(isRefusal(throttle.begin('user@example.com', '192.0.2.1'))).toBe(true);
        now += waitedMs;
        expect(isRefusal(throttle.begin('user@example.com', '192.0.2.1'))).toBe(waitedMs < PAIR_ONLY.pairBlockMs);
      }),
    );
  });

  it('keeps a bounded memory whatever addresses a flood uses', () => {
    const throttle = createLoginThrottle(() => new Date(0));
    const fail = (account: string, address: string) => {
      const attempt = throttle.begin(account, address);
      if (!isRefusal(attempt)) attempt.failed();
      return isRefusal(attempt);
    };
    for (let i = 0; i < 50_000; i += 1) fail(`u${i}@example.com`, `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    // The oldest keys were forgotten: the first address starts from zero again.
    // Without forgetting, the tenth of these would be refused (one failure already counted).
    for (let i = 0; i < 10; i += 1) expect(fail('u0@example.com', '10.0.0.0')).toBe(false);
  });

  it('refuses guesses in flight beyond the limit without blocking the owner', () => {
    const throttle = createLoginThrottle(() => new Date(0), PAIR_ONLY);
    const inFlight = Array.from({ length: PAIR_ONLY.pairFailures }, () => throttle.begin('user@example.com', '192.0.2.1'));
    expect(inFlight.some(isRefusal)).toBe(false);
    expect(isRefusal(throttle.begin('user@example.com', '192.0.2.1'))).toBe(true);
    // They all turn out right (a script signing in ten times at once): nothing stays blocked.
    for (const attempt of inFlight) if (!isRefusal(attempt)) attempt.succeeded();
    expect(isRefusal(throttle.begin('user@example.com', '192.0.2.1'))).toBe(false);
  });
});

describe('account-wide pressure (issue 22, item 4), as a property', () => {
  it('never refuses an address that has not failed, and slows the account by at most 2 s', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 12 }), { maxLength: 400 }), (addresses) => {
        const throttle = createLoginThrottle(() => new Date(0));
        let failures = 0;
        // Guesses for one account, spread over addresses as the array says (a blocked pair's are refused, and not counted).
        for (const a of addresses) {
          const attempt = throttle.begin('owner@example.com', `203.0.113.${a}`);
          if (!isRefusal(attempt)) {
            expect(attempt.delayMs).toBeLessThanOrEqual(2000);
            attempt.failed();
            failures += 1;
          }
        }
        const owner = throttle.begin('owner@example.com', '198.51.100.1');
        expect(isRefusal(owner)).toBe(false);
        if (!isRefusal(owner)) {
          expect(owner.delayMs).toBeLessThanOrEqual(2000);
          expect(owner.delayMs > 0).toBe(failures >= 50);
        }
      }),
      { numRuns: 50 },
    );
  });
});

describe('the password hashing queue', () => {
  it('runs at most its concurrency at once and refuses beyond its queue', async () => {
    const hasher = createPasswordHasher(1, 2);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => hasher.verify('Wrong1234', undefined)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected']);
    for (const r of results.slice(3)) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(HashQueueFull);
    expect(hasher.stats()).toMatchObject({ started: 3, peak: 1, running: 0, waiting: 0 });
  });

  it('verifies what it hashed, and nothing else', async () => {
    const hasher = createPasswordHasher(2, 10);
    const stored = await hasher.hash('Secret123!');
    expect(await hasher.verify('Secret123!', stored)).toBe(true);
    expect(await hasher.verify('Secret123', stored)).toBe(false);
    expect(await hasher.verify('Secret123!', undefined)).toBe(false);
    expect(await hasher.verify('Secret123!', 'garbage')).toBe(false);
  });
});

describe('sign-in under a flood (issue 36 item 2)', () => {
  it('one address flooding the hash queue does not hold another address\'s sign-in back, and holds at most its own places', async () => {
    const hasher = createPasswordHasher(1, 200, 16);
    const done: string[] = [];
    const flood = Array.from({ length: 30 }, (_, i) => hasher.verify(`Guess${i}`, undefined, '203.0.113.7').then(() => done.push('flood'), (error: unknown) => error));
    const admin = hasher.verify('Admin1234', undefined, '198.51.100.2').then(() => done.push('admin'));
    const settled = await Promise.all([...flood, admin]);
    // Beyond its 16 waiting places (and the one running), the flooding address is refused at once.
    expect(settled.filter((result) => result instanceof HashQueueFull)).toHaveLength(30 - 17);
    // The other address took the next turn: after the one running and at most one more of the flood.
    expect(done.indexOf('admin')).toBeLessThanOrEqual(2);
  });

  it('a blocked pair stays blocked through 25,000 sign-ins with new names from many addresses (a block is not evictable)', () => {
    let clock = Date.parse('2026-11-29T00:00:00Z');
    const throttle = createLoginThrottle(() => new Date(clock), { ...DEFAULT_THROTTLE_LIMITS });
    for (let i = 0; i < 10; i++) {
      const attempt = throttle.begin('admin@example.com', '192.0.2.66');
      if (isRefusal(attempt)) throw new Error('refused too early');
      attempt.failed();
    }
    expect(isRefusal(throttle.begin('admin@example.com', '192.0.2.66'))).toBe(true);
    for (let i = 0; i < 25_000; i++) {
      clock += 1;
      const attempt = throttle.begin(`new-name-${i}@example.com`, `198.18.${(i >> 8) & 255}.${i & 255}`);
      if (!isRefusal(attempt)) attempt.failed();
    }
    const after = throttle.begin('admin@example.com', '192.0.2.66');
    expect(isRefusal(after) && after.description).toBe(BLOCKED_DESCRIPTION);
  });
});
