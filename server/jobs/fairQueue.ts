/**
 * A queue that takes turns between users (issue 36 item 1): the next item is the oldest of the
 * user whose turn it is, and a user whose item was taken goes to the back of the round. However
 * many items one user queues, another user's item waits for at most one item of each user ahead
 * of it, never for the whole backlog. Bounded per user and in all: a push beyond either is
 * refused, so the caller can answer 429 instead of holding the request.
 */
export interface FairQueueLimits {
  /** Items one user may have waiting. */
  perUser: number;
  /** Items all users together may have waiting. */
  total: number;
}

/** Why a push was refused: the user's own places, or everyone's. */
export type FairQueueFull = 'user' | 'total';

export class FairQueue<T> {
  /** Users in the order of their turns (a Map keeps insertion order), each with its items oldest first. */
  private readonly byUser = new Map<string, T[]>();
  private waiting = 0;

  constructor(private readonly limits: FairQueueLimits) {}

  get size(): number {
    return this.waiting;
  }

  /** Queues `item` behind `user`'s earlier ones; says which bound refused it, if one did. */
  push(user: string, item: T): FairQueueFull | undefined {
    const items = this.byUser.get(user);
    if ((items?.length ?? 0) >= this.limits.perUser) return 'user';
    if (this.waiting >= this.limits.total) return 'total';
    if (items) items.push(item);
    else this.byUser.set(user, [item]);
    this.waiting += 1;
    return undefined;
  }

  /** The next item in turn, or undefined when nothing waits. */
  shift(): { user: string; item: T } | undefined {
    const next = this.byUser.entries().next();
    if (next.done) return undefined;
    const [user, items] = next.value;
    const item = items.shift()!;
    this.waiting -= 1;
    this.byUser.delete(user);
    // Back of the round, if the user has more.
    if (items.length > 0) this.byUser.set(user, items);
    return { user, item };
  }

  /** Takes every waiting item out (the lane is stopping). */
  drain(): T[] {
    const all = [...this.byUser.values()].flat();
    this.byUser.clear();
    this.waiting = 0;
    return all;
  }
}
