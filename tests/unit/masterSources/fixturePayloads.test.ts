import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writePayload } from '../../../src/dataProvider/writePayload';
import { orderableItemFixtures } from '../../../src/resources/orderableItemFixtures';
import { stockableItemFixtures } from '../../../src/resources/stockableItemFixtures';

/** The fixture edit rules of spec section 5, through the declarations the screens use. */
const stockable = {
  id: 3, name: 'ロキソニン錠６０ｍｇ', unit: '錠', price: 10, yjCode: '1149019F1560', receiptCode: null, genericId: null, generic: false,
  interimPeriodOn: null, disableStock: null, note: null, updatedAt: new Date('2026-11-01T00:00:00Z'),
};
const orderable = {
  id: 5, name: null, nameAppend: null, gs1Code: '14987000000012', janCode: '4987000000012', stockableItemFixtureId: 3, quantity: 100, makerName: null,
  sellerName: null, packetForm: 'ＰＴＰ', packetVolume: 10, packagePacketCount: 10, inactiveOn: null, hotCode: '1000007010101', note: null,
};

const changed = (declaration: Parameters<typeof writePayload>[0], previousData: Record<string, unknown>, data: Record<string, unknown>) =>
  writePayload(declaration, data, { send: 'changed', previousData });

describe('stockable fixture edit', () => {
  it('sends only the changed fields, price and genericId as integers', () => {
    expect(changed(stockableItemFixtures, stockable, { ...stockable, price: '12', genericId: '7' })).toEqual({ price: 12, genericId: 7 });
    expect(changed(stockableItemFixtures, stockable, { ...stockable })).toEqual({});
  });

  it('sends the note only when it is not empty', () => {
    expect(changed(stockableItemFixtures, stockable, { ...stockable, note: '' })).toEqual({});
    expect(changed(stockableItemFixtures, stockable, { ...stockable, note: '院内製剤' })).toEqual({ note: '院内製剤' });
  });

  it('never sends the id or the read-only update time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.string(), (price, name) => {
        const payload = changed(stockableItemFixtures, stockable, { ...stockable, id: 99, updatedAt: new Date(), price: String(price), name });
        expect(Object.keys(payload).every((key) => ['price', 'name'].includes(key))).toBe(true);
        if (price !== stockable.price) expect(payload.price).toBe(price);
      }),
    );
  });

  it('offers generic and disableStock as 未設定 / はい / いいえ, 未設定 sending null', () => {
    for (const field of [stockableItemFixtures.fields.generic, stockableItemFixtures.fields.disableStock]) {
      expect(field.type).toBe('choice');
      expect([field.unknownLabel, ...(field.choices ?? []).map((c) => `${c.label}:${String(c.value)}`)]).toEqual(['未設定', 'はい:true', 'いいえ:false']);
    }
    // The select's empty option is '': unset sends null; unchanged null (unset) sends nothing.
    expect(changed(stockableItemFixtures, stockable, { ...stockable, generic: '', disableStock: true })).toEqual({ generic: null, disableStock: true });
    expect(changed(stockableItemFixtures, stockable, { ...stockable, disableStock: '' })).toEqual({});
    expect(changed(stockableItemFixtures, { ...stockable, disableStock: true }, { ...stockable, disableStock: false })).toEqual({ disableStock: false });
  });

  it('creates with the form fields, prefilled yjCode included', () => {
    expect(writePayload(stockableItemFixtures, { yjCode: '1149019F1560', name: 'テスト', price: '30', note: '' })).toEqual({ yjCode: '1149019F1560', name: 'テスト', price: 30 });
  });
});

describe('orderable fixture edit', () => {
  it('sends only the changed fields, numbers as integers and empty strings as null', () => {
    expect(changed(orderableItemFixtures, orderable, { ...orderable, quantity: '250', nameAppend: '（分包）', packetForm: '' })).toEqual({
      quantity: 250,
      nameAppend: '（分包）',
      packetForm: null,
    });
  });

  it('keeps inactiveOn as yyyy-MM-dd and clears it with null', () => {
    expect(changed(orderableItemFixtures, orderable, { ...orderable, inactiveOn: '2027-03-31' })).toEqual({ inactiveOn: '2027-03-31' });
    expect(changed(orderableItemFixtures, { ...orderable, inactiveOn: '2027-03-31' }, { ...orderable, inactiveOn: '' })).toEqual({ inactiveOn: null });
  });

  it('an integer field typed as any whole number goes as that integer', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => {
        const payload = changed(orderableItemFixtures, { ...orderable, packetVolume: -1 }, { ...orderable, packetVolume: String(n) });
        expect(payload).toEqual({ packetVolume: n });
      }),
    );
  });
});
