import { join } from 'node:path';
import { openDatabase, type DB, type Migration } from '../db/open';
import { hashPasswordSync } from './passwords';
import { SEED_IDENTITY_USERS, identityUserId } from './users';

const migrations: Migration[] = [
  {
    version: 1,
    up: `
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        name TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('admin', 'pharmacy')),
        pharmacy_ids TEXT NOT NULL DEFAULT '[]',
        email_verified INTEGER NOT NULL DEFAULT 1,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE signing_keys (
        kid TEXT PRIMARY KEY,
        private_pem TEXT NOT NULL,
        public_pem TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE refresh_tokens (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        client_id TEXT NOT NULL,
        audience TEXT NOT NULL,
        scope TEXT NOT NULL,
        created_at TEXT NOT NULL
      );`,
  },
  {
    // Rotating refresh tokens: one family per sign-in, bound to its client, expiring. Tokens of
    // version 1 never expired and are dropped: their sessions sign in again.
    version: 2,
    up: `
      DROP TABLE refresh_tokens;
      CREATE TABLE refresh_tokens (
        token_hash TEXT PRIMARY KEY,
        family_id TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        client_id TEXT NOT NULL,
        audience TEXT NOT NULL,
        scope TEXT NOT NULL,
        family_created_at TEXT NOT NULL,
        created_at TEXT NOT NULL,
        rotated_at TEXT
      );
      CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
      CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);`,
  },
  {
    // Unix seconds: the user's access tokens issued earlier are refused (a password change or a
    // revocation); NULL when nothing was revoked. Read on every API request (shared/auth.ts).
    version: 3,
    up: 'ALTER TABLE users ADD COLUMN tokens_valid_after INTEGER;',
  },
  {
    // Revocation by session, not by time (issue 36 items 4 and 5): a cut-off time stopped the
    // sessions begun before a password change but not one begun after it with the old password.
    // Each sign-in is a session; access tokens name it (`sid`) and its refresh tokens are its
    // family. The families of existing sign-ins become their sessions, so their refresh tokens go
    // on; an access token issued before this migration carries no sid and is refused (401: its
    // holder signs in once more). tokens_valid_after, the cut-off time, goes.
    version: 4,
    up: `
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      );
      CREATE INDEX sessions_user ON sessions (user_id);
      CREATE INDEX sessions_created_at ON sessions (created_at);
      INSERT INTO sessions (id, user_id, created_at)
        SELECT family_id, MIN(user_id), MIN(family_created_at) FROM refresh_tokens GROUP BY family_id;
      ALTER TABLE users DROP COLUMN tokens_valid_after;`,
  },
];

export const IDENTITY_SEED_DATE = '2024-04-01T00:00:00.000Z';

function seed(db: DB): void {
  const insert = db.prepare(
    `INSERT INTO users (id, email, name, password_hash, role, pharmacy_ids, created_at, updated_at)
     VALUES (@id, @email, @name, @passwordHash, @role, @pharmacyIds, @at, @at)`,
  );
  const hashes = new Map<string, string>();
  const hashOf = (password: string) => hashes.get(password) ?? hashes.set(password, hashPasswordSync(password)).get(password)!;
  for (const u of SEED_IDENTITY_USERS) {
    insert.run({
      id: identityUserId(u.email), email: u.email, name: u.name, passwordHash: hashOf(u.password), role: u.role,
      pharmacyIds: JSON.stringify(u.pharmacyIds), at: IDENTITY_SEED_DATE,
    });
  }
}

export function openIdentityDb(dataDir: string): DB {
  return openDatabase(join(dataDir, 'identity.sqlite'), migrations, seed);
}

export interface IdentityUserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  role: 'admin' | 'pharmacy';
  pharmacy_ids: string;
  email_verified: number;
}
