import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FifoRackEntry, StockLog } from '../../../src/dataProvider/methods/stocks';
import { diffHash, ENTER_IDS, notInteger, parseStockIds, readDiffHash } from '../../../src/customRoutes/stocks/diffHash';
import { runningLogQuantities, runningRackQuantities } from '../../../src/customRoutes/stocks/runningQuantity';
import { stockActionLabel } from '../../../src/customRoutes/stocks/stockActions';
import { adjustmentFor, mergeTimeline } from '../../../src/customRoutes/stocks/timeline';

describe('stock action labels (spec section 4)', () => {
  it.each([
    ['dispense', '調剤'], [1, '調剤'], ['purchase', '購入'], [2, '購入'], ['subdivision_buy', '小分け'], ['subdivision_sell', '小分け'],
    [6, '小分け'], ['stocktaking', '棚卸し'], [8, '棚卸し'], ['fix_quantity', '在庫調整'], [3, '在庫調整'], ['discard', '廃棄'], [4, '廃棄'],
  ] as const)('%s is %s', (action, label) => {
    expect(stockActionLabel(action)).toBe(label);
  });

  it('names an unknown action with its code instead of guessing', () => {
    expect(stockActionLabel(5)).toBe('不明 (5)');
    expect(stockActionLabel('toString')).toBe('不明 (toString)');
  });
});

// Quantities with at most 3 decimals, as the API keeps them.
const quantity = fc.integer({ min: -1_000_000, max: 1_000_000 }).map((milli) => milli / 1000);
const rack = fc.record({ type: fc.constantFrom(1, 2, 3, 4, 6, 8), quantity });

describe('running quantity', () => {
  it('v1: equals a straightforward fold where type 8 resets and others add', () => {
    fc.assert(
      fc.property(fc.array(rack, { maxLength: 60 }), (entries) => {
        const running = runningRackQuantities(entries);
        entries.forEach((_, index) => {
          let expected = 0;
          for (const entry of entries.slice(0, index + 1)) expected = entry.type === 8 ? entry.quantity : expected + entry.quantity;
          expect(running[index]).toBeCloseTo(expected, 6);
        });
      }),
    );
  });

  it('v1: after a stocktaking the running quantity is its count whatever came before', () => {
    fc.assert(
      fc.property(fc.array(rack), quantity, fc.array(rack), (before, count, after) => {
        const withoutBefore = runningRackQuantities([{ type: 8, quantity: count }, ...after]);
        expect(runningRackQuantities([...before, { type: 8, quantity: count }, ...after]).slice(before.length)).toEqual(withoutBefore);
      }),
    );
  });

  it('v2: sums the changes exactly to 3 decimals', () => {
    expect(runningLogQuantities([{ deltaQuantity: 0.1 }, { deltaQuantity: 0.2 }, { deltaQuantity: -0.3 }])).toEqual([0.1, 0.3, 0]);
  });
});

describe('stock diff hash and ids (spec sections 2 and 5)', () => {
  it('reads #pharmacyId,itemId', () => {
    expect(readDiffHash('#12,34')).toEqual(['12', '34']);
    expect(readDiffHash('')).toEqual(['', '']);
    expect(readDiffHash('#12')).toEqual(['12', '']);
    expect(readDiffHash('#%E8%96%AC,1')).toEqual(['薬', '1']);
    expect(readDiffHash('#%E8,1')).toEqual(['%E8', '1']);
  });

  it('loads only when both parse as integers, and says why not', () => {
    expect(parseStockIds('12', ' 34 ')).toEqual({ ok: true, ids: { pharmacyId: 12, itemId: 34 } });
    expect(parseStockIds('', '')).toEqual({ ok: false, reasons: [ENTER_IDS] });
    expect(parseStockIds('1.5', '2')).toEqual({ ok: false, reasons: [notInteger('薬局ID')] });
    expect(parseStockIds('1', '')).toEqual({ ok: false, reasons: [notInteger('品目ID')] });
    expect(parseStockIds('-1', '1e3')).toEqual({ ok: false, reasons: [notInteger('薬局ID'), notInteger('品目ID')] });
  });

  it('round-trips any pair of ids through the hash', () => {
    fc.assert(
      fc.property(fc.nat({ max: 999_999_999 }), fc.nat({ max: 999_999_999 }), (pharmacyId, itemId) => {
        const [p, i] = readDiffHash(diffHash({ pharmacyId, itemId }));
        expect(parseStockIds(p, i)).toEqual({ ok: true, ids: { pharmacyId, itemId } });
      }),
    );
  });

  it('never accepts text that is not digits', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = parseStockIds(text, '1');
        expect(result.ok).toBe(/^\s*\d{1,12}\s*$/.test(text));
      }),
    );
  });
});

const log = (id: number, iso: string, action: string, deltaQuantity: number): StockLog => ({ id, loggedAt: new Date(iso), action, deltaQuantity });
const entry = (id: number, iso: string, type: number, quantity: number): FifoRackEntry => ({ id, executedAt: new Date(iso), type, quantity, prescriptionNumber: null });

describe('merged timeline', () => {
  const logs = [log(2, '2026-10-02T00:00:00Z', 'dispense', -3), log(1, '2026-10-01T00:00:00Z', 'stocktaking', 100)];
  const racks = [entry(10, '2026-10-01T00:00:00Z', 8, 100), entry(11, '2026-10-02T00:00:00Z', 1, -3), entry(12, '2026-10-03T00:00:00Z', 1, -7)];

  it('orders both histories by time, v2 first at the same instant, with each side’s running quantity', () => {
    const rows = mergeTimeline(logs, racks);
    expect(rows.map((r) => [r.key, r.label, r.running])).toEqual([
      ['v2-1', '棚卸し', 100], ['v1-10', '棚卸し', 100], ['v2-2', '調剤', 97], ['v1-11', '調剤', 97], ['v1-12', '調剤', 90],
    ]);
  });

  it('adjusts by the entry’s change, or for a stocktaking by its count less what v2 held then', () => {
    expect(adjustmentFor(racks[2], logs)).toEqual({ loggedAt: racks[2].executedAt, deltaQuantity: -7 });
    expect(adjustmentFor(entry(13, '2026-10-02T12:00:00Z', 8, 90), logs)).toEqual({ loggedAt: new Date('2026-10-02T12:00:00Z'), deltaQuantity: -7 });
  });
});
