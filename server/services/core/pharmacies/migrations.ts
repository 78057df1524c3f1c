import type { DB, Migration } from '../../../db/open';
import { seedStream } from '../../../db/prng';
import { restampTable, versionTriggersSql } from '../../../db/versions';
import { IDENTITY_SEED_DATE } from '../../../identity/db';
import type { SeedScale } from '../../../db/seedCatalogue';
import { SEED_BASE_DATE } from '../seed';
import { searchIndexRebuildSql } from '../../../shared/search';
import { PHARMACY_SEARCH } from './search';
import { invoiceCheckDigit, invoiceNumberError } from '../../../../src/contract/pharmacy';

/** The object every seeded licence points at (a one-page PDF the licence routes write once). */
export const SEED_LICENSE_OBJECT = 'seed/license-sample.pdf';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A valid 登録番号 from 13 drawn digits: the last 12 are the base and the first is replaced by
 * their check digit (the NTA's rule), so the draws, and every seeded value after them, stay as
 * they were before the numbers were checked (issue 40 item 5).
 */
const seedInvoiceNumber = (drawn: string) => `T${invoiceCheckDigit(drawn.slice(1))}${drawn.slice(1)}`;

/**
 * The rest of section 3's Pharmacy fields on the seeded rows: invoice numbers (T + 13 digits),
 * some web sites and directions, the predictor of about half, ids of the older systems.
 */
function seedPharmacyFields(db: DB, seed: number): void {
  const rng = seedStream(seed, 'pharmacy-masters');
  const rows = db.prepare('SELECT id FROM pharmacies ORDER BY id').all() as { id: number }[];
  const update = db.prepare(
    `UPDATE pharmacies SET invoice_number = @invoiceNumber, web_url = @webUrl, navigation = @navigation, predictor = @predictor,
       v4_inst_id = @v4InstId, v1_id = @v1Id WHERE id = @id`,
  );
  for (const { id } of rows) {
    const roll = rng.next();
    update.run({
      invoiceNumber: rng.chance(0.8) ? seedInvoiceNumber(rng.digits(13)) : null,
      webUrl: rng.chance(0.3) ? `https://store${String(id).padStart(5, '0')}.pharmacy.example.jp/` : null,
      navigation: rng.chance(0.4) ? `最寄り駅から徒歩${rng.int(1, 15)}分` : null,
      predictor: roll < 0.35 ? 'optimized_orders' : roll < 0.6 ? 'statistic' : null,
      v4InstId: rng.chance(0.5) ? `V4-${rng.digits(8)}` : null,
      v1Id: rng.chance(0.6) ? id + 10_000 : null,
      id,
    });
  }
}

/**
 * Licences (薬局開設許可, valid six years): most pharmacies hold one, some also an expired
 * predecessor; expiries fall from two months before the seed date to six years after it.
 */
function seedLicenses(db: DB, seed: number): void {
  const rng = seedStream(seed, 'licenses');
  const pharmacies = db.prepare('SELECT id, micode FROM pharmacies ORDER BY id').all() as { id: number; micode: string }[];
  const insert = db.prepare(
    `INSERT INTO licenses (pharmacy_id, number, expires_on, object_name, content_type, created_at, created_by)
     VALUES (@id, @number, @expiresOn, @objectName, 'application/pdf', @at, 'system')`,
  );
  const number = (prefecture: string) => `${prefecture}薬第${rng.int(1, 99_999)}号`;
  for (const { id, micode } of pharmacies) {
    if (!rng.chance(0.75)) continue;
    const prefecture = micode.slice(0, 2);
    const expires = SEED_BASE_DATE + rng.int(-60, 6 * 365) * DAY_MS;
    if (rng.chance(0.15)) {
      insert.run({ id, number: number(prefecture), expiresOn: isoDay(expires - 6 * 365 * DAY_MS), objectName: SEED_LICENSE_OBJECT, at: new Date(expires - 12 * 365 * DAY_MS).toISOString() });
    }
    insert.run({ id, number: number(prefecture), expiresOn: isoDay(expires), objectName: SEED_LICENSE_OBJECT, at: new Date(expires - 6 * 365 * DAY_MS).toISOString() });
  }
  restampTable(db, 'licenses', 'created_at', IDENTITY_SEED_DATE);
}

/**
 * Pharmacy masters (issue 9), core migrations 10-19: every section 3 Pharmacy field, and the
 * pharmacies' licences with their expiry index.
 */
export function pharmacyMigrations(seed: number, _scale: SeedScale): Migration[] {
  return [
    {
      version: 10,
      up: `
        ALTER TABLE pharmacies ADD COLUMN invoice_number TEXT;
        ALTER TABLE pharmacies ADD COLUMN latitude REAL;
        ALTER TABLE pharmacies ADD COLUMN longitude REAL;
        ALTER TABLE pharmacies ADD COLUMN web_url TEXT;
        ALTER TABLE pharmacies ADD COLUMN navigation TEXT;
        ALTER TABLE pharmacies ADD COLUMN deleted_on TEXT;
        ALTER TABLE pharmacies ADD COLUMN subdivision_transferor_name TEXT;
        ALTER TABLE pharmacies ADD COLUMN subdivision_transferee_name TEXT;
        ALTER TABLE pharmacies ADD COLUMN v4_inst_id TEXT;
        ALTER TABLE pharmacies ADD COLUMN predictor TEXT;
        ALTER TABLE pharmacies ADD COLUMN v1_id INTEGER;
        CREATE TABLE licenses (
          id INTEGER PRIMARY KEY,
          pharmacy_id INTEGER NOT NULL REFERENCES pharmacies(id) ON DELETE CASCADE,
          number TEXT NOT NULL,
          expires_on TEXT NOT NULL,
          object_name TEXT NOT NULL,
          content_type TEXT NOT NULL,
          created_at TEXT NOT NULL,
          created_by TEXT
        );
        CREATE INDEX licenses_pharmacy ON licenses(pharmacy_id, id);
        -- The expiry list keeps each pharmacy's latest licence: "is there a later one" is one seek.
        CREATE INDEX licenses_pharmacy_expires_on ON licenses(pharmacy_id, expires_on);
        CREATE INDEX licenses_sort_expires_on ON licenses(expires_on, id);
        ${versionTriggersSql('licenses', 'created_at')}`,
      seed: (db) => {
        seedPharmacyFields(db, seed);
        seedLicenses(db, seed);
        // The seed's updates must not look like a change to clients that cached the lists.
        restampTable(db, 'pharmacies', 'updated_at', IDENTITY_SEED_DATE);
      },
    },
    {
      // The search finds a pharmacy by its phone or fax number too (written or as digits alone).
      version: 11,
      up: (db) => db.exec(searchIndexRebuildSql(db, PHARMACY_SEARCH)),
    },
    {
      // Data seeded before invoice numbers were checked (issue 40 item 5) had random check digits:
      // each T + 13 digits gets the check digit of its base, as seeding now gives, so every saved
      // pharmacy passes the rule. Who saved it when is not changed: no one edited these.
      version: 12,
      up: (db) => {
        const rows = db.prepare("SELECT id, invoice_number FROM pharmacies WHERE invoice_number GLOB 'T[0-9]*'").all() as { id: number; invoice_number: string }[];
        const fix = db.prepare('UPDATE pharmacies SET invoice_number = @number WHERE id = @id');
        for (const { id, invoice_number: number } of rows) {
          if (/^T\d{13}$/.test(number) && invoiceNumberError(number)) fix.run({ id, number: seedInvoiceNumber(number.slice(1)) });
        }
      },
    },
    {
      // The search looks an invoice number or a licence's number up by equality (the codeSearch addition).
      version: 13,
      up: `
        CREATE INDEX pharmacies_invoice_number ON pharmacies(invoice_number);
        CREATE INDEX licenses_number ON licenses(number);`,
    },
    {
      // The 会社 column sorts by the company's name (issue 40, the companyNameSort addition): each
      // pharmacy keeps its company's name, kept in step by triggers (a company renamed or gone, a
      // pharmacy moved), indexed like every sort.
      version: 14,
      up: `
        ALTER TABLE pharmacies ADD COLUMN company_name TEXT NOT NULL DEFAULT '';
        UPDATE pharmacies SET company_name = COALESCE((SELECT c.name FROM companies c WHERE c.id = pharmacies.company_id), '') WHERE company_id IS NOT NULL;
        CREATE INDEX pharmacies_sort_company_name ON pharmacies(company_name, id);
        CREATE TRIGGER pharmacies_company_name_insert AFTER INSERT ON pharmacies WHEN NEW.company_id IS NOT NULL BEGIN
          UPDATE pharmacies SET company_name = COALESCE((SELECT c.name FROM companies c WHERE c.id = NEW.company_id), '') WHERE id = NEW.id;
        END;
        CREATE TRIGGER pharmacies_company_name_move AFTER UPDATE OF company_id ON pharmacies BEGIN
          UPDATE pharmacies SET company_name = COALESCE((SELECT c.name FROM companies c WHERE c.id = NEW.company_id), '') WHERE id = NEW.id;
        END;
        CREATE TRIGGER companies_name_to_pharmacies AFTER UPDATE OF name ON companies BEGIN
          UPDATE pharmacies SET company_name = NEW.name WHERE company_id = NEW.id;
        END;
        CREATE TRIGGER companies_gone_from_pharmacies AFTER DELETE ON companies BEGIN
          UPDATE pharmacies SET company_name = '' WHERE company_id = OLD.id;
        END;`,
    },
    {
      // A licence is found by its file (issue 36): taking an upload checks that no licence has it
      // yet, and the upload links' sweep asks the same of every object it finds. Over 54,000
      // licences at national scale that was a 30 ms scan on the request thread each time.
      version: 15,
      up: `CREATE INDEX licenses_object_name ON licenses(object_name);`,
    },
  ];
}
