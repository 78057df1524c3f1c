/**
 * The records a user opened last, shown by the jump palette before anything is typed: kept in
 * local storage per environment and per user (as form drafts are, src/features/drafts/formDrafts.ts), newest
 * first, at most `RECENT_LIMIT`, a record once. Only what the palette shows is stored (name,
 * detail line, URL), never a record's other fields.
 */
export interface RecentRecord {
  resource: string;
  id: string;
  label: string;
  detail?: string;
  /** The spec's route of the record's detail. */
  url: string;
  /** When it was opened, ISO 8601. */
  openedAt: string;
}

export const RECENT_LIMIT = 8;
const PREFIX = 'cs-portal.recent';

export const recentKey = (environment: string, userId: string | number): string =>
  [PREFIX, environment, String(userId)].map(encodeURIComponent).join(':');

const isRecent = (value: unknown): value is RecentRecord => {
  if (value === null || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.resource === 'string' &&
    typeof record.id === 'string' &&
    typeof record.label === 'string' &&
    typeof record.url === 'string' &&
    // Only in-app paths: a stored value never sends the palette to another site.
    record.url.startsWith('/') &&
    !record.url.startsWith('//') &&
    typeof record.openedAt === 'string' &&
    (record.detail === undefined || typeof record.detail === 'string')
  );
};

const sameRecord = (a: Pick<RecentRecord, 'resource' | 'id'>, b: Pick<RecentRecord, 'resource' | 'id'>) => a.resource === b.resource && a.id === b.id;

/** The stored list, newest first; anything unreadable is left out (a hand-edited or older entry). */
export const readRecent = (storage: Storage, key: string): RecentRecord[] => {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    const kept: RecentRecord[] = [];
    for (const entry of parsed) {
      if (isRecent(entry) && !kept.some((other) => sameRecord(other, entry))) kept.push(entry);
      if (kept.length === RECENT_LIMIT) break;
    }
    return kept;
  } catch {
    return [];
  }
};

/** The list with `record` first (moved up if it was there), at most `RECENT_LIMIT` long. Pure. */
export const withRecent = (list: readonly RecentRecord[], record: RecentRecord): RecentRecord[] =>
  [record, ...list.filter((other) => !sameRecord(other, record))].slice(0, RECENT_LIMIT);

/** Stores `record` as the newest and answers the new list; blocked or full storage keeps nothing. */
export const rememberRecent = (storage: Storage, key: string, record: Omit<RecentRecord, 'openedAt'>, now = new Date()): RecentRecord[] => {
  const list = withRecent(readRecent(storage, key), { ...record, openedAt: now.toISOString() });
  try {
    storage.setItem(key, JSON.stringify(list));
  } catch {
    // The palette still works, without remembering.
  }
  return list;
};
