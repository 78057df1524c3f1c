import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../../src/lib/memoryStorage';
import { readRecent, recentKey, rememberRecent, RECENT_LIMIT, withRecent, type RecentRecord } from '../../../src/features/palette/recentRecords';

const record = (resource: string, id: string): Omit<RecentRecord, 'openedAt'> => ({ resource, id, label: `${resource} ${id}`, url: `/${resource}/${id}` });

describe('recent records (per environment and user)', () => {
  it('keys by environment and user, so neither sees the other’s', () => {
    const storage = createMemoryStorage();
    rememberRecent(storage, recentKey('production', 1), record('v2/core/pharmacies', '7'));
    expect(readRecent(storage, recentKey('production', 2))).toEqual([]);
    expect(readRecent(storage, recentKey('demo', 1))).toEqual([]);
    expect(readRecent(storage, recentKey('production', 1)).map((r) => r.id)).toEqual(['7']);
  });

  it('keys never collide, whatever the environment and user are called (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (e1, u1, e2, u2) => {
        fc.pre(e1 !== e2 || u1 !== u2);
        expect(recentKey(e1, u1)).not.toBe(recentKey(e2, u2));
      }),
    );
  });

  it('newest first, a record once, at most the limit (property)', () => {
    const opened = fc.array(fc.tuple(fc.constantFrom('a', 'b'), fc.integer({ min: 1, max: 12 }).map(String)), { maxLength: 40 });
    fc.assert(
      fc.property(opened, (steps) => {
        const storage = createMemoryStorage();
        const key = recentKey('production', 'u');
        let list: RecentRecord[] = [];
        for (const [resource, id] of steps) {
          list = rememberRecent(storage, key, record(resource, id));
          expect(list[0]).toMatchObject({ resource, id });
        }
        expect(list.length).toBeLessThanOrEqual(RECENT_LIMIT);
        expect(new Set(list.map((r) => `${r.resource}:${r.id}`)).size).toBe(list.length);
        expect(readRecent(storage, key)).toEqual(list);
      }),
    );
  });

  it('drops what it cannot trust: another site’s URL, a broken entry, unreadable JSON', () => {
    const storage = createMemoryStorage();
    const key = recentKey('production', 1);
    storage.setItem(key, JSON.stringify([{ ...record('x', '1'), url: 'https://evil.example/', openedAt: 'x' }, { ...record('x', '2'), url: '//evil.example/', openedAt: 'x' }, { id: 3 }, { ...record('x', '4'), openedAt: 'x' }]));
    expect(readRecent(storage, key).map((r) => r.id)).toEqual(['4']);
    storage.setItem(key, '{not json');
    expect(readRecent(storage, key)).toEqual([]);
    expect(withRecent([], { ...record('x', '1'), openedAt: 'now' })).toHaveLength(1);
  });
});
