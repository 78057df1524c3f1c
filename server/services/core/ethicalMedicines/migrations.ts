import type { DB, Migration } from '../../../db/open';
import { restampTable, versionTriggersSql } from '../../../db/versions';
import { searchIndexSql } from '../../../shared/search';
import { MEDICINE_COLUMNS, type ColumnKind } from './columns';
import { seedEthicalMedicines } from './seed';
import { ETHICAL_MEDICINE_SEARCH } from './search';
import type { SeedScale } from '../../../db/seedCatalogue';

const SQL_TYPES: Record<ColumnKind, string> = {
  text: 'TEXT',
  number: 'INTEGER',
  decimal: 'REAL',
  date: 'TEXT',
  flag: 'INTEGER NOT NULL DEFAULT 0 CHECK (%s IN (0, 1))',
};

const columnSql = Object.entries(MEDICINE_COLUMNS)
  .map(([name, kind]) => `${name} ${SQL_TYPES[kind].replace('%s', name)}${name === 'brand_name' ? ' NOT NULL' : ''}`)
  .join(',\n    ');

/**
 * Core migrations 40-49: the ethical medicine master (spec section 3) and the master files
 * downloaded from the publishers (the files themselves are in blob storage, bucket
 * `master-files`). The seed runs before the search index and triggers exist, so 12,434 rows
 * go in as one bulk insert and the index is built once.
 */
export function ethicalMedicineMigrations(seed: number, scale: SeedScale): Migration[] {
  return [
    {
      version: 40,
      up: (db: DB) => {
        db.exec(`
          CREATE TABLE ethical_medicines (
            id INTEGER PRIMARY KEY,
            ${columnSql},
            yj_code_folded TEXT GENERATED ALWAYS AS (lower(yj_code)) VIRTUAL,
            mhlw_code_folded TEXT GENERATED ALWAYS AS (lower(mhlw_code)) VIRTUAL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
          );
          CREATE TABLE master_files (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL CHECK (kind IN ('hot_code', 'medhot', 'iryohoken')),
            file_name TEXT NOT NULL,
            file_date TEXT NOT NULL,
            storage_key TEXT NOT NULL,
            size INTEGER NOT NULL,
            sha256 TEXT NOT NULL,
            rows_count INTEGER,
            downloaded_at TEXT NOT NULL,
            imported_at TEXT,
            UNIQUE (kind, file_name)
          );`);
        seedEthicalMedicines(db, seed, scale);
        db.exec(`
          CREATE UNIQUE INDEX ethical_medicines_hot_code ON ethical_medicines(hot_code);
          CREATE INDEX ethical_medicines_hot_code_7 ON ethical_medicines(hot_code_7);
          CREATE INDEX ethical_medicines_receipt_code ON ethical_medicines(receipt_code);
          CREATE INDEX ethical_medicines_receipt_code_secondary ON ethical_medicines(receipt_code_secondary);
          CREATE INDEX ethical_medicines_jan_code ON ethical_medicines(jan_code);
          CREATE INDEX ethical_medicines_yj_code ON ethical_medicines(yj_code);
          CREATE INDEX ethical_medicines_yj_code_folded ON ethical_medicines(yj_code_folded);
          CREATE INDEX ethical_medicines_mhlw_code_folded ON ethical_medicines(mhlw_code_folded);
          CREATE INDEX ethical_medicines_packet_gs1_code ON ethical_medicines(packet_gs1_code);
          CREATE INDEX ethical_medicines_package_gs1_code ON ethical_medicines(package_gs1_code);
          CREATE INDEX ethical_medicines_supply_gs1_code ON ethical_medicines(supply_gs1_code);
          CREATE INDEX ethical_medicines_inactive_on ON ethical_medicines(inactive_on, id);
          ${searchIndexSql(ETHICAL_MEDICINE_SEARCH)}
          ${versionTriggersSql('ethical_medicines', 'updated_at')}
          ${versionTriggersSql('master_files', 'downloaded_at')}`);
        restampTable(db, 'ethical_medicines', 'updated_at', new Date().toISOString());
      },
    },
    {
      // The MEDIS GS1 correspondence and option files, downloaded with the HOT code master: the
      // kind CHECK widens, which SQLite does only by rebuilding the table (ids kept).
      version: 41,
      up: (db: DB) => {
        db.exec(`
          DROP TRIGGER master_files_version_insert;
          DROP TRIGGER master_files_version_update;
          DROP TRIGGER master_files_version_delete;
          ALTER TABLE master_files RENAME TO master_files_before_41;
          CREATE TABLE master_files (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL CHECK (kind IN ('hot_code', 'medhot', 'iryohoken', 'medis_gs1', 'medis_option')),
            file_name TEXT NOT NULL,
            file_date TEXT NOT NULL,
            storage_key TEXT NOT NULL,
            size INTEGER NOT NULL,
            sha256 TEXT NOT NULL,
            rows_count INTEGER,
            downloaded_at TEXT NOT NULL,
            imported_at TEXT,
            UNIQUE (kind, file_name)
          );
          INSERT INTO master_files SELECT * FROM master_files_before_41;
          DROP TABLE master_files_before_41;
          ${versionTriggersSql('master_files', 'downloaded_at')}`);
      },
    },
    {
      // Bad files the publisher serves, kept out of the master files (issue 36): by name and
      // bytes, with the reasons the check gave, so the same bytes are never stored again.
      version: 42,
      up: (db: DB) => {
        db.exec(`
          CREATE TABLE master_file_quarantine (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            file_name TEXT NOT NULL,
            file_date TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            reason TEXT NOT NULL,
            quarantined_at TEXT NOT NULL,
            UNIQUE (kind, file_name, sha256)
          )`);
      },
    },
  ];
}
