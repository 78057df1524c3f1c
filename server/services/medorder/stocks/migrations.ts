import type { DB, Migration } from '../../../db/open';
import { SEEDED_MEDICINES } from '../../../db/seedCatalogue';
import { STOCK_SCENARIO } from '../../../db/stocksScenario';

/** Quantities are kept in thousandths so sums of decimal adjustments stay exact. */
export const MILLI = 1000;

function seedStocks(db: DB): void {
  const item = db.prepare('INSERT INTO stockable_items (id, name, yj_code) VALUES (@id, @name, @yjCode)');
  SEEDED_MEDICINES.forEach(({ name, yjCode }, index) => item.run({ id: index + 1, name, yjCode }));
  const log = db.prepare(`INSERT INTO stock_logs (pharmacy_id, stockable_item_id, logged_at, action, delta_milli, validated)
    VALUES (@pharmacyId, @itemId, @loggedAt, @action, @deltaMilli, 1)`);
  for (const stock of STOCK_SCENARIO) {
    // v2 logs changes: a stocktaking is logged as the difference from what v2 held.
    const entries = stock.disagreement === 'missingInV2' ? stock.entries.slice(0, -1) : stock.entries;
    let quantity = 0;
    for (const entry of entries) {
      const delta = entry.type === 8 ? entry.quantity - quantity : entry.quantity;
      quantity += delta;
      log.run({ pharmacyId: stock.pharmacyId, itemId: stock.itemId, loggedAt: entry.executedAt, action: entry.action, deltaMilli: delta * MILLI });
    }
  }
}

/** The ordering service's stock tables (versions 60-69 are the stock tools'). */
export const stockMigrations: Migration[] = [
  {
    version: 60,
    up: `
      CREATE TABLE stockable_items (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        yj_code TEXT NOT NULL
      );
      CREATE INDEX stockable_items_yj_code ON stockable_items (yj_code, id);
      CREATE TABLE stock_logs (
        id INTEGER PRIMARY KEY,
        pharmacy_id INTEGER NOT NULL,
        stockable_item_id INTEGER NOT NULL REFERENCES stockable_items(id),
        logged_at TEXT NOT NULL,
        action TEXT NOT NULL,
        delta_milli INTEGER NOT NULL,
        validated INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX stock_logs_stock ON stock_logs (pharmacy_id, stockable_item_id, logged_at, id);`,
    seed: seedStocks,
  },
];
