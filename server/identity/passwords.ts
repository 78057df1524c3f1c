import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;
/** scrypt N=16384, r=8 needs 16 MiB; node's default maxmem (32 MiB) would refuse two of them per call only by luck. */
const MAXMEM = 64 * 1024 * 1024;

/** Auth0 refuses longer passwords; longer ones would only cost hashing time. */

/**
 * How many hashes run at once. Each takes one of libuv's four pool threads and a whole core for
 * about 50 ms, so at least one core stays with the event loop: on a 2-core box one hash at a time
 * (measured: with two, a GET during a sign-in flood took about 30 ms instead of 3-15 ms).
 */
export const HASH_CONCURRENCY = Math.min(2, Math.max(1, availableParallelism() - 1));
/** Beyond this many waiting hashes a sign-in is refused at once instead of queuing for seconds. */
export const HASH_QUEUE_LIMIT = 200;
/**
 * Waiting hashes one client address may hold (an office signing in together stays well within
 * it); beyond, that address's next sign-in is refused at once, never another address's.
 */
export const HASH_QUEUE_PER_ADDRESS = 16;

export class HashQueueFull extends Error {}

const derive = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keylen, { ...options, maxmem: MAXMEM }, (error, key) => (error ? reject(error) : resolve(key))),
  );

const format = (salt: Buffer, hash: Buffer) => ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');

/** `scrypt$N$r$p$salt$hash` (base64url parts), synchronously: only for seeding a new data dir. */
export function hashPasswordSync(password: string): string {
  const salt = randomBytes(16);
  return format(salt, scryptSync(password.normalize('NFKC'), salt, KEYLEN, { N, r: R, p: P, maxmem: MAXMEM }));
}

/**
 * Compared against when the e-mail is unknown, so an unknown account costs the same scrypt run as
 * a known one (the answer's timing must not tell them apart). Its hash matches no password.
 */
const DUMMY_HASH = format(randomBytes(16), randomBytes(KEYLEN));

/**
 * A counting semaphore whose queue is fair between keys (client addresses, issue 36): each key
 * waits in its own line and the lines take turns, so one address flooding sign-ins holds at most
 * its own turn in every round, and another address's sign-in starts after at most one hash per
 * address waiting. A key may hold `perKeyLimit` waiting places, and all keys `queueLimit`; a key
 * that holds none is always let in, so no flood shuts another address out.
 */
function createLimiter(concurrency: number, queueLimit: number, perKeyLimit: number) {
  let running = 0;
  let waitingCount = 0;
  /** The lines, in turn order: a key's line goes to the back once it has been served. */
  const lines = new Map<string, (() => void)[]>();
  const release = () => {
    running -= 1;
    const next = lines.entries().next();
    if (next.done) return;
    const [key, line] = next.value;
    const start = line.shift()!;
    lines.delete(key);
    if (line.length > 0) lines.set(key, line);
    waitingCount -= 1;
    running += 1;
    start();
  };
  return {
    async run<T>(task: () => Promise<T>, key = ''): Promise<T> {
      if (running >= concurrency) {
        const line = lines.get(key) ?? [];
        if (line.length >= perKeyLimit || (line.length > 0 && waitingCount >= queueLimit)) throw new HashQueueFull('password hashing queue is full');
        await new Promise<void>((resolve) => {
          line.push(resolve);
          lines.set(key, line);
          waitingCount += 1;
        });
      } else {
        running += 1;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waitingCount;
    },
  };
}

/** Every password hash of the process goes through here: async scrypt, at most HASH_CONCURRENCY at once. */
export function createPasswordHasher(concurrency = HASH_CONCURRENCY, queueLimit = HASH_QUEUE_LIMIT, perAddressLimit = HASH_QUEUE_PER_ADDRESS) {
  const limiter = createLimiter(concurrency, queueLimit, perAddressLimit);
  let started = 0;
  let peak = 0;
  const scheduled = <T>(task: () => Promise<T>, address?: string) =>
    limiter.run(() => {
      started += 1;
      peak = Math.max(peak, limiter.running);
      return task();
    }, address);

  return {
    hash: (password: string): Promise<string> =>
      scheduled(async () => {
        const salt = randomBytes(16);
        return format(salt, await derive(password, salt, KEYLEN, { N, r: R, p: P }));
      }),

    /**
     * `stored` undefined (unknown user) still runs one scrypt, against the dummy hash: the same
     * cost and the same place in the queue as a known one. `address`: whose line it waits in.
     */
    verify: (password: string, stored: string | undefined, address?: string): Promise<boolean> => {
      const known = stored !== undefined && /^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/.test(stored);
      const [, n, r, p, salt, hash] = (known ? stored : DUMMY_HASH).split('$');
      return scheduled(async () => {
        const expected = Buffer.from(hash, 'base64url');
        const actual = await derive(password, Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
        return known && actual.length === expected.length && timingSafeEqual(actual, expected);
      }, address);
    },

    /** For tests and the bench: scrypt runs started, the most that ran at once, and the queue now. */
    stats: () => ({ started, peak, running: limiter.running, waiting: limiter.waiting }),
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

/** The process's one hasher: the bound is a property of the process, not of an app instance. */
export const passwordHasher = createPasswordHasher();
