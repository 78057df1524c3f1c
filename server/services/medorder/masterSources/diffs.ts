import type { PublishedRow } from '../../../shared/publishedMasters';

/**
 * The master diffs (spec section 3 "Stockable item import", "Orderable item import"): what the
 * published master rows, merged with the staff's fixtures, say a stockable item (one YJ code) and
 * its orderable items (one package GS1 code each) should be, against what the ordering service
 * holds, field by field. Pure: the loading is in store.ts.
 */
export type Operation = 'create' | 'update' | 'none';

export interface StockableAttributes {
  name: string | null;
  name_pronunciation: string | null;
  unit: string | null;
  yj_code: string;
  price: number | null;
  generic: boolean | null;
  interim_period_on: string | null;
  expires_at: string | null;
}

export interface OrderableAttributes {
  name: string | null;
  gs1_code: string;
  jan_code: string | null;
  quantity: number | null;
  maker_name: string | null;
  seller_name: string | null;
  packet_form: string | null;
  packet_volume: number | null;
  package_packet_count: number | null;
  inactive_on: string | null;
}

export const STOCKABLE_ATTRIBUTE_NAMES = ['name', 'name_pronunciation', 'unit', 'yj_code', 'price', 'generic', 'interim_period_on', 'expires_at'] as const;
export const ORDERABLE_ATTRIBUTE_NAMES = [
  'name', 'gs1_code', 'jan_code', 'quantity', 'maker_name', 'seller_name', 'packet_form', 'packet_volume', 'package_packet_count', 'inactive_on',
] as const;

export interface StockableFixture {
  id: number;
  name: string | null;
  unit: string | null;
  price: number | null;
  yj_code: string | null;
  receipt_code: string | null;
  generic_id: number | null;
  generic: boolean | null;
  interim_period_on: string | null;
  disable_stock: boolean | null;
  note: string | null;
}

export interface OrderableFixture {
  id: number;
  name: string | null;
  name_append: string | null;
  gs1_code: string | null;
  jan_code: string | null;
  stockable_item_fixture_id: number | null;
  quantity: number | null;
  maker_name: string | null;
  seller_name: string | null;
  packet_form: string | null;
  packet_volume: number | null;
  package_packet_count: number | null;
  inactive_on: string | null;
  hot_code: string | null;
  note: string | null;
}

export interface CurrentStockable extends StockableAttributes {
  id: number;
}

export interface CurrentOrderable extends OrderableAttributes {
  id: number;
  stockable_item_id: number;
}

export interface OrderableItemDiff {
  orderable_item_id: number | null;
  operation: Operation;
  attributes: OrderableAttributes;
  previous_attributes: OrderableAttributes | null;
  changed: string[];
}

export interface StockableItemImport {
  stockable_item_id: number | null;
  stockable_item_operation: Operation;
  invalid_reason: string | null;
  stockable_item_attributes: StockableAttributes | null;
  stockable_item_previous_attributes: StockableAttributes | null;
  stockable_item_changed: string[];
  stockable_item_prices_attributes: { effects_on: string; price: number }[];
  orderable_items: OrderableItemDiff[];
}

export interface OrderableItemImport {
  stockable_item_id: number | null;
  orderable_item_id: number | null;
  operation: Operation;
  invalid_reason: string | null;
  attributes: OrderableAttributes | null;
  previous_attributes: OrderableAttributes | null;
  changed: string[];
}

const whole = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.round(value));
const pick = <T>(fixture: T | null | undefined, master: T | null) => (fixture === null || fixture === undefined ? master : fixture);

/** A package as the published master describes it. */
export function packageFromRow(row: PublishedRow): OrderableAttributes | null {
  const gs1 = row.package_gs1_code ?? (row.jan_code ? `0${row.jan_code}` : null);
  if (!gs1) return null;
  return {
    name: row.brand_name,
    gs1_code: gs1,
    jan_code: row.jan_code,
    quantity: whole(row.package_volume),
    maker_name: row.maker,
    seller_name: row.seller,
    packet_form: row.packet_form,
    packet_volume: whole(row.packet_volume),
    package_packet_count: row.package_packet_count,
    inactive_on: row.inactive_on,
  };
}

/** A fixture's non-null fields over the master's package (or the fixture alone for a package no publisher lists). */
export function mergeOrderableFixture(master: OrderableAttributes | null, fixture: OrderableFixture): OrderableAttributes | null {
  const gs1 = fixture.gs1_code ?? master?.gs1_code ?? null;
  if (!gs1) return null;
  const name = pick(fixture.name, master?.name ?? null);
  return {
    name: name === null ? null : `${name}${fixture.name_append ?? ''}`,
    gs1_code: gs1,
    jan_code: pick(fixture.jan_code, master?.jan_code ?? null),
    quantity: pick(fixture.quantity, master?.quantity ?? null),
    maker_name: pick(fixture.maker_name, master?.maker_name ?? null),
    seller_name: pick(fixture.seller_name, master?.seller_name ?? null),
    packet_form: pick(fixture.packet_form, master?.packet_form ?? null),
    packet_volume: pick(fixture.packet_volume, master?.packet_volume ?? null),
    package_packet_count: pick(fixture.package_packet_count, master?.package_packet_count ?? null),
    inactive_on: pick(fixture.inactive_on, master?.inactive_on ?? null),
  };
}

/** The stockable item the rows of one YJ code describe, with the fixture's non-null fields over them. */
export function stockableFromSources(yjCode: string, rows: readonly PublishedRow[], fixture: StockableFixture | null): StockableAttributes {
  const active = rows.filter((r) => r.inactive_on === null);
  const main = active[0] ?? rows[0];
  // The item expires when every package has: at the end of the last package's day in Japan.
  const lastDay = rows.length > 0 && active.length === 0 ? rows.map((r) => r.inactive_on as string).sort().at(-1) : undefined;
  return {
    name: pick(fixture?.name, main?.brand_name ?? null),
    name_pronunciation: main?.brand_name_pronunciation ?? null,
    unit: pick(fixture?.unit, main?.unit_type ?? null),
    yj_code: yjCode,
    price: pick(fixture?.price, main?.official_unit_price ?? null),
    generic: pick(fixture?.generic, main ? main.generic === 1 : null),
    interim_period_on: pick(fixture?.interim_period_on, main?.interim_period_on ?? null),
    expires_at: lastDay ? `${lastDay}T15:00:00.000Z` : null,
  };
}

export function changedFields<T extends object>(names: readonly (keyof T & string)[], before: T | null, after: T): string[] {
  if (!before) return [];
  return names.filter((name) => before[name] !== after[name]);
}

export const operationOf = (exists: boolean, changed: readonly string[]): Operation => (!exists ? 'create' : changed.length > 0 ? 'update' : 'none');

export interface StockableSources {
  yjCode: string;
  rows: readonly PublishedRow[];
  fixture: StockableFixture | null;
  orderableFixtures: readonly OrderableFixture[];
}

export interface StockableCurrent {
  item: CurrentStockable | null;
  orderables: readonly CurrentOrderable[];
}

/**
 * The desired packages of one stockable item: every published package, each with its fixture
 * (matched by HOT code or GS1 code) over it, then the fixtures' packages no publisher lists.
 */
export function desiredPackages(sources: StockableSources): { packages: OrderableAttributes[]; problems: string[] } {
  const byGs1 = new Map<string, OrderableAttributes>();
  const problems: string[] = [];
  const hotOfGs1 = new Map<string, string>();
  for (const row of sources.rows) {
    const pkg = packageFromRow(row);
    if (!pkg) {
      problems.push(`HOTコード ${row.hot_code} の包装にGS1コードもJANコードもありません。`);
      continue;
    }
    hotOfGs1.set(pkg.gs1_code, row.hot_code);
    byGs1.set(pkg.gs1_code, pkg);
  }
  for (const fixture of sources.orderableFixtures) {
    const masterRow = fixture.hot_code ? sources.rows.find((r) => r.hot_code === fixture.hot_code) : undefined;
    const master = (masterRow && packageFromRow(masterRow)) ?? (fixture.gs1_code ? (byGs1.get(fixture.gs1_code) ?? null) : null);
    const merged = mergeOrderableFixture(master, fixture);
    if (!merged) {
      problems.push(`発注品目補正 ${fixture.id} にGS1コードがありません。`);
      continue;
    }
    if (master && master.gs1_code !== merged.gs1_code) byGs1.delete(master.gs1_code);
    byGs1.set(merged.gs1_code, merged);
  }
  return { packages: [...byGs1.values()].sort((a, b) => a.gs1_code.localeCompare(b.gs1_code)), problems };
}

export function stockableImport(
  sources: StockableSources,
  current: StockableCurrent,
  today: string,
  invalidReason: string | null,
): StockableItemImport {
  const empty: StockableItemImport = {
    stockable_item_id: current.item?.id ?? null,
    stockable_item_operation: 'none',
    invalid_reason: invalidReason,
    stockable_item_attributes: null,
    stockable_item_previous_attributes: current.item ? stripId(current.item) : null,
    stockable_item_changed: [],
    stockable_item_prices_attributes: [],
    orderable_items: [],
  };
  if (invalidReason) return empty;
  const attributes = stockableFromSources(sources.yjCode, sources.rows, sources.fixture);
  if (sources.rows.length === 0 && (!attributes.name || !attributes.unit)) {
    return { ...empty, invalid_reason: `YJコード ${sources.yjCode} は公開マスターになく、在庫品目補正に名称と単位がないため在庫品目を作れません。` };
  }
  const { packages, problems } = desiredPackages(sources);
  if (problems.length > 0) return { ...empty, invalid_reason: problems.join(' ') };
  const previous = current.item ? stripId(current.item) : null;
  const changed = changedFields(STOCKABLE_ATTRIBUTE_NAMES, previous, attributes);
  const orderable_items = packages.map((pkg): OrderableItemDiff => {
    const existing = current.orderables.find((o) => o.gs1_code === pkg.gs1_code) ?? null;
    const before = existing ? stripOrderable(existing) : null;
    const changedPkg = changedFields(ORDERABLE_ATTRIBUTE_NAMES, before, pkg);
    return { orderable_item_id: existing?.id ?? null, operation: operationOf(existing !== null, changedPkg), attributes: pkg, previous_attributes: before, changed: changedPkg };
  });
  const priceChanged = attributes.price !== null && (previous === null || previous.price !== attributes.price);
  return {
    ...empty,
    stockable_item_operation: operationOf(previous !== null, changed),
    stockable_item_attributes: attributes,
    stockable_item_changed: changed,
    stockable_item_prices_attributes: priceChanged ? [{ effects_on: today, price: attributes.price as number }] : [],
    orderable_items,
  };
}

/** Whether applying the import would write anything. */
export const importChangesSomething = (diff: StockableItemImport) =>
  diff.stockable_item_operation !== 'none' || diff.orderable_items.some((o) => o.operation !== 'none');

function stripId(item: CurrentStockable): StockableAttributes {
  const { id: _id, ...attributes } = item;
  return attributes;
}

export function stripOrderable(item: CurrentOrderable): OrderableAttributes {
  const { id: _id, stockable_item_id: _stockable, ...attributes } = item;
  return attributes;
}
