/**
 * The order in which several list calls start when they cannot all run at once: the kinds that
 * took longest when last seen go first (a kind not yet seen counts as the longest), ties in the
 * order asked. A slow search then starts at once and the quick calls follow in the places it
 * leaves, so the last answer comes about one slow call after the start, not after the quick ones
 * too. Used by both sides: the SPA's list calls without the lookups batch
 * (src/dataProvider/listLookups.ts) and the batch's sub-calls on the server
 * (server/services/core/lookups/routes.ts). The order never changes an answer: each is kept in
 * its place.
 */
export interface CallDurations {
  /** The positions of `kinds` in the order to start them. */
  order(kinds: readonly string[]): number[];
  /** Remembers how long a call of `kind` took (ms). */
  note(kind: string, ms: number): void;
}

/** Kinds remembered at most: a caller may make up kinds (a batch's parameter names), so the memory is bounded. */
export const MAX_CALL_KINDS = 1_000;

export function callDurations(): CallDurations {
  const took = new Map<string, number>();
  return {
    order(kinds) {
      const cost = kinds.map((kind) => took.get(kind) ?? Number.POSITIVE_INFINITY);
      return kinds.map((_, index) => index).sort((a, b) => (cost[a] === cost[b] ? a - b : cost[b] > cost[a] ? 1 : -1));
    },
    note(kind, ms) {
      if (!took.has(kind) && took.size >= MAX_CALL_KINDS) took.clear();
      took.set(kind, ms);
    },
  };
}
