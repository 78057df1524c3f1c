import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareOrderableItems, sortOrderableItems, type SortableOrderableItem } from '../../../src/customRoutes/masterSources/orderableItemSort';

const TODAY = '2026-11-21';
const compare = compareOrderableItems(TODAY);

const item = (id: number, overrides: Partial<SortableOrderableItem> = {}): SortableOrderableItem => ({
  id, name: 'ロキソニン錠６０ｍｇ', sellerName: '第一三共', packetForm: 'ＰＴＰ', packetVolume: 100, packagePacketCount: 1, inactiveOn: null, ...overrides,
});

/** Few distinct values per field, so ties that the later keys must break are common. */
const arbitraryItems = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 10_000 }),
    name: fc.constantFrom(null, 'Ａ錠', 'Ｂ錠', 'Ａ錠 500'),
    sellerName: fc.constantFrom(null, '沢井製薬', '東和薬品', '第一三共'),
    packetForm: fc.constantFrom(null, 'バラ', 'ＰＴＰ', 'ＳＰ'),
    packetVolume: fc.constantFrom(null, 100, 500, 1000),
    packagePacketCount: fc.constantFrom(null, 1, 10),
    inactiveOn: fc.constantFrom(null, '2026-01-01', TODAY, '2027-04-01'),
  }),
  { selector: (i) => i.id, maxLength: 30 },
);

describe('the orderable item sort (spec section 9)', () => {
  it('orders by inactive, seller, loose packs last, packet volume, packets per package, name, id', () => {
    const items = [
      item(1, { inactiveOn: '2026-01-01', sellerName: 'Ａ' }),
      item(2, { sellerName: '陽進堂' }),
      item(3, { sellerName: '沢井製薬', packetForm: 'バラ', packetVolume: 100 }),
      item(4, { sellerName: '沢井製薬', packetVolume: 500 }),
      item(5, { sellerName: '沢井製薬', packetVolume: 100, packagePacketCount: 10 }),
      item(6, { sellerName: '沢井製薬', packetVolume: 100, packagePacketCount: 1, name: 'Ｂ' }),
      item(7, { sellerName: '沢井製薬', packetVolume: 100, packagePacketCount: 1, name: 'Ａ' }),
      item(8, { sellerName: '沢井製薬', packetVolume: 100, packagePacketCount: 1, name: 'Ａ' }),
      item(9, { sellerName: null, inactiveOn: '2027-04-01' }),
    ];
    expect(sortOrderableItems(items, TODAY).map((i) => [i.id, i.orderIndex])).toEqual([
      [7, 1], [8, 2], [6, 3], [5, 4], [4, 5], [3, 6], [2, 7], [9, 8], [1, 9],
    ]);
  });

  it('is a total order: antisymmetric, transitive, and zero only for the same item', () => {
    fc.assert(
      fc.property(arbitraryItems, (items) => {
        for (const a of items) {
          for (const b of items) {
            const ab = Math.sign(compare(a, b));
            expect(ab).toBe(-Math.sign(compare(b, a)) || 0);
            if (a.id !== b.id) expect(ab).not.toBe(0);
            for (const c of items) if (ab < 0 && compare(b, c) < 0) expect(compare(a, c)).toBeLessThan(0);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('gives the same order whatever order the items came in', () => {
    fc.assert(
      fc.property(arbitraryItems, fc.infiniteStream(fc.nat()), (items, randoms) => {
        const shuffled = [...items];
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = randoms.next().value % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
        }
        expect(sortOrderableItems(shuffled, TODAY)).toEqual(sortOrderableItems(items, TODAY));
      }),
    );
  });
});
