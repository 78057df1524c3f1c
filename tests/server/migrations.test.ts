import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../server/db/open';
import { openCoreDb } from '../../server/services/core';
import { seedPublishedRows } from '../../server/services/core/masterFiles/publishedRows';
import { coreMigrations } from '../../server/services/core/migrations';
import { openLegacyDb } from '../../server/services/legacy';
import { legacyMigrations } from '../../server/services/legacy/migrations';
import { openMedorderDb } from '../../server/services/medorder';
import { medorderMigrations } from '../../server/services/medorder/migrations';
import { tempDir } from './helpers';

const SEED = 20261101;

/**
 * The ids existing data directories have recorded in `schema_migrations`. A migration's id never
 * changes and never goes away (a database that applied it would run its successor again, or one
 * that did not would never get it); new migrations add ids, so this list only grows.
 */
const APPLIED = {
  core: [1, 2, 3, 10, 11, 20, 30, 40, 41, 50, 51],
  medorder: [1, 10, 60, 90],
  legacy: [1, 60],
};

const LISTS = {
  core: coreMigrations(SEED, 'small'),
  medorder: medorderMigrations(SEED, 'small', seedPublishedRows),
  legacy: legacyMigrations,
};

describe('each service has one ordered migration list', () => {
  for (const [service, list] of Object.entries(LISTS) as [keyof typeof LISTS, (typeof LISTS)['core']][]) {
    it(`${service}: ids ascend in the order they apply, and every id ever applied is still there`, () => {
      const ids = list.map((m) => m.version);
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
      expect(ids).toEqual(expect.arrayContaining(APPLIED[service]));
    });
  }

  it('a database opened again runs nothing again', () => {
    const dir = tempDir();
    const applied = (db: DB) => db.prepare('SELECT version, applied_at FROM schema_migrations ORDER BY version').all();
    try {
      const open = () => [openCoreDb(dir, SEED, 'small'), openMedorderDb(dir, SEED, 'small', seedPublishedRows), openLegacyDb(dir)];
      const first = open();
      const before = first.map(applied);
      for (const db of first) db.close();
      const second = open();
      expect(second.map(applied)).toEqual(before);
      expect(before.map((rows) => rows.length)).toEqual([LISTS.core.length, LISTS.medorder.length, LISTS.legacy.length]);
      for (const db of second) db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
