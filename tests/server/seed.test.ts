import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open';
import { Prng, seedStream } from '../../server/db/prng';
import { openCoreDb } from '../../server/services/core';
import { coreMigrations } from '../../server/services/core/migrations';
import { GROUP_COUNTS } from '../../server/services/core/groups/seed';
import { tempDir } from './helpers';

const SEED = 20261101;

describe('seed streams', () => {
  it('derives one stream per table from the environment seed', () => {
    const draw = (p: Prng) => Array.from({ length: 5 }, () => p.next());
    expect(draw(seedStream(SEED, 'pharmacies'))).toEqual(draw(seedStream(SEED, 'pharmacies')));
    expect(draw(seedStream(SEED, 'pharmacies'))).not.toEqual(draw(seedStream(SEED, 'companies')));
    expect(draw(seedStream(SEED, 'groups'))).not.toEqual(draw(seedStream(SEED + 1, 'groups')));
  });
});

describe('seeds ride with migrations', () => {
  it('seeds a table a later migration adds on an existing database, the same rows as a fresh one', () => {
    const existing = tempDir();
    const fresh = tempDir();
    try {
      // A ./data created before the groups migration existed.
      const before = coreMigrations(SEED, 'small').filter((m) => m.version < 3);
      const old = openDatabase(join(existing, 'core.sqlite'), before);
      const pharmacies = old.prepare('SELECT id, name, micode FROM pharmacies ORDER BY id').all();
      expect(old.prepare("SELECT name FROM sqlite_master WHERE name = 'groups'").get()).toBeUndefined();
      old.close();

      const upgraded = openCoreDb(existing, SEED, 'small');
      const created = openCoreDb(fresh, SEED, 'small');
      const groups = (db: typeof upgraded) =>
        db.prepare('SELECT g.name, g.pharmacies_count, group_concat(gp.pharmacy_id) AS members FROM groups g JOIN group_pharmacies gp ON gp.group_id = g.id GROUP BY g.id ORDER BY g.id').all();
      expect(groups(upgraded)).toHaveLength(GROUP_COUNTS.small);
      expect(groups(upgraded)).toEqual(groups(created));
      expect(upgraded.prepare('SELECT id, name, micode FROM pharmacies ORDER BY id').all()).toEqual(pharmacies);
      const counts = upgraded.prepare(
        'SELECT COUNT(*) AS n FROM groups g WHERE g.pharmacies_count <> (SELECT COUNT(*) FROM group_pharmacies gp WHERE gp.group_id = g.id)',
      ).get() as { n: number };
      expect(counts.n).toBe(0);
      upgraded.close();
      created.close();
    } finally {
      rmSync(existing, { recursive: true, force: true });
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
