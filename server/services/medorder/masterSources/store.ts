import type { DB } from '../../../db/open';
import { ApiError, notFoundError } from '../../../shared/errors';
import { toTokyoDay as tokyoDay } from '../../../../src/contract/dates';
import {
  desiredPackages,
  importChangesSomething,
  mergeOrderableFixture,
  operationOf,
  ORDERABLE_ATTRIBUTE_NAMES,
  changedFields,
  packageFromRow,
  stockableImport,
  stripOrderable,
  type CurrentOrderable,
  type CurrentStockable,
  type OrderableFixture,
  type OrderableItemImport,
  type StockableFixture,
  type StockableItemImport,
  type StockableSources,
} from './diffs';
import type { PublishedMasterReader, PublishedRow } from '../../../shared/publishedMasters';

/** Which stockable item an import is about: as the spec's three query parameters say. */
export type StockableImportKey = { hot_code: string } | { receipt_code: string } | { stockable_item_fixture_id: number };

const STOCKABLE_COLUMNS = 'id, name, name_pronunciation, unit, yj_code, price, generic, interim_period_on, expires_at';
const ORDERABLE_COLUMNS = 'id, stockable_item_id, name, gs1_code, jan_code, quantity, maker_name, seller_name, packet_form, packet_volume, package_packet_count, inactive_on';

/** A fixture as its table holds it: the fields, and when it was written (the API answers both). */
type Stamped<T> = T & { created_at: string; updated_at: string };
export type StockableFixtureRecord = Stamped<StockableFixture>;
export type OrderableFixtureRecord = Stamped<OrderableFixture>;
/** A stockable fixture's row: SQLite keeps its two flags as 0/1. */
export type StockableFixtureRow = Omit<StockableFixtureRecord, 'generic' | 'disable_stock'> & { generic: number | null; disable_stock: number | null };
type CurrentStockableRow = Omit<CurrentStockable, 'generic'> & { generic: number | null };

const toBool = (value: number | null | undefined) => (value === null || value === undefined ? null : value === 1);

export function stockableFixtureRow(row: StockableFixtureRow): StockableFixtureRecord {
  return { ...row, generic: toBool(row.generic), disable_stock: toBool(row.disable_stock) };
}

export function findStockableFixture(db: DB, id: number): StockableFixtureRecord | undefined {
  const row = db.prepare('SELECT * FROM stockable_item_fixtures WHERE id = @id').get({ id }) as StockableFixtureRow | undefined;
  return row && stockableFixtureRow(row);
}

export function findOrderableFixture(db: DB, id: number): OrderableFixtureRecord | undefined {
  return db.prepare('SELECT * FROM orderable_item_fixtures WHERE id = @id').get({ id }) as OrderableFixtureRecord | undefined;
}

function currentStockable(db: DB, yjCode: string): CurrentStockable | null {
  const row = db.prepare(`SELECT ${STOCKABLE_COLUMNS} FROM stockable_items WHERE yj_code = @yjCode`).get({ yjCode }) as CurrentStockableRow | undefined;
  return row ? { ...row, generic: toBool(row.generic) } : null;
}

function currentOrderables(db: DB, stockableItemId: number): CurrentOrderable[] {
  return db.prepare(`SELECT ${ORDERABLE_COLUMNS} FROM orderable_items WHERE stockable_item_id = @stockableItemId ORDER BY id`).all({ stockableItemId }) as CurrentOrderable[];
}

const distinct = (values: readonly (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];

/**
 * The sources of one stockable item and the contradictions among them. The YJ code comes from
 * the key (the HOT or receipt code's rows, or the fixture); two YJ codes for one key, a package
 * GS1 code two HOT codes claim, or one another stockable item already orders under, make the
 * import invalid rather than guessed.
 */
function resolveSources(db: DB, reader: PublishedMasterReader, key: StockableImportKey): { sources: StockableSources | null; invalid: string | null } {
  let keyRows: PublishedRow[] = [];
  let fixture: StockableFixture | null = null;
  let label: string;
  if ('stockable_item_fixture_id' in key) {
    fixture = findStockableFixture(db, key.stockable_item_fixture_id) ?? null;
    if (!fixture) throw notFoundError();
    label = `在庫品目補正 ${fixture.id}`;
    if (!fixture.yj_code && fixture.receipt_code) keyRows = reader.byReceiptCode(fixture.receipt_code);
  } else if ('hot_code' in key) {
    keyRows = reader.byHotCode(key.hot_code);
    label = `HOTコード ${key.hot_code}`;
    if (keyRows.length === 0) {
      const fixtureOfHot = db.prepare('SELECT stockable_item_fixture_id FROM orderable_item_fixtures WHERE hot_code = @hot AND stockable_item_fixture_id IS NOT NULL ORDER BY id DESC LIMIT 1')
        .get({ hot: key.hot_code }) as { stockable_item_fixture_id: number } | undefined;
      if (fixtureOfHot) fixture = findStockableFixture(db, fixtureOfHot.stockable_item_fixture_id) ?? null;
    }
  } else {
    keyRows = reader.byReceiptCode(key.receipt_code);
    label = `レセプト電算コード ${key.receipt_code}`;
    if (keyRows.length === 0) {
      const row = db.prepare('SELECT * FROM stockable_item_fixtures WHERE receipt_code = @code ORDER BY id DESC LIMIT 1').get({ code: key.receipt_code }) as
        | StockableFixtureRow
        | undefined;
      fixture = row ? stockableFixtureRow(row) : null;
    }
  }
  const yjCodes = distinct([fixture?.yj_code ?? null, ...keyRows.map((r) => r.yj_code)]);
  if (yjCodes.length > 1) return { sources: null, invalid: `${label} に複数のYJコード（${yjCodes.join('、')}）が対応しています。` };
  if (yjCodes.length === 0) {
    return { sources: null, invalid: keyRows.length === 0 && !fixture ? `${label} は公開マスターにも品目補正にもありません。` : `${label} のYJコードがわからないため、在庫品目を決められません。` };
  }
  const yjCode = yjCodes[0];
  const rows = reader.byYjCode(yjCode);
  if (!fixture) {
    const row = db.prepare('SELECT * FROM stockable_item_fixtures WHERE yj_code = @yjCode ORDER BY id DESC LIMIT 1').get({ yjCode }) as StockableFixtureRow | undefined;
    fixture = row ? stockableFixtureRow(row) : null;
  }
  const hotCodes = rows.map((r) => r.hot_code);
  const orderableFixtures = db
    .prepare(
      `SELECT * FROM orderable_item_fixtures WHERE (stockable_item_fixture_id IS NOT NULL AND stockable_item_fixture_id = @fixtureId)
         OR hot_code IN (SELECT value FROM json_each(@hotCodes)) ORDER BY id`,
    )
    .all({ fixtureId: fixture?.id ?? null, hotCodes: JSON.stringify(hotCodes) }) as OrderableFixture[];
  const sources: StockableSources = { yjCode, rows, fixture, orderableFixtures };
  return { sources, invalid: contradictions(db, reader, sources) };
}

function contradictions(db: DB, reader: PublishedMasterReader, sources: StockableSources): string | null {
  const reasons: string[] = [];
  const item = currentStockable(db, sources.yjCode);
  for (const row of sources.rows) {
    const gs1 = packageFromRow(row)?.gs1_code;
    if (!gs1) continue;
    const claimants = distinct(reader.byGs1Code(gs1).map((r) => r.hot_code));
    if (claimants.length > 1) reasons.push(`GS1コード ${gs1} が複数のHOTコード（${claimants.join('、')}）に対応しています。`);
  }
  // Every package the import would write, fixtures' own included: one another item orders under cannot move silently.
  for (const { gs1_code: gs1 } of desiredPackages(sources).packages) {
    const other = db.prepare('SELECT stockable_item_id FROM orderable_items WHERE gs1_code = @gs1').get({ gs1 }) as { stockable_item_id: number } | undefined;
    if (other && other.stockable_item_id !== item?.id) reasons.push(`GS1コード ${gs1} は別の在庫品目（ID: ${other.stockable_item_id}）の発注品目で使われています。`);
  }
  return reasons.length > 0 ? [...new Set(reasons)].join(' ') : null;
}

export function computeStockableImport(db: DB, reader: PublishedMasterReader, key: StockableImportKey, now: Date): StockableItemImport {
  const { sources, invalid } = resolveSources(db, reader, key);
  const empty: StockableSources = { yjCode: '', rows: [], fixture: null, orderableFixtures: [] };
  if (!sources) return stockableImport(empty, { item: null, orderables: [] }, tokyoDay(now), invalid);
  const item = currentStockable(db, sources.yjCode);
  return stockableImport(sources, { item, orderables: item ? currentOrderables(db, item.id) : [] }, tokyoDay(now), invalid);
}

const invalidImport = (reason: string) => new ApiError(422, [reason]);

const ITEM_VALUES = (a: NonNullable<StockableItemImport['stockable_item_attributes']>, at: string) => ({
  ...a,
  generic: a.generic === null ? null : a.generic ? 1 : 0,
  updated_at: at,
});

/**
 * Applies a stockable item import in one transaction, computing the diff again inside it (never
 * trusting a diff the client saw): an invalid import changes nothing and answers 422, and a
 * second application finds nothing to do. Answers the diff as it now stands (all none).
 */
export function applyStockableImport(db: DB, reader: PublishedMasterReader, key: StockableImportKey, now: Date): StockableItemImport {
  const at = now.toISOString();
  db.transaction(() => {
    const diff = computeStockableImport(db, reader, key, now);
    if (diff.invalid_reason) throw invalidImport(diff.invalid_reason);
    const attributes = diff.stockable_item_attributes;
    if (!attributes || !importChangesSomething(diff)) return;
    let id = diff.stockable_item_id;
    if (diff.stockable_item_operation === 'create') {
      id = Number(
        db
          .prepare(`INSERT INTO stockable_items (name, name_pronunciation, unit, yj_code, price, generic, interim_period_on, expires_at, updated_at)
            VALUES (@name, @name_pronunciation, @unit, @yj_code, @price, @generic, @interim_period_on, @expires_at, @updated_at)`)
          .run(ITEM_VALUES(attributes, at)).lastInsertRowid,
      );
    } else if (diff.stockable_item_operation === 'update') {
      db.prepare(`UPDATE stockable_items SET name = @name, name_pronunciation = @name_pronunciation, unit = @unit, price = @price, generic = @generic,
        interim_period_on = @interim_period_on, expires_at = @expires_at, updated_at = @updated_at WHERE id = @id`).run({ ...ITEM_VALUES(attributes, at), id });
    }
    for (const price of diff.stockable_item_prices_attributes) {
      db.prepare(`INSERT INTO stockable_item_prices (stockable_item_id, effects_on, price) VALUES (@id, @effects_on, @price)
        ON CONFLICT (stockable_item_id, effects_on) DO UPDATE SET price = excluded.price`).run({ id, ...price });
    }
    for (const orderable of diff.orderable_items) writeOrderable(db, id as number, orderable.operation, orderable.orderable_item_id, orderable.attributes, at);
  })();
  return computeStockableImport(db, reader, key, now);
}

function writeOrderable(db: DB, stockableItemId: number, operation: string, id: number | null, attributes: CurrentOrderable | Omit<CurrentOrderable, 'id' | 'stockable_item_id'>, at: string) {
  const values = { ...attributes, stockable_item_id: stockableItemId, updated_at: at };
  if (operation === 'create') {
    db.prepare(`INSERT INTO orderable_items (stockable_item_id, name, gs1_code, jan_code, quantity, maker_name, seller_name, packet_form, packet_volume,
      package_packet_count, inactive_on, updated_at) VALUES (@stockable_item_id, @name, @gs1_code, @jan_code, @quantity, @maker_name, @seller_name,
      @packet_form, @packet_volume, @package_packet_count, @inactive_on, @updated_at)`).run(values);
  } else if (operation === 'update') {
    db.prepare(`UPDATE orderable_items SET name = @name, jan_code = @jan_code, quantity = @quantity, maker_name = @maker_name, seller_name = @seller_name,
      packet_form = @packet_form, packet_volume = @packet_volume, package_packet_count = @package_packet_count, inactive_on = @inactive_on,
      updated_at = @updated_at WHERE id = @id`).run({ ...values, id });
  }
}

/**
 * The orderable item one fixture describes: its package (by HOT code, else GS1 code) from the
 * published master with the fixture over it, under the stockable item of its YJ code, which
 * must already be in the ordering master.
 */
export function computeOrderableImport(db: DB, reader: PublishedMasterReader, fixtureId: number): OrderableItemImport {
  const fixture = findOrderableFixture(db, fixtureId);
  if (!fixture) throw notFoundError();
  const empty = (invalid: string): OrderableItemImport => ({
    stockable_item_id: null, orderable_item_id: null, operation: 'none', invalid_reason: invalid, attributes: null, previous_attributes: null, changed: [],
  });
  const rows = fixture.hot_code ? reader.byHotCode(fixture.hot_code) : fixture.gs1_code ? reader.byGs1Code(fixture.gs1_code) : [];
  const stockableFixture = fixture.stockable_item_fixture_id ? findStockableFixture(db, fixture.stockable_item_fixture_id) : undefined;
  const yjCodes = distinct([stockableFixture?.yj_code ?? null, ...rows.map((r) => r.yj_code)]);
  if (yjCodes.length > 1) return empty(`発注品目補正 ${fixture.id} に複数のYJコード（${yjCodes.join('、')}）が対応しています。`);
  if (yjCodes.length === 0) return empty(`発注品目補正 ${fixture.id} のYJコードがわからないため、在庫品目を決められません。`);
  const item = currentStockable(db, yjCodes[0]);
  if (!item) return empty(`在庫品目（YJコード ${yjCodes[0]}）がまだ発注マスターにありません。先に在庫品目を反映してください。`);
  const master = rows.length === 1 ? packageFromRow(rows[0]) : null;
  const attributes = mergeOrderableFixture(master, fixture);
  if (!attributes) return empty(`発注品目補正 ${fixture.id} にGS1コードがありません。`);
  const claimants = distinct(reader.byGs1Code(attributes.gs1_code).map((r) => r.hot_code));
  if (claimants.length > 1) return empty(`GS1コード ${attributes.gs1_code} が複数のHOTコード（${claimants.join('、')}）に対応しています。`);
  const existing = db.prepare(`SELECT ${ORDERABLE_COLUMNS} FROM orderable_items WHERE gs1_code = @gs1`).get({ gs1: attributes.gs1_code }) as CurrentOrderable | undefined;
  if (existing && existing.stockable_item_id !== item.id) {
    return empty(`GS1コード ${attributes.gs1_code} は別の在庫品目（ID: ${existing.stockable_item_id}）の発注品目で使われています。`);
  }
  const before = existing ? stripOrderable(existing) : null;
  const changed = changedFields(ORDERABLE_ATTRIBUTE_NAMES, before, attributes);
  return {
    stockable_item_id: item.id,
    orderable_item_id: existing?.id ?? null,
    operation: operationOf(existing !== undefined, changed),
    invalid_reason: null,
    attributes,
    previous_attributes: before,
    changed,
  };
}

export function applyOrderableImport(db: DB, reader: PublishedMasterReader, fixtureId: number, now: Date): OrderableItemImport {
  db.transaction(() => {
    const diff = computeOrderableImport(db, reader, fixtureId);
    if (diff.invalid_reason) throw invalidImport(diff.invalid_reason);
    if (diff.attributes && diff.stockable_item_id !== null) {
      writeOrderable(db, diff.stockable_item_id, diff.operation, diff.orderable_item_id, diff.attributes, now.toISOString());
    }
  })();
  return computeOrderableImport(db, reader, fixtureId);
}
