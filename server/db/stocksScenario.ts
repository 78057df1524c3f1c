import { SEEDED_MEDICINES, seededPharmacyIds } from './seedCatalogue';

/**
 * The stock histories both ordering generations are seeded with (v2 logs in medorder, v1 FIFO
 * racks and cached stocks in legacy), written once here so the two seeds tell the same story
 * without either service reading the other's tables. Stockable item ids are the catalogue's
 * medicines in order (1 = its first medicine).
 *
 * Where they disagree, on purpose (spec: the stock diff needs something to show, a fix makes
 * them agree, and a few fixes fail):
 * - `missingInV2`: v2 never logged the last v1 dispense, so v2 is 7 higher than v1 until the
 *   stock diff posts that entry as an adjustment;
 * - `driftedV1`: v1's cached quantity drifted from its own rack history; the v1 fix recomputes
 *   it, after which v1 agrees with v2;
 * - `fixFails`: drifted too, and the v1 fix refuses (its rack history is locked), so the stock
 *   fix's failure path is real.
 */
export type StockDisagreement = 'missingInV2' | 'driftedV1' | 'fixFails';

export interface ScenarioEntry {
  /** v1 FIFO rack type (spec section 4): 8 stocktaking, 2 purchase, 1 dispense, 6 subdivision, 4 discard. */
  type: 1 | 2 | 4 | 6 | 8;
  /** v2 log action for the same event. */
  action: 'stocktaking' | 'purchase' | 'dispense' | 'subdivision_sell' | 'discard';
  /** For type 8 the counted quantity; otherwise the change. */
  quantity: number;
  executedAt: string;
  prescriptionNumber: string | null;
}

export interface ScenarioStock {
  pharmacyId: number;
  itemId: number;
  yjCode: string;
  entries: ScenarioEntry[];
  disagreement: StockDisagreement | null;
}

const [P1, P2, P3] = seededPharmacyIds('small');
/** Which medicines (catalogue indexes) each pharmacy stocks; pharmacy 2 is the small one. */
const STOCKED: readonly [number, number][] = [
  ...SEEDED_MEDICINES.map((_, index) => [P1, index] as [number, number]),
  [P2, 0], [P2, 1], [P2, 2],
  ...[0, 1, 2, 3, 4, 5].map((index) => [P3, index] as [number, number]),
];

const DISAGREEMENTS: ReadonlyMap<string, StockDisagreement> = new Map([
  [`${P1}:0`, 'missingInV2'], [`${P1}:1`, 'missingInV2'], [`${P3}:0`, 'missingInV2'],
  [`${P1}:2`, 'driftedV1'], [`${P1}:3`, 'driftedV1'], [`${P2}:1`, 'driftedV1'], [`${P3}:1`, 'driftedV1'],
  [`${P1}:4`, 'fixFails'], [`${P2}:2`, 'fixFails'], [`${P3}:2`, 'fixFails'],
]);

/** How far a drifted v1 cache is off its rack history. */
export const V1_DRIFT = 12;

const at = (index: number, day: number) => new Date(Date.UTC(2026, 9, 1 + day, index, 30)).toISOString();

function history(pharmacyId: number, index: number): ScenarioEntry[] {
  const rx = (day: number) => `RX${pharmacyId}${String(index).padStart(2, '0')}${day}`;
  return [
    { type: 8, action: 'stocktaking', quantity: 100 + 10 * index, executedAt: at(index, 0), prescriptionNumber: null },
    { type: 2, action: 'purchase', quantity: 50, executedAt: at(index, 1), prescriptionNumber: null },
    { type: 1, action: 'dispense', quantity: -(3 + index), executedAt: at(index, 2), prescriptionNumber: rx(2) },
    { type: 6, action: 'subdivision_sell', quantity: -5, executedAt: at(index, 3), prescriptionNumber: null },
    { type: 1, action: 'dispense', quantity: -(2 + pharmacyId), executedAt: at(index, 4), prescriptionNumber: rx(4) },
    { type: 4, action: 'discard', quantity: -1, executedAt: at(index, 5), prescriptionNumber: null },
    { type: 1, action: 'dispense', quantity: -7, executedAt: at(index, 6), prescriptionNumber: rx(6) },
  ];
}

export const STOCK_SCENARIO: readonly ScenarioStock[] = STOCKED.map(([pharmacyId, index]) => ({
  pharmacyId,
  itemId: index + 1,
  yjCode: SEEDED_MEDICINES[index].yjCode,
  entries: history(pharmacyId, index),
  disagreement: DISAGREEMENTS.get(`${pharmacyId}:${index}`) ?? null,
}));

/** The v1 running quantity of a rack history: a type 8 entry resets it, every other adds. */
export const rackQuantity = (entries: readonly { type: number; quantity: number }[]): number =>
  entries.reduce((quantity, entry) => (entry.type === 8 ? entry.quantity : quantity + entry.quantity), 0);
