/**
 * Sign-in throttling with Auth0's two protections and their answers (429 too_many_attempts):
 * - brute-force protection: 10 consecutive failures for one account from one address block that
 *   pair for 15 minutes (a time window: the right password does not lift the block before it
 *   expires, a success before the tenth failure starts the count again);
 * - suspicious-address throttling: 100 failures from one address within an hour, whatever the
 *   accounts, refuse that address.
 * Nothing is refused for the account as a whole: guesses spread over many addresses would
 * otherwise let any stranger lock its owner out. Past 50 failures within the hour from all
 * addresses together, each attempt on the account is only slowed down (100 ms more per failure,
 * 2 s at most), so the owner signing in from an address that has not failed always gets in.
 * An attempt counts against the limits from the moment it starts (a success takes it back), so a
 * hundred attempts sent at once are throttled before their hashes finish.
 */
export interface ThrottleLimits {
  /** Consecutive failures of one account from one address before the pair is blocked (Auth0: 10). */
  pairFailures: number;
  pairBlockMs: number;
  /** Failures from one address within the window (Auth0: 100). */
  addressFailures: number;
  /** Failures of one account from every address within the window beyond which its attempts are slowed (never refused). */
  accountFailures: number;
  windowMs: number;
  /** The slowing: this much more per failure beyond `accountFailures` (default 100 ms)… */
  accountDelayStepMs?: number;
  /** …up to this (default 2 s). */
  accountDelayMaxMs?: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  pairFailures: 10,
  pairBlockMs: 15 * 60_000,
  addressFailures: 100,
  accountFailures: 50,
  windowMs: 60 * 60_000,
  accountDelayStepMs: 100,
  accountDelayMaxMs: 2000,
};

export const BLOCKED_DESCRIPTION =
  "Your account has been blocked after multiple consecutive login attempts. We've sent you an email with instructions on how to unblock it.";
export const SUSPICIOUS_DESCRIPTION =
  'We have detected suspicious login behavior and further attempts will be blocked. Please contact the administrator.';

/**
 * Keys kept before the oldest are forgotten: a flood of fresh addresses or names cannot grow
 * memory. A key that blocks (a blocked pair, an address at its limit) is never what a flood
 * evicts (issue 36: 25,000 new names used to unblock a pair): the oldest that does not block goes
 * first, and only past `MAX_BLOCKING_KEYS` the oldest of all, since each block costs its
 * attacker ten judged guesses.
 */
const MAX_KEYS = 20_000;
const MAX_BLOCKING_KEYS = 200_000;

export interface Refusal {
  description: string;
  retryAfterSeconds: number;
}

export interface Attempt {
  /** How long to wait before judging (account-wide pressure): 0 normally, a bounded delay under attack. */
  delayMs: number;
  /** The password was right: the pair's consecutive failures start again from zero. */
  succeeded(): void;
  /** The password was wrong: one more consecutive failure for the pair. */
  failed(): void;
  /** Not judged (e.g. the hashing queue was full): counts for nothing. */
  abandoned(): void;
}

interface Pair {
  failures: number;
  /** Attempts begun and not yet judged. */
  pending: number;
  blockedUntil: number;
}

export function createLoginThrottle(now: () => Date, limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS) {
  const pairs = new Map<string, Pair>();
  const windows = new Map<string, number[]>();

  const remember = <V>(map: Map<string, V>, key: string, value: V, blocks: (value: V, at: number) => boolean) => {
    map.delete(key);
    map.set(key, value);
    if (map.size <= MAX_KEYS) return;
    // The oldest goes unless it blocks; a blocking one moves to the back instead, so the next
    // eviction meets another (each key is looked at once per pass, never the whole map per insert).
    const at = now().getTime();
    for (let looked = 0; map.size > MAX_KEYS && looked < map.size; looked++) {
      const [old, kept] = map.entries().next().value!;
      map.delete(old);
      if (blocks(kept, at)) map.set(old, kept);
    }
    while (map.size > MAX_BLOCKING_KEYS) map.delete(map.keys().next().value!);
  };
  const pairBlocks = (pair: Pair, at: number) => pair.blockedUntil > at || pair.failures >= limits.pairFailures || pair.pending > 0;
  const windowBlocks = (times: number[], at: number) => times.filter((t) => t > at - limits.windowMs).length >= Math.min(limits.addressFailures, limits.accountFailures);

  const step = limits.accountDelayStepMs ?? DEFAULT_THROTTLE_LIMITS.accountDelayStepMs!;
  const maxDelay = limits.accountDelayMaxMs ?? DEFAULT_THROTTLE_LIMITS.accountDelayMaxMs!;
  const recent = (key: string, at: number) => (windows.get(key) ?? []).filter((t) => t > at - limits.windowMs);

  return {
    /** Refuses the attempt, or counts it as a failure until it is judged. */
    begin(account: string, address: string): Refusal | Attempt {
      const at = now().getTime();
      const pairKey = `${account}\u0000${address}`;
      const pair = pairs.get(pairKey) ?? { failures: 0, pending: 0, blockedUntil: 0 };
      if (pair.blockedUntil !== 0 && pair.blockedUntil <= at) Object.assign(pair, { failures: 0, blockedUntil: 0 });
      // The attempt after `pairFailures` judged failures starts the block (so the tenth may still be right).
      if (pair.failures >= limits.pairFailures) {
        pair.blockedUntil ||= at + limits.pairBlockMs;
        remember(pairs, pairKey, pair, pairBlocks);
        return { description: BLOCKED_DESCRIPTION, retryAfterSeconds: Math.ceil((pair.blockedUntil - at) / 1000) };
      }
      // As many guesses in flight as would block the pair are refused, without blocking it:
      // right passwords sent at once (a script, several tabs) must not lock their owner out.
      if (pair.failures + pair.pending >= limits.pairFailures) return { description: BLOCKED_DESCRIPTION, retryAfterSeconds: 1 };

      const byAddress = recent(`a\u0000${address}`, at);
      if (byAddress.length >= limits.addressFailures) {
        return { description: SUSPICIOUS_DESCRIPTION, retryAfterSeconds: Math.ceil((byAddress[0] + limits.windowMs - at) / 1000) };
      }
      // The account's failures from everywhere only slow its attempts down: kept only as far as
      // the delay can grow, so a flood on one account neither grows memory nor locks it.
      const byAccount = recent(`u\u0000${account}`, at).slice(-(limits.accountFailures + Math.ceil(maxDelay / step)));
      const beyond = byAccount.length - limits.accountFailures + 1;
      const delayMs = beyond > 0 ? Math.min(maxDelay, beyond * step) : 0;

      pair.pending += 1;
      remember(pairs, pairKey, pair, pairBlocks);
      remember(windows, `a\u0000${address}`, [...byAddress, at], windowBlocks);
      remember(windows, `u\u0000${account}`, [...byAccount, at], windowBlocks);

      const forget = () => {
        for (const key of [`a\u0000${address}`, `u\u0000${account}`]) {
          const list = windows.get(key);
          const i = list?.lastIndexOf(at) ?? -1;
          if (list && i >= 0) list.splice(i, 1);
        }
      };
      let judged = false;
      const judge = (outcome: () => void) => {
        if (judged) return;
        judged = true;
        pair.pending -= 1;
        outcome();
      };
      return {
        delayMs,
        succeeded: () =>
          judge(() => {
            // Once blocked, the right password does not lift the block before it expires.
            if (pair.blockedUntil === 0) pair.failures = 0;
            forget();
          }),
        failed: () => judge(() => (pair.failures += 1)),
        abandoned: () => judge(forget),
      };
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export const isRefusal = (result: Refusal | Attempt): result is Refusal => 'description' in result;
