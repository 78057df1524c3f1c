import { countTriggersSql } from '../../db/counts';
import { UPLOAD_LINKS_TABLE_SQL } from '../../shared/uploadLinks';
import type { Migration } from '../../db/open';
import type { SeedScale } from '../../db/seedCatalogue';
import { addVersionCounter, rowVersionsSql, tableVersionsSql, versionTriggersSql } from '../../db/versions';
import { searchIndexRebuildSql, searchIndexSql } from '../../shared/search';
import { COMPANY_SEARCH } from './companies/search';
import { ethicalMedicineMigrations } from './ethicalMedicines/migrations';
import { groupMigrations } from './groups/migrations';
import { inquiryMigrations } from './inquiries/migrations';
import { manualMigrations } from './manuals/migrations';
import { pharmacyMigrations } from './pharmacies/migrations';
import { PHARMACY_SEARCH } from './pharmacies/search';
import { pharmacyUserMigrations } from './pharmacyUsers/migrations';
import { PREFECTURES } from './prefectures';
import { seedCore } from './seed';
import { savedReplyMigrations } from './savedReplies/migrations';
import { DEALER_MASTER, SAVED_REPLY_MASTER } from './plainMasters';
import { ETHICAL_MEDICINE_SEARCH } from './ethicalMedicines/search';
import { GROUP_SEARCH } from './groups/search';
import { MANUAL_SEARCH } from './manuals/search';
import { USER_SEARCH } from './users/search';
import { CORE_VERSIONED_RECORDS } from './versionedRecords';
import { recordIdMigration } from './recordIds';
import { versionMigrations } from './versions/migrations';

/**
 * The core's search indexes that migrations build again (a master's own, such as the
 * announcements', is built again as its store opens: masterStore.ts).
 */
const SEARCH_INDEXES = [PHARMACY_SEARCH, COMPANY_SEARCH, DEALER_MASTER.search!, GROUP_SEARCH, USER_SEARCH, MANUAL_SEARCH, ETHICAL_MEDICINE_SEARCH, SAVED_REPLY_MASTER.search!];

/** Prefecture order (JIS code) of an address1 value, for an indexable sort by prefecture. */
const prefectureOrderSql = `CASE address1 ${PREFECTURES.map((p) => `WHEN '${p.name}' THEN ${p.id}`).join(' ')} ELSE 0 END`;

/**
 * The core database's migrations, in the order they apply; each seeds the tables it adds (from the
 * environment's seed). `openDatabase` applies by version and records each id in
 * `schema_migrations`; this list keeps the same order (tests/server/migrations.test.ts holds it to
 * it). Each feature owns a range of ids and keeps its migrations in its own `migrations.ts`. An id
 * once applied never changes, or an existing database would run it again:
 *
 *   1-2    the founding tables (prefectures, users, companies, pharmacies, dealers) and their
 *          list indexes, search indexes and change triggers; several features' tables in one
 *          step, so they stay here
 *   3      groups/
 *   10-19  pharmacies/ (every section 3 field, licences)
 *   20-29  pharmacyUsers/ (memberships, the users list's indexes)
 *   30-39  manuals/
 *   40-49  ethicalMedicines/ (and the master files' table)
 *   50-59  inquiries/
 *   60-69  savedReplies/
 *   70-79  record versions (ETag / If-Match) of the conditionally written records, several
 *          features' tables in one step (versionedRecords.ts)
 *   80-89  every master's search index at once (search.ts files): built again when the folding
 *          changes (SEARCH_FOLD_VERSION), after every feature that has one
 *   90-99  versions/ (record history, issue 39; its triggers are derived at every open)
 *   100    every table whose rows can be deleted, rebuilt so an id is never given twice
 *          (recordIds.ts, issue 37), after every table it rebuilds exists; with foreign keys off
 */
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
          ${searchIndexSql(DEALER_MASTER.search!)}

          ${versionTriggersSql('users', 'updated_at')}
          ${versionTriggersSql('companies', 'updated_at')}
          ${versionTriggersSql('pharmacies', 'updated_at')}
          ${versionTriggersSql('dealers')}
          ${versionTriggersSql('prefectures')}`);
      },
    },
    ...groupMigrations(seed, scale),
    ...pharmacyMigrations(seed, scale),
    ...pharmacyUserMigrations(seed),
    ...manualMigrations(seed, scale),
    ...ethicalMedicineMigrations(seed, scale),
    ...inquiryMigrations(seed, scale),
    ...savedReplyMigrations,
    {
      version: 70,
      // Upload links of every kind in one table (shared/uploadLinks.ts, issue 36): the chat's
      // outstanding links (migration 51) move over, so its bound holds across the change.
      up: `
        ${UPLOAD_LINKS_TABLE_SQL}
        INSERT INTO upload_links (kind, object_name, user_key, expires_at) SELECT 'inquiry', object_name, CAST(user_id AS TEXT), expires_at FROM inquiry_uploads;
        DROP TABLE inquiry_uploads;`,
    },
    // After every table it versions exists.
    { version: 71, up: rowVersionsSql(CORE_VERSIONED_RECORDS) },
    {
      // Searches ignore white space (issue 40: 「かもめ薬局市川店」 finds 「かもめ薬局 市川店」), and a
      // text's fields are kept apart by a break: every index is folded again. A database built
      // with this folding already (a new one) has nothing to do (searchIndexRebuildSql).
      version: 80,
      up: (db) => {
        for (const index of SEARCH_INDEXES) db.exec(searchIndexRebuildSql(db, index));
      },
    },
    ...versionMigrations,
    recordIdMigration,
    {
      // A 2-character term is looked up among each short text's pairs of characters instead of a
      // scan of every short text (issue 38, searchPairs): every index gains its pairs table. A
      // database built with it already has nothing to do (searchIndexRebuildSql).
      version: 110,
      up: (db) => {
        for (const index of SEARCH_INDEXES) db.exec(searchIndexRebuildSql(db, index));
      },
    },
  ];
}
