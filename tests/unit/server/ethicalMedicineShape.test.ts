import fc from 'fast-check';
import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { ETHICAL_MEDICINE_SHAPE } from '../../../src/contract/masters/ethicalMedicines';
import { ethicalMedicines } from '../../../src/resources/ethicalMedicines';
import type { FieldDeclaration } from '../../../src/resources/types';
import { MEDICINE_COLUMNS } from '../../../server/services/core/ethicalMedicines/columns';
import { ETHICAL_MEDICINE_LIST, EthicalMedicineSchema } from '../../../server/services/core/ethicalMedicines/routes';

/*
 * What the shape replaced, as it was written by hand: the reference for "no change".
 */
const yesNo = (label: string): FieldDeclaration => ({ type: 'boolean', label });
const text = (label: string): FieldDeclaration => ({ type: 'text', label });
const HAND_WRITTEN_FIELDS: Record<string, FieldDeclaration> = {
      id: { type: 'id', label: 'ID', sortable: true },
      brandName: text('販売名'),
      brandNamePronunciation: text('販売名カナ'),
      hotCode: text('HOTコード'),
      hotCode_7: text('HOT7'),
      hotCode_9: text('HOT9'),
      hotCodeGeneric: text('一般名HOTコード'),
      packageGs1Code: text('販売包装単位GS1コード'),
      janCode: text('JANコード'),
      packetGs1Code: text('調剤包装単位GS1コード'),
      supplyGs1Code: text('元梱包装単位GS1コード'),
      mhlwCode: text('薬価基準収載医薬品コード'),
      yjCode: text('YJコード'),
      receiptCode: text('レセプト電算コード'),
      receiptCodeSecondary: text('レセプト電算コード（2）'),
      genericCode: text('一般名コード'),
      receiptSystemName: text('レセプト電算名称'),
      genericName: text('一般名'),
      ingredientName: text('成分名'),
      dosageType: text('投与区分'),
      unitType: text('単位'),
      standard: text('規格'),
      maker: text('製造会社'),
      seller: text('販売会社'),
      packetForm: text('包装形態'),
      packetFormSubdivision: text('包装形態細分'),
      packetVolume: { type: 'number', label: '包装単位数' },
      packetUnitName: text('包装単位'),
      packetPerSheet: { type: 'number', label: 'シート入数' },
      packageVolume: { type: 'number', label: '包装総量' },
      packageVolumeUnitName: text('包装総量単位'),
      packagePacketCount: { type: 'number', label: '包装数' },
      packagePacketCountUnitName: text('包装数単位'),
      publicNoticeType: text('収載方式等識別'),
      officialName: text('告示名称'),
      officialRegisteredOn: { type: 'date', label: '薬価収載日' },
      officialUnitPrice: { type: 'decimal', label: '薬価', decimals: 1 },
      interimPeriodOn: { type: 'date', label: '経過措置期限' },
      inactiveOn: { type: 'date', label: '廃止日' },
      generic: yesNo('後発品'),
      narcotic: yesNo('麻薬'),
      poison: yesNo('毒薬'),
      stimulantMaterial: yesNo('覚醒剤原料'),
      psychotropic: yesNo('向精神薬'),
      biotic: yesNo('生物学的製剤'),
      designatedBiotic: yesNo('特定生物由来製品'),
      regenerative: yesNo('再生医療等製品'),
      clinicalSample: yesNo('治験薬'),
      intracutaneousReaction: yesNo('皮内反応'),

};

type ColumnKind = 'text' | 'number' | 'decimal' | 'date' | 'flag';
const HAND_WRITTEN_COLUMNS: Record<string, ColumnKind> = {
  brand_name: 'text', brand_name_pronunciation: 'text', hot_code: 'text', hot_code_7: 'text', hot_code_9: 'text', hot_code_generic: 'text',
  package_gs1_code: 'text', jan_code: 'text', packet_gs1_code: 'text', supply_gs1_code: 'text', mhlw_code: 'text', yj_code: 'text',
  receipt_code: 'text', receipt_code_secondary: 'text', generic_code: 'text', receipt_system_name: 'text', generic_name: 'text',
  ingredient_name: 'text', dosage_type: 'text', unit_type: 'text', standard: 'text', maker: 'text', seller: 'text', packet_form: 'text',
  packet_form_subdivision: 'text', packet_volume: 'decimal', packet_unit_name: 'text', packet_per_sheet: 'number', package_volume: 'decimal',
  package_volume_unit_name: 'text', package_packet_count: 'number', package_packet_count_unit_name: 'text', public_notice_type: 'text',
  official_name: 'text', official_registered_on: 'date', official_unit_price: 'decimal', interim_period_on: 'date', inactive_on: 'date',
  generic: 'flag', narcotic: 'flag', poison: 'flag', stimulant_material: 'flag', psychotropic: 'flag', biotic: 'flag', designated_biotic: 'flag',
  regenerative: 'flag', clinical_sample: 'flag', intracutaneous_reaction: 'flag',
};

const fieldSchema: Record<ColumnKind, z.ZodType> = {
  text: z.string().nullable(),
  number: z.number().nullable(),
  decimal: z.number().nullable(),
  date: z.string().nullable(),
  flag: z.boolean(),
};
const HAND_WRITTEN_ANSWER = z.object({
  id: z.number(),
  ...Object.fromEntries(Object.entries(HAND_WRITTEN_COLUMNS).map(([name, kind]) => [name, fieldSchema[kind]])),
  brand_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A value as the table holds it for a column of `kind` (INTEGER columns hold integers), or one of the wrong type. */
const valueOf = (kind: ColumnKind | 'id') => {
  const stored = {
    id: fc.integer({ min: 1 }),
    text: fc.oneof(fc.string(), fc.constant(null)),
    number: fc.oneof(fc.integer(), fc.constant(null)),
    decimal: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)),
    date: fc.oneof(fc.constantFrom('2024-04-01', '2027-03-31'), fc.constant(null)),
    flag: fc.boolean(),
  }[kind];
  return fc.oneof({ arbitrary: stored, weight: 8 }, { arbitrary: fc.constantFrom<unknown>(null, '1', 1, true, undefined), weight: 1 });
};

describe('ethical medicines from ETHICAL_MEDICINE_SHAPE (issue 24 item 1)', () => {
  it('the SPA declaration is the one written by hand before', () => {
    expect(ethicalMedicines.api).toBe('/api/v2/core/master/ethical_medicines');
    expect(ethicalMedicines.label).toBe('医療用医薬品');
    expect(ethicalMedicines.recordLabel).toBe('医療用医薬品');
    // As written by hand, plus readOnly on every field: the master has no form (capabilities {}),
    // and only forms read the mark, so it changes nothing.
    expect(ethicalMedicines.fields).toEqual(Object.fromEntries(Object.entries(HAND_WRITTEN_FIELDS).map(([key, field]) => [key, { ...field, readOnly: true }])));
    expect(Object.keys(ethicalMedicines.fields)).toEqual(Object.keys(HAND_WRITTEN_FIELDS));
  });

  it('the table\'s columns are the ones written by hand before, in their order', () => {
    expect(Object.entries(MEDICINE_COLUMNS)).toEqual(Object.entries(HAND_WRITTEN_COLUMNS));
  });

  it('the list declaration is the one written by hand before', () => {
    expect({ ...ETHICAL_MEDICINE_LIST, filters: Object.keys(ETHICAL_MEDICINE_LIST.filters), search: ETHICAL_MEDICINE_LIST.search?.name }).toEqual({
      base: '/core',
      path: '/api/v2/master/ethical_medicines',
      summary: '医療用医薬品一覧',
      sortColumns: { id: 'm.id' },
      defaultSort: 'id',
      filters: ['include_inactive'],
      search: 'ethical_medicines_search',
      fields: ['id', ...Object.keys(HAND_WRITTEN_COLUMNS), 'created_at', 'updated_at'],
    });
    const { label, schema, example } = ETHICAL_MEDICINE_LIST.filters.include_inactive;
    expect([label, example]).toEqual(['無効になったものも含む', 'true']);
    expect(['true', 'false', '', '1', 'TRUE'].map((value) => schema.safeParse(value).success)).toEqual([true, true, false, false, false]);
  });

  it('property: the answer takes and refuses the records the hand-written one did', () => {
    const record = fc.record({
      id: valueOf('id'),
      ...Object.fromEntries(Object.entries(HAND_WRITTEN_COLUMNS).map(([name, kind]) => [name, valueOf(kind)])),
      created_at: fc.oneof(fc.constant('2026-11-21T10:00:00.000Z'), fc.constant(null)),
      updated_at: fc.constant('2026-11-21T10:00:00.000Z'),
    });
    fc.assert(
      fc.property(record, (medicine) => {
        const before = HAND_WRITTEN_ANSWER.safeParse(medicine);
        const after = EthicalMedicineSchema.safeParse(medicine);
        expect(after.success).toBe(before.success);
        if (before.success && after.success) expect(after.data).toEqual(before.data);
      }),
      { numRuns: 300 },
    );
  });

  it('every field of the shape is a column the API answers, with its label', () => {
    expect(Object.keys(EthicalMedicineSchema.shape)).toEqual(ETHICAL_MEDICINE_LIST.fields);
    expect(ETHICAL_MEDICINE_SHAPE.fields.officialUnitPrice.label).toBe('薬価');
  });
});
