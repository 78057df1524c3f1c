import type { Migration } from '../../../db/open';
import { seedStream } from '../../../db/prng';
import { restampTable, versionTriggersSql } from '../../../db/versions';
import { IDENTITY_SEED_DATE } from '../../../identity/db';
import { searchIndexSql } from '../../../shared/search';
import { USER_SEARCH } from '../users/search';

/** users.pharmacy_ids (what restore compares with the identity store) follows pharmacy_users. */
const mirrorSql = (row: 'NEW' | 'OLD') => `UPDATE users SET pharmacy_ids = (
  SELECT json_group_array(pharmacy_id ORDER BY pharmacy_id) FROM pharmacy_users WHERE user_id = ${row}.user_id) WHERE id = ${row}.user_id;`;

/** The seeded demo account keeps write access; other seeded memberships are read-only about a third of the time. */
const DEMO_ACCOUNT = 'pharmacy@example.com';

/**
 * Pharmacy users (spec section 4 "Pharmacy user permission"): a pharmacy user belongs to
 * pharmacies with read or write permission. Also the users list's sort and search indexes.
 * Existing users' pharmacy_ids become memberships.
 */
export function pharmacyUserMigrations(seed: number): Migration[] {
  return [
    {
      version: 20,
      up: `
        CREATE TABLE pharmacy_users (
          pharmacy_id INTEGER NOT NULL REFERENCES pharmacies(id) ON DELETE CASCADE,
          user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          permission TEXT NOT NULL CHECK (permission IN ('read', 'write')),
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL,
          PRIMARY KEY (pharmacy_id, user_id)
        ) WITHOUT ROWID;
        CREATE INDEX pharmacy_users_user ON pharmacy_users(user_id, pharmacy_id);
        CREATE TRIGGER pharmacy_users_mirror_insert AFTER INSERT ON pharmacy_users BEGIN ${mirrorSql('NEW')} END;
        CREATE TRIGGER pharmacy_users_mirror_delete AFTER DELETE ON pharmacy_users BEGIN ${mirrorSql('OLD')} END;
        CREATE INDEX users_email_nocase ON users(email COLLATE NOCASE);
        CREATE INDEX users_sort_email ON users(email, id);
        CREATE INDEX users_sort_name ON users(name, id);
        CREATE INDEX users_sort_updated_at ON users(updated_at, id);
        ${searchIndexSql(USER_SEARCH)}
        ${versionTriggersSql('pharmacy_users', 'updated_at')}`,
      seed: (db) => {
        const rng = seedStream(seed, 'pharmacy_users');
        const users = db.prepare("SELECT id, email, pharmacy_ids FROM users WHERE role = 'pharmacy' ORDER BY id").all() as
          { id: number; email: string; pharmacy_ids: string }[];
        const insert = db.prepare(
          `INSERT OR IGNORE INTO pharmacy_users (pharmacy_id, user_id, permission, created_at, updated_at)
           SELECT id, @userId, @permission, @at, @at FROM pharmacies WHERE id = @pharmacyId`,
        );
        for (const user of users) {
          for (const pharmacyId of JSON.parse(user.pharmacy_ids) as number[]) {
            const permission = user.email !== DEMO_ACCOUNT && rng.chance(0.35) ? 'read' : 'write';
            insert.run({ userId: user.id, permission, at: IDENTITY_SEED_DATE, pharmacyId });
          }
        }
        restampTable(db, 'pharmacy_users', 'updated_at', IDENTITY_SEED_DATE);
      },
    },
  ];
}
