import { join } from 'node:path';
import { openDatabase, type DB, type Migration } from '../../db/open';
import { tableVersionsSql } from '../../db/versions';
import { seedCore, type SeedScale } from './seed';

const migrations: Migration[] = [
  {
    version: 1,
    up: `
      ${tableVersionsSql}
      CREATE TABLE prefectures (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        user_id TEXT NOT NULL,
        auth0_user_id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('admin', 'pharmacy')),
        pharmacy_ids TEXT NOT NULL DEFAULT '[]',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        created_by TEXT,
        updated_by TEXT
      );
      CREATE TABLE companies (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        note TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        created_by TEXT,
        updated_by TEXT
      );
      CREATE TABLE pharmacies (
        id INTEGER PRIMARY KEY,
        company_id INTEGER REFERENCES companies(id) ON DELETE SET NULL,
        name TEXT NOT NULL,
        micode TEXT NOT NULL,
        postal_code TEXT NOT NULL,
        address1 TEXT NOT NULL,
        address2 TEXT NOT NULL,
        address3 TEXT NOT NULL,
        address4 TEXT,
        phone TEXT NOT NULL,
        fax TEXT,
        email TEXT NOT NULL,
        note TEXT,
        started_on TEXT,
        ended_on TEXT,
        service_share INTEGER NOT NULL DEFAULT 1,
        service_medorder INTEGER NOT NULL DEFAULT 1,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        created_by TEXT,
        updated_by TEXT
      );
      CREATE INDEX pharmacies_company_id ON pharmacies(company_id);
      CREATE INDEX pharmacies_updated_at ON pharmacies(updated_at);
      CREATE INDEX companies_updated_at ON companies(updated_at);
      CREATE TABLE dealers (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        prefecture_id INTEGER NOT NULL REFERENCES prefectures(id)
      );`,
  },
];

export function openCoreDb(dir: string, seed: number, scale: SeedScale): DB {
  return openDatabase(join(dir, 'core.sqlite'), migrations, (db) => seedCore(db, seed, scale));
}
