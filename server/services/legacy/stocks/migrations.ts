import type { DB, Migration } from '../../../db/open';
import { rackQuantity, STOCK_SCENARIO, V1_DRIFT } from '../../../db/stocksScenario';

function seedRacks(db: DB): void {
  const rack = db.prepare(`INSERT INTO fifo_racks (pharmacy_id, yj_code, type, quantity, executed_at, prescription_number)
    VALUES (@pharmacyId, @yjCode, @type, @quantity, @executedAt, @prescriptionNumber)`);
  const stock = db.prepare(`INSERT INTO stocks (pharmacy_id, yj_code, quantity, fix_locked)
    VALUES (@pharmacyId, @yjCode, @quantity, @fixLocked)`);
  for (const { pharmacyId, yjCode, entries, disagreement } of STOCK_SCENARIO) {
    for (const { type, quantity, executedAt, prescriptionNumber } of entries) rack.run({ pharmacyId, yjCode, type, quantity, executedAt, prescriptionNumber });
    const drift = disagreement === 'driftedV1' ? V1_DRIFT : disagreement === 'fixFails' ? 3 : 0;
    stock.run({ pharmacyId, yjCode, quantity: rackQuantity(entries) + drift, fixLocked: disagreement === 'fixFails' ? 1 : 0 });
  }
}

/** Legacy v1's FIFO racks and cached stocks (versions 60-69 are the stock tools'). */
export const legacyStockMigrations: Migration[] = [
  {
    version: 60,
    up: `
      CREATE TABLE fifo_racks (
        id INTEGER PRIMARY KEY,
        pharmacy_id INTEGER NOT NULL,
        yj_code TEXT NOT NULL,
        type INTEGER NOT NULL,
        quantity REAL NOT NULL,
        executed_at TEXT NOT NULL,
        prescription_number TEXT
      );
      CREATE INDEX fifo_racks_stock ON fifo_racks (pharmacy_id, yj_code, executed_at, id);
      CREATE TABLE stocks (
        pharmacy_id INTEGER NOT NULL,
        yj_code TEXT NOT NULL,
        quantity REAL NOT NULL,
        -- a stock whose rack history v1 cannot rebuild: its fix is refused
        fix_locked INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (pharmacy_id, yj_code)
      );`,
    seed: seedRacks,
  },
];
