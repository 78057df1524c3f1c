/**
 * A list updated in place by an item received over the cable (spec section 7): a known id is
 * replaced, a new one added, one marked `deleted` removed, and the list kept in its order.
 */
export interface Identified {
  id: number;
  deleted?: boolean;
}

export const mergeReceived = <T extends Identified>(list: readonly T[], item: T, compare: (a: T, b: T) => number): T[] => {
  const rest = list.filter((existing) => existing.id !== item.id);
  if (item.deleted) return rest.length === list.length ? (list as T[]) : rest;
  return [...rest, item].sort(compare);
};

const time = (date: Date | null | undefined) => (date instanceof Date ? date.getTime() : 0);

/** Rooms: most recent activity first (the last message, else the room's creation), then newest id. */
export const compareRooms = <T extends { id: number; lastMessage?: { createdAt: Date } | null; createdAt?: Date }>(a: T, b: T): number =>
  time(b.lastMessage?.createdAt ?? b.createdAt) - time(a.lastMessage?.createdAt ?? a.createdAt) || b.id - a.id;

/** Messages: oldest first, as the server sends them. */
export const compareMessages = <T extends { id: number }>(a: T, b: T): number => a.id - b.id;
