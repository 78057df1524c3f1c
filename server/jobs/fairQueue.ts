/**
 * A queue that takes turns between users (issue 36 item 1): the next item is the oldest of the
 * waiting user served least recently (one never served, or not for long, first; ties by arrival).
 * However many items one user queues, another user's item waits for at most one item of each
 * user ahead of it, never for the whole backlog, and a newcomer goes before a user just served.
 * Bounded per user and in all: a push beyond either is refused, so the caller can answer 429
 * instead of holding the request.
 */
export interface FairQueueLimits {
  /** Items one user may have waiting. */
  perUser: number;
  /** Items all users together may have waiting. */
  total: number;
}

/** Why a push was refused: the user's own places, or everyone's. */
export type FairQueueFull = 'user' | 'total';

/** Users whose last turn is remembered; beyond it the longest-ago are forgotten (and count as never served: first). */
const SERVED_REMEMBERED = 4096;

export class FairQueue<T> {
  /** Waiting users in order of arrival (a Map keeps insertion order), each with its items oldest first. */
  private readonly byUser = new Map<string, T[]>();
  /** Each user's last turn (a counter), least recent first. */
  private readonly served = new Map<string, number>();
  private turns = 0;
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
    let next: [string, T[]] | undefined;
    let nextTurn = Infinity;
    for (const entry of this.byUser) {
      const turn = this.served.get(entry[0]) ?? -1;
      if (turn < nextTurn) [next, nextTurn] = [entry, turn];
    }
    if (!next) return undefined;
    const [user, items] = next;
    const item = items.shift()!;
    this.waiting -= 1;
    if (items.length === 0) this.byUser.delete(user);
    this.served.delete(user);
    this.served.set(user, this.turns++);
    if (this.served.size > SERVED_REMEMBERED) this.served.delete(this.served.keys().next().value!);
    return { user, item };
  }

  /** Takes `item` out of `user`'s waiting ones (its requester left); false when it is not waiting (taken, or never queued). */
  remove(user: string, item: T): boolean {
    const items = this.byUser.get(user);
    const index = items?.indexOf(item) ?? -1;
    if (!items || index < 0) return false;
    items.splice(index, 1);
    this.waiting -= 1;
    if (items.length === 0) this.byUser.delete(user);
    return true;
  }

  /** Takes every waiting item out (the lane is stopping). */
  drain(): T[] {
    const all = [...this.byUser.values()].flat();
    this.byUser.clear();
    this.waiting = 0;
    return all;
  }
}
