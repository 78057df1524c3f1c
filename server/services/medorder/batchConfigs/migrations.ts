import { BATCH_TTLS } from '../../../../src/contract/pharmacy';
import type { Migration } from '../../../db/open';
import { seedStream } from '../../../db/prng';
import { seededPharmacyIds, type SeedScale } from '../../../db/seedCatalogue';
import { restampTable, versionTriggersSql } from '../../../db/versions';

const SEED_DATE = '2026-11-01T00:00:00.000Z';

/**
 * The ordering service's batch queue per pharmacy (spec sections 3, 4 and 9): the secondary
 * queue on with a ttl of 12 h or 1 h, or off (ttl 0). It knows pharmacies by id only (no
 * service reads another's tables): a pharmacy without a row is off.
 */
export function batchConfigMigrations(seed: number, scale: SeedScale): Migration[] {
  return [
    {
      version: 10,
      up: `
        CREATE TABLE batch_configs (
          pharmacy_id INTEGER PRIMARY KEY,
          ttl INTEGER NOT NULL CHECK (ttl IN (${BATCH_TTLS.join(', ')})),
          use_secondary INTEGER NOT NULL,
          updated_at TEXT NOT NULL
        );
        ${versionTriggersSql('batch_configs', 'updated_at')}`,
      seed: (db) => {
        const rng = seedStream(seed, 'batch-configs');
        const insert = db.prepare('INSERT INTO batch_configs (pharmacy_id, ttl, use_secondary, updated_at) VALUES (@id, @ttl, @useSecondary, @at)');
        for (const id of seededPharmacyIds(scale)) {
          const roll = rng.next();
          const ttl = roll < 0.5 ? 43200 : roll < 0.7 ? 3600 : 0;
          insert.run({ id, ttl, useSecondary: ttl === 0 ? 0 : 1, at: SEED_DATE });
        }
        restampTable(db, 'batch_configs', 'updated_at', SEED_DATE);
      },
    },
  ];
}
