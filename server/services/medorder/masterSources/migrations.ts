import type { DB, Migration } from '../../../db/open';
import { seedStream } from '../../../db/prng';
import { restampTable, versionTriggersSql } from '../../../db/versions';
import { withGs1CheckDigit } from '../../../shared/medicineCodes';
import type { SeedScale } from '../../../db/seedCatalogue';
import { packageFromRow, stockableFromSources } from './diffs';
import type { SeedPublishedRows } from '../../../shared/publishedMasters';

const SEED_DATE = '2026-11-01T00:00:00.000Z';

/** The first products of the shared seed (the ones the upstream files name), as the ordering master holds them. */
export const SEEDED_PRODUCTS = 300;

const UNKNOWN_NAMES = ['ロキソプロフェンＮａ錠６０ｍｇ', 'アムロジピンＯＤ錠５ｍｇ', 'ツムラ葛根湯エキス顆粒', 'ムコスタ錠１００ｍｇ', 'マイスリー錠５ｍｇ', null, 'ビオフェルミン配合散'];

/**
 * The ordering master as it stood before the latest published files: the stockable and orderable
 * items of the shared seed's first products (server/services/core/ethicalMedicines/seed.ts, the
 * same pure function core seeds from, so both agree without reading each other's tables), with
 * deliberate drift for the diffs to find: one item in ten still at its old price, one product in
 * twenty-five missing its package; a few fixtures, pharmacies' import requests and wholesalers'
 * delivery records no master knew.
 */
function seedMasterSources(seed: number, scale: SeedScale, seedRows: SeedPublishedRows) {
  return (db: DB) => {
    const records = seedRows(seed, scale).slice(0, SEEDED_PRODUCTS);
    const findItem = db.prepare('SELECT id FROM stockable_items WHERE yj_code = @yj_code');
    const insertItem = db.prepare(`INSERT INTO stockable_items (name, name_pronunciation, unit, yj_code, price, generic, interim_period_on, expires_at, updated_at)
      VALUES (@name, @name_pronunciation, @unit, @yj_code, @price, @generic, @interim_period_on, @expires_at, @updated_at)`);
    const updateItem = db.prepare(`UPDATE stockable_items SET name = @name, name_pronunciation = @name_pronunciation, unit = @unit, price = @price,
      generic = @generic, interim_period_on = @interim_period_on, expires_at = @expires_at, updated_at = @updated_at WHERE id = @id`);
    const insertPrice = db.prepare('INSERT OR IGNORE INTO stockable_item_prices (stockable_item_id, effects_on, price) VALUES (@id, @effects_on, @price)');
    const insertOrderable = db.prepare(`INSERT OR IGNORE INTO orderable_items (stockable_item_id, name, gs1_code, jan_code, quantity, maker_name, seller_name, packet_form,
      packet_volume, package_packet_count, inactive_on, updated_at) VALUES (@stockable_item_id, @name, @gs1_code, @jan_code, @quantity, @maker_name, @seller_name,
      @packet_form, @packet_volume, @package_packet_count, @inactive_on, @updated_at)`);
    records.forEach((row, index) => {
      if (!row.yj_code) return;
      const attributes = stockableFromSources(row.yj_code, [row], null);
      const price = attributes.price === null ? null : index % 10 === 3 ? Math.round((attributes.price + 1) * 10) / 10 : attributes.price;
      const values = { ...attributes, price, generic: attributes.generic === null ? null : attributes.generic ? 1 : 0, updated_at: SEED_DATE };
      const existing = findItem.get({ yj_code: row.yj_code }) as { id: number } | undefined;
      const id = existing ? (updateItem.run({ ...values, id: existing.id }), existing.id) : Number(insertItem.run(values).lastInsertRowid);
      if (price !== null) insertPrice.run({ id, effects_on: '2026-04-01', price });
      const pkg = packageFromRow(row);
      if (pkg && index % 25 !== 5) insertOrderable.run({ ...pkg, stockable_item_id: id, updated_at: SEED_DATE });
    });

    const stamp = { created_at: SEED_DATE, updated_at: SEED_DATE };
    const fixture = db.prepare(`INSERT INTO stockable_item_fixtures (name, unit, price, yj_code, receipt_code, generic_id, generic, interim_period_on, disable_stock, note,
      created_at, updated_at) VALUES (@name, @unit, @price, @yj_code, @receipt_code, NULL, NULL, NULL, @disable_stock, @note, @created_at, @updated_at)`);
    for (const [index, note] of [[1, '販売名の表記をメーカーの案内に合わせる'], [4, '在庫管理の対象外（院内製剤の原料）'], [8, null]] as const) {
      const row = records[index];
      fixture.run({ name: null, unit: null, price: null, yj_code: row.yj_code, receipt_code: null, disable_stock: index === 4 ? 1 : null, note, ...stamp });
    }
    const orderable = db.prepare(`INSERT INTO orderable_item_fixtures (name, name_append, gs1_code, jan_code, stockable_item_fixture_id, quantity, maker_name, seller_name,
      packet_form, packet_volume, package_packet_count, inactive_on, hot_code, note, created_at, updated_at) VALUES (NULL, @name_append, @gs1_code, NULL, @stockable_item_fixture_id,
      NULL, NULL, NULL, NULL, NULL, NULL, NULL, @hot_code, @note, @created_at, @updated_at)`);
    orderable.run({ name_append: '（分包品）', gs1_code: records[1].package_gs1_code, stockable_item_fixture_id: 1, hot_code: records[1].hot_code, note: '卸の表記に合わせる', ...stamp });
    orderable.run({ name_append: null, gs1_code: records[2].package_gs1_code, stockable_item_fixture_id: null, hot_code: records[2].hot_code, note: null, ...stamp });

    const rng = seedStream(seed, 'stockable_item_import_requests');
    const later = seedRows(seed, scale).slice(SEEDED_PRODUCTS, SEEDED_PRODUCTS + 80);
    const request = db.prepare(`INSERT INTO stockable_item_import_requests (code, code_type, state, pharmacy_id, requested_at, updated_at)
      VALUES (@code, @code_type, @state, @pharmacy_id, @requested_at, @requested_at)`);
    later.forEach((row, index) => {
      const byReceipt = index % 3 === 2 && row.receipt_code;
      const at = new Date(Date.parse(SEED_DATE) - (later.length - index) * 3_600_000 * 7).toISOString();
      request.run({
        code: byReceipt ? row.receipt_code : row.hot_code,
        code_type: byReceipt ? 'receipt_code' : 'hot_code',
        state: index < 10 ? 'accepted' : index < 18 ? 'rejected' : 'open',
        pharmacy_id: rng.int(1, 300),
        requested_at: at,
      });
    });

    const deliveries = seedStream(seed, 'unknown_sdcvan_delivery_d_records');
    const delivery = db.prepare(`INSERT INTO unknown_sdcvan_delivery_d_records (item_code_type, item_code, name, not_found_at, ignored, updated_at)
      VALUES (@item_code_type, @item_code, @name, @not_found_at, @ignored, @not_found_at)`);
    for (let index = 0; index < 260; index++) {
      const jan = withGs1CheckDigit(`45${String(10_000_000_000 + index * 7919).slice(-10)}`);
      // One in twenty names a package the ordering master does know (it was added since): the matching item column shows it.
      const known = index % 20 === 0 ? records[index % records.length] : undefined;
      const gs1 = index % 2 === 0;
      delivery.run({
        item_code_type: gs1 ? 'gs1_code' : 'jan_code',
        item_code: known ? (gs1 ? known.package_gs1_code : known.jan_code) : gs1 ? withGs1CheckDigit(`1${jan.slice(0, 12)}`) : jan,
        name: known ? known.brand_name : deliveries.pick(UNKNOWN_NAMES),
        not_found_at: new Date(Date.parse(SEED_DATE) - (260 - index) * 5_400_000).toISOString(),
        ignored: index % 5 === 4 ? 1 : 0,
      });
    }
    for (const table of ['stockable_items', 'orderable_items', 'stockable_item_fixtures', 'orderable_item_fixtures', 'stockable_item_import_requests', 'unknown_sdcvan_delivery_d_records']) {
      restampTable(db, table, 'updated_at', SEED_DATE);
    }
  };
}

/** The master sources' tables (versions 90-99 are this issue's). */
export function masterSourceMigrations(seed: number, scale: SeedScale, seedRows: SeedPublishedRows): Migration[] {
  return [
    {
      version: 90,
      up: `
        ALTER TABLE stockable_items ADD COLUMN name_pronunciation TEXT;
        ALTER TABLE stockable_items ADD COLUMN unit TEXT;
        ALTER TABLE stockable_items ADD COLUMN price REAL;
        ALTER TABLE stockable_items ADD COLUMN generic INTEGER;
        ALTER TABLE stockable_items ADD COLUMN interim_period_on TEXT;
        ALTER TABLE stockable_items ADD COLUMN expires_at TEXT;
        ALTER TABLE stockable_items ADD COLUMN updated_at TEXT;
        CREATE UNIQUE INDEX stockable_items_yj_code_unique ON stockable_items (yj_code);
        CREATE INDEX stockable_items_updated_at ON stockable_items (updated_at, id);
        CREATE INDEX stockable_items_name ON stockable_items (name, id);
        CREATE TABLE stockable_item_prices (
          id INTEGER PRIMARY KEY,
          stockable_item_id INTEGER NOT NULL REFERENCES stockable_items(id),
          effects_on TEXT NOT NULL,
          price REAL NOT NULL,
          UNIQUE (stockable_item_id, effects_on)
        );
        CREATE TABLE orderable_items (
          id INTEGER PRIMARY KEY,
          stockable_item_id INTEGER NOT NULL REFERENCES stockable_items(id),
          name TEXT,
          gs1_code TEXT NOT NULL UNIQUE,
          jan_code TEXT,
          quantity INTEGER,
          maker_name TEXT,
          seller_name TEXT,
          packet_form TEXT,
          packet_volume INTEGER,
          package_packet_count INTEGER,
          inactive_on TEXT,
          updated_at TEXT NOT NULL
        );
        CREATE INDEX orderable_items_stockable_item ON orderable_items (stockable_item_id, id);
        CREATE INDEX orderable_items_jan_code ON orderable_items (jan_code);
        CREATE TABLE stockable_item_fixtures (
          id INTEGER PRIMARY KEY,
          name TEXT, unit TEXT, price INTEGER, yj_code TEXT, receipt_code TEXT, generic_id INTEGER, generic INTEGER,
          interim_period_on TEXT, disable_stock INTEGER, note TEXT,
          created_at TEXT NOT NULL, updated_at TEXT NOT NULL
        );
        CREATE INDEX stockable_item_fixtures_yj_code ON stockable_item_fixtures (yj_code, id);
        CREATE INDEX stockable_item_fixtures_receipt_code ON stockable_item_fixtures (receipt_code, id);
        CREATE INDEX stockable_item_fixtures_updated_at ON stockable_item_fixtures (updated_at, id);
        CREATE TABLE orderable_item_fixtures (
          id INTEGER PRIMARY KEY,
          name TEXT, name_append TEXT, gs1_code TEXT, jan_code TEXT,
          stockable_item_fixture_id INTEGER REFERENCES stockable_item_fixtures(id),
          quantity INTEGER, maker_name TEXT, seller_name TEXT, packet_form TEXT, packet_volume INTEGER, package_packet_count INTEGER,
          inactive_on TEXT, hot_code TEXT, note TEXT,
          created_at TEXT NOT NULL, updated_at TEXT NOT NULL
        );
        CREATE INDEX orderable_item_fixtures_gs1_code ON orderable_item_fixtures (gs1_code, id);
        CREATE INDEX orderable_item_fixtures_jan_code ON orderable_item_fixtures (jan_code, id);
        CREATE INDEX orderable_item_fixtures_hot_code ON orderable_item_fixtures (hot_code, id);
        CREATE INDEX orderable_item_fixtures_stockable ON orderable_item_fixtures (stockable_item_fixture_id, id);
        CREATE INDEX orderable_item_fixtures_updated_at ON orderable_item_fixtures (updated_at, id);
        CREATE TABLE stockable_item_import_requests (
          id INTEGER PRIMARY KEY,
          code TEXT NOT NULL,
          code_type TEXT NOT NULL CHECK (code_type IN ('hot_code', 'receipt_code')),
          state TEXT NOT NULL CHECK (state IN ('open', 'accepted', 'rejected')),
          pharmacy_id INTEGER,
          requested_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE INDEX stockable_item_import_requests_state ON stockable_item_import_requests (state, requested_at, id);
        CREATE INDEX stockable_item_import_requests_requested_at ON stockable_item_import_requests (requested_at, id);
        CREATE TABLE unknown_sdcvan_delivery_d_records (
          id INTEGER PRIMARY KEY,
          item_code_type TEXT NOT NULL,
          item_code TEXT NOT NULL,
          name TEXT,
          not_found_at TEXT NOT NULL,
          ignored INTEGER NOT NULL DEFAULT 0,
          updated_at TEXT NOT NULL
        );
        CREATE INDEX unknown_sdcvan_delivery_d_records_not_found_at ON unknown_sdcvan_delivery_d_records (not_found_at, id);
        ${['stockable_items', 'orderable_items', 'stockable_item_fixtures', 'orderable_item_fixtures', 'stockable_item_import_requests', 'unknown_sdcvan_delivery_d_records']
          .map((table) => versionTriggersSql(table, 'updated_at'))
          .join('\n')}
        ${versionTriggersSql('stock_logs')}`,
      seed: seedMasterSources(seed, scale, seedRows),
    },
  ];
}
