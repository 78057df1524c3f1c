import type { Migration } from '../../db/open';
import { addVersionCounter, tableVersionsSql, versionTriggersSql } from '../../db/versions';
import { searchIndexSql } from '../../shared/search';
import { PREFECTURES } from './prefectures';
import { COMPANY_SEARCH, DEALER_SEARCH, GROUP_SEARCH, PHARMACY_SEARCH } from './pharmacies/search';
import { inquiryMigrations } from './inquiries/migrations';
import type { SeedScale } from '../../db/seedCatalogue';
import { seedCore } from './seed';
import { seedGroups } from './groups/seed';
import { pharmacyMasterMigrations } from './pharmacies/migrations';
import { manualMigrations } from './manuals/migrations';
import { ethicalMedicineMigrations } from './ethicalMedicines/migrations';
import { pharmacyUsersMigrations } from './pharmacyUsers/migrations';

/** Prefecture order (JIS code) of an address1 value, for an indexable sort by prefecture. */
const prefectureOrderSql = `CASE address1 ${PREFECTURES.map((p) => `WHEN '${p.name}' THEN ${p.id}`).join(' ')} ELSE 0 END`;

/** Keeps `counted.count_column` equal to the number of `source` rows whose `key` names it. */
function countTriggersSql(source: string, key: string, counted: string, countColumn: string): string {
  const add = (row: string, delta: string) => `UPDATE ${counted} SET ${countColumn} = ${countColumn} ${delta} 1 WHERE id = ${row}.${key};`;
  return `
    CREATE TRIGGER ${source}_${counted}_count_insert AFTER INSERT ON ${source} WHEN NEW.${key} IS NOT NULL BEGIN ${add('NEW', '+')} END;
    CREATE TRIGGER ${source}_${counted}_count_delete AFTER DELETE ON ${source} WHEN OLD.${key} IS NOT NULL BEGIN ${add('OLD', '-')} END;
    CREATE TRIGGER ${source}_${counted}_count_update AFTER UPDATE OF ${key} ON ${source} WHEN OLD.${key} IS NOT NEW.${key}
      BEGIN ${add('OLD', '-')} ${add('NEW', '+')} END;`;
}

/** The core database's migrations; each seeds the tables it adds (from the environment's seed). */
export function coreMigrations(seed: number, scale: SeedScale): Migration[] {
  return [
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
      seed: (db) => seedCore(db, seed, scale),
    },
    {
      // Lists at national scale: an index per sortable column (with the id as tie-breaker, in the
      // sort's own expression and collation), counts kept by triggers, equality indexes for
      // codes, search indexes, and change bookkeeping by triggers.
      version: 2,
      up: (db) => {
        addVersionCounter(db);
        db.exec(`
          ALTER TABLE pharmacies ADD COLUMN prefecture_order INTEGER GENERATED ALWAYS AS (${prefectureOrderSql}) VIRTUAL;
          ALTER TABLE companies ADD COLUMN pharmacies_count INTEGER NOT NULL DEFAULT 0;
          UPDATE companies SET pharmacies_count = (SELECT COUNT(*) FROM pharmacies p WHERE p.company_id = companies.id);
          ${countTriggersSql('pharmacies', 'company_id', 'companies', 'pharmacies_count')}

          DROP INDEX pharmacies_updated_at;
          DROP INDEX companies_updated_at;
          -- ended_on rides along: the default list hides ended pharmacies, so counting and
          -- building a deep page's anchors read the index alone.
          CREATE INDEX pharmacies_sort_updated_at ON pharmacies(updated_at, id, ended_on);
          CREATE INDEX pharmacies_sort_created_at ON pharmacies(created_at, id, ended_on);
          CREATE INDEX pharmacies_sort_name ON pharmacies(name, id, ended_on);
          CREATE INDEX pharmacies_sort_prefecture ON pharmacies(prefecture_order, id, ended_on);
          CREATE INDEX pharmacies_sort_company_id ON pharmacies(COALESCE(company_id, 0), id, ended_on);
          CREATE INDEX pharmacies_ended_on ON pharmacies(ended_on);
          CREATE INDEX pharmacies_micode ON pharmacies(micode);
          CREATE INDEX pharmacies_postal_code ON pharmacies(postal_code);
          CREATE INDEX companies_sort_updated_at ON companies(updated_at, id);
          CREATE INDEX companies_sort_created_at ON companies(created_at, id);
          CREATE INDEX companies_sort_name ON companies(name, id);
          CREATE INDEX companies_sort_pharmacies_count ON companies(pharmacies_count, id);
          CREATE INDEX dealers_sort_code ON dealers(code, id);
          CREATE INDEX dealers_sort_name ON dealers(name, id);
          CREATE INDEX dealers_sort_prefecture_id ON dealers(prefecture_id, id);

          ${searchIndexSql(PHARMACY_SEARCH)}
          ${searchIndexSql(COMPANY_SEARCH)}
          ${searchIndexSql(DEALER_SEARCH)}

          ${versionTriggersSql('users', 'updated_at')}
          ${versionTriggersSql('companies', 'updated_at')}
          ${versionTriggersSql('pharmacies', 'updated_at')}
          ${versionTriggersSql('dealers')}
          ${versionTriggersSql('prefectures')}`);
      },
    },
    {
      // Neighbour groups (spec section 2 "Companies and neighbour groups"): a pharmacy may belong
      // to several groups.
      version: 3,
      up: `
        CREATE TABLE groups (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL UNIQUE,
          pharmacies_count INTEGER NOT NULL DEFAULT 0,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL,
          created_by TEXT,
          updated_by TEXT
        );
        CREATE TABLE group_pharmacies (
          group_id INTEGER NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
          pharmacy_id INTEGER NOT NULL REFERENCES pharmacies(id) ON DELETE CASCADE,
          created_at TEXT NOT NULL,
          PRIMARY KEY (group_id, pharmacy_id)
        ) WITHOUT ROWID;
        CREATE INDEX group_pharmacies_pharmacy ON group_pharmacies(pharmacy_id, group_id);
        CREATE INDEX groups_sort_updated_at ON groups(updated_at, id);
        CREATE INDEX groups_sort_name ON groups(name, id);
        CREATE INDEX groups_sort_pharmacies_count ON groups(pharmacies_count, id);
        ${countTriggersSql('group_pharmacies', 'group_id', 'groups', 'pharmacies_count')}
        ${searchIndexSql(GROUP_SEARCH)}
        ${versionTriggersSql('groups', 'updated_at')}
        ${versionTriggersSql('group_pharmacies', 'created_at')}`,
      seed: (db) => seedGroups(db, seed, scale),
    },
    ...pharmacyMasterMigrations(seed, scale),
    ...inquiryMigrations(seed, scale),
    ...manualMigrations(seed, scale),
    ...ethicalMedicineMigrations(seed, scale),
    ...pharmacyUsersMigrations(seed),
  ];
}
