import fc from 'fast-check';
import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { writeRuleError } from '../../../src/contract/masterShape';
import { PHARMACY_SHAPE } from '../../../src/contract/masters/pharmacies';
import { invoiceNumberError, PHARMACY_LABELS, PHARMACY_MESSAGES, PHARMACY_SERVICES, PREDICTORS, pharmacyErrors } from '../../../src/contract/pharmacy';
import { pharmacies } from '../../../src/resources/pharmacies';
import { PHARMACY_LIST } from '../../../server/services/core/pharmacies/routes';
import { PharmacyDetailSchema, PharmacyInputSchema, PharmacySchema } from '../../../server/services/core/pharmacies/schema';
import { labelled, zodErrorBody } from '../../../server/shared/validation';
import { sameAnswers } from './shapeProbes';
import { HAND_WRITTEN_LABELS, handWrittenPharmacyErrors } from './pharmacyRulesBefore';

/** The write body the shape's texts replaced, as written by hand: types only, each field named. */
const text = (field: keyof typeof HAND_WRITTEN_LABELS) => labelled(HAND_WRITTEN_LABELS[field], z.string().nullable().optional());
const HAND_WRITTEN_INPUT = z.object({
  company_id: labelled('会社ID', z.number().int().positive().max(2_147_483_647).nullable().optional()),
  name: text('name'),
  micode: text('micode'),
  pharmacy_invoice_attributes: labelled('適格請求書', z.object({ invoice_number: text('invoiceNumber') }).nullable().optional()),
  postal_code: text('postalCode'),
  address1: text('address1'),
  address2: text('address2'),
  address3: text('address3'),
  address4: text('address4'),
  phone: text('phone'),
  fax: text('fax'),
  email: text('email'),
  web_url: text('webUrl'),
  navigation: text('navigation'),
  note: text('note'),
  started_on: text('startedOn'),
  ended_on: text('endedOn'),
  deleted_on: text('deletedOn'),
  subdivision_transferor_name: text('subdivisionTransferorName'),
  subdivision_transferee_name: text('subdivisionTransfereeName'),
  v4_inst_id: text('v4InstId'),
  services: labelled(HAND_WRITTEN_LABELS.services, z.array(z.string().max(100)).max(PHARMACY_SERVICES.length * 2).optional()),
  predict_config_attributes: labelled('予測設定', z.object({ predictor: labelled('予測ロジック', z.string().max(100).nullable().optional()) }).nullable().optional()),
});

const RULE_FIELDS = Object.keys(HAND_WRITTEN_LABELS) as (keyof typeof HAND_WRITTEN_LABELS)[];

/** Characters the rules tell apart: digits (full-width too), hyphens, spaces, letters, a non-BMP character. */
const char = fc.constantFrom('0', '1', '5', '9', '１', '-', 'ー', ' ', '　', '\n', 'a', '@', '.', '/', ':', '薬', '𠮷');
const near = (max: number) =>
  fc.integer({ min: max - 2, max: max + 2 }).chain((length) =>
    fc.tuple(fc.constantFrom('', ' ', '\n'), fc.constantFrom('1', 'a', '𠮷', ' '), fc.constantFrom('', '  ')).map(([pad, letter, tail]) => `${pad}${letter.repeat(length)}${tail}`),
  );
/** A value as a form or a body may hold it: near a rule's edge, shaped like a code, or no text at all. */
const value = fc.oneof(
  fc.string({ unit: char, maxLength: 14 }),
  near(255),
  near(2000),
  near(10),
  fc.constantFrom(
    '1341234567', ' 1341234567 ', '134123456', '13412345678', '150-0002', '1500002', '-1500002', '1500002-', '150--0002', '15-000-02', '１５００００２',
    '03-1234-5678', '0-1234', '03 1234 5678', 'a@b.c', 'a@b', 'a b@c.d', 'https://pharmacy.example.jp/', 'http://localhost', 'ftp://x.jp', 'https://',
    '2024-02-29', '2023-02-29', '2024-13-01', ' 2024-01-01', '0000-01-01', '', ' ', '　\n',
  ),
  fc.constantFrom(null, undefined, 1, true, ['share']),
);
const values = fc.record({
  ...Object.fromEntries(RULE_FIELDS.filter((field) => field !== 'services').map((field) => [field, value])),
  services: fc.oneof(fc.subarray(['share', 'medorder', 'other', '']), fc.constantFrom(undefined, null, 'share')),
  predictor: fc.oneof(fc.constantFrom(...PREDICTORS, 'other', '', null, undefined, 1)),
}, { requiredKeys: [] });

describe('pharmacies from PHARMACY_SHAPE (issue 24 item 1)', () => {
  it('the SPA declaration is the one written by hand before', () => {
    expect(pharmacies.api).toBe('/api/v2/core/admin/pharmacies');
    expect(pharmacies.label).toBe('薬局');
    const { fields } = pharmacies;
    // The hand-written map, key by key, plus what the shape adds that changes nothing on screen:
    // readOnly on the audit fields (no form holds them, so nothing sends them), createdAt sortable
    // as the API always sorted it (no column shows it), and the example of a patterned field (no
    // screen reads it).
    expect(fields).toEqual({
      id: { type: 'id', label: 'ID', sortable: true, readOnly: true },
      companyId: { type: 'number', label: '会社', parse: 'integer', reference: { resource: 'v2/core/companies' }, sortAs: { key: 'companyName', requires: 'companyNameSort' } },
      name: { type: 'text', label: '薬局名', sortable: true, required: true },
      micode: { type: 'text', label: '薬局コード', required: true, example: '1341234567' },
      'pharmacyInvoice.invoiceNumber': { type: 'text', label: '適格請求書発行事業者登録番号', writeAs: 'pharmacyInvoiceAttributes.invoiceNumber' },
      postalCode: { type: 'text', label: '郵便番号', required: true, example: '150-0002' },
      address1: { type: 'text', label: '都道府県', sortable: true, required: true },
      address2: { type: 'text', label: '市区町村', required: true },
      address3: { type: 'text', label: '町域・番地', required: true },
      address4: { type: 'text', label: '建物名' },
      latitude: { type: 'decimal', label: '緯度（自動）', decimals: 6, readOnly: true },
      longitude: { type: 'decimal', label: '経度（自動）', decimals: 6, readOnly: true },
      phone: { type: 'text', label: '電話番号', required: true, example: '03-1234-5678' },
      fax: { type: 'text', label: 'FAX番号', example: '03-1234-5679' },
      email: { type: 'email', label: 'メールアドレス', required: true, example: 'info@example.com' },
      webUrl: { type: 'url', label: 'WebサイトURL' },
      navigation: { type: 'longText', label: 'アクセス', rows: 2 },
      services: {
        type: 'multiChoice',
        label: '契約サービス',
        // At least one: the form's rules (pharmacyErrors) say so, not the input.
        required: true,
        requiredCheck: 'form',
        choices: [
          { value: 'share', label: '在庫シェア', color: 'info' },
          { value: 'medorder', label: '発注', color: 'primary' },
        ],
      },
      startedOn: { type: 'date', label: '開始日' },
      endedOn: { type: 'date', label: '終了日' },
      deletedOn: { type: 'date', label: '削除日' },
      subdivisionTransferorName: { type: 'text', label: '小分け譲渡元' },
      subdivisionTransfereeName: { type: 'text', label: '小分け譲受先' },
      v4InstId: { type: 'text', label: 'V4施設ID' },
      v1Id: { type: 'number', label: 'V1 ID', readOnly: true },
      'predictConfig.predictor': {
        type: 'choice',
        label: '予測ロジック',
        adminOnly: true,
        writeAs: 'predictConfigAttributes.predictor',
        parse: 'emptyToNull',
        choices: [
          { value: 'optimized_orders', label: 'v1 最適化ロジック', color: 'info' },
          { value: 'statistic', label: 'v2 統計ロジック', color: 'success' },
        ],
        unknownLabel: '未設定',
      },
      note: { type: 'longText', label: '備考', rows: 3 },
      createdAt: { type: 'datetime', label: '作成日時', sortable: true, readOnly: true },
      updatedAt: { type: 'datetime', label: '更新日時', sortable: true, readOnly: true },
      createdBy: { type: 'text', label: '作成者', readOnly: true },
      updatedBy: { type: 'text', label: '更新者', readOnly: true },
    });
    // The form holds the whole record's written fields and nothing the API owns: a save sends only those.
    expect(pharmacies.form?.fields.filter((field) => (fields as Record<string, { readOnly?: boolean }>)[field]?.readOnly)).toEqual(['id']);
  });

  it('the list declaration is the one written by hand before', () => {
    expect({ ...PHARMACY_LIST, filters: Object.keys(PHARMACY_LIST.filters).sort(), search: PHARMACY_LIST.search?.name }).toEqual({
      base: '/core',
      path: '/api/v2/admin/pharmacies',
      summary: '薬局一覧',
      sortColumns: {
        id: 'p.id', company_id: 'COALESCE(p.company_id, 0)', name: 'p.name', address1: 'p.prefecture_order', updated_at: 'p.updated_at', created_at: 'p.created_at',
        // The companyNameSort addition (issue 40).
        company_name: 'p.company_name',
      },
      defaultSort: '-updated_at',
      filters: ['add_ended', 'company_id', 'group_id', 'without_company', 'without_group_id'],
      search: 'pharmacies_search',
      fields: ['id', 'company_id', 'name', 'micode', 'postal_code', 'address1', 'address2', 'address3', 'address4', 'phone', 'fax', 'email', 'started_on', 'ended_on', 'services', 'created_at', 'updated_at'],
    });
    const { label, schema, example } = PHARMACY_LIST.filters.company_id;
    expect([label, example]).toEqual(['会社ID', '1']);
    expect(['1', '123456789012', '', 'x', '1234567890123'].map((id) => schema.safeParse(id).success)).toEqual([true, true, false, false, false]);
  });

  it('answers the row and the detail as before: the row leaves the detail’s own fields out', () => {
    const row = {
      id: 1, company_id: null, name: 'さくら薬局 渋谷店', micode: '1341234567', postal_code: '1500002', address1: '東京都', address2: '渋谷区', address3: '渋谷1-2-3',
      address4: null, phone: '03-1234-5678', fax: null, email: 'a@b.jp', started_on: '2024-04-01', ended_on: null, services: ['share'],
      created_at: '2026-11-21T10:00:00.000Z', updated_at: '2026-11-21T10:00:00.000Z',
    };
    expect(PharmacySchema.parse(row)).toEqual(row);
    expect(Object.keys(PharmacySchema.shape)).toEqual(Object.keys(row));
    expect(PharmacySchema.safeParse({ ...row, services: ['other'] }).success).toBe(false);
    expect(PharmacySchema.safeParse({ ...row, name: null }).success).toBe(false);
    const detail = {
      ...row, note: null, created_by: null, updated_by: '管理 花子', pharmacy_invoice: { invoice_number: 'T1234567890123' }, latitude: 35.6, longitude: null,
      web_url: null, navigation: null, deleted_on: null, subdivision_transferor_name: null, subdivision_transferee_name: null, v4_inst_id: null, v1_id: 12,
      service_attributes: { share: true, medorder: false }, predict_config: { predictor: null }, groups: [],
    };
    expect(PharmacyDetailSchema.parse(detail)).toEqual(detail);
    expect(Object.keys(PharmacyDetailSchema.shape).sort()).toEqual(Object.keys(detail).sort());
  });

  it('keeps every message and label of the pharmacy rules', () => {
    expect(PHARMACY_LABELS).toEqual(HAND_WRITTEN_LABELS);
    expect({ ...PHARMACY_MESSAGES, date: PHARMACY_MESSAGES.date('開始日'), required: PHARMACY_MESSAGES.required('薬局名'), tooLong: PHARMACY_MESSAGES.tooLong('備考', 2000) }).toEqual({
      servicesRequired: '契約サービスを少なくとも1つは選んでください。',
      micodeLength: '薬局コードは10文字で入力してください。',
      micodeCheckDigit: '薬局コードのチェックディジットが一致しません。番号をご確認ください（このまま保存できます）。',
      postalCode: '郵便番号は7桁の数字で入力してください（ハイフンは1つまで）。',
      phone: '電話番号は数字とハイフンで入力してください。',
      fax: 'FAX番号は数字とハイフンで入力してください。',
      email: 'メールアドレスの形式が正しくありません。',
      webUrl: 'WebサイトURLは http:// または https:// で始まるURLを入力してください。',
      date: '開始日は日付（yyyy-MM-dd）で入力してください。',
      required: '薬局名を入力してください。',
      tooLong: '備考は2000文字以内で入力してください。',
      predictor: '予測ロジックの値が正しくありません。',
      // Issue 40 item 5.
      invoiceNumberFormat: '登録番号は「T」と13桁の数字で入力してください。',
      invoiceNumberCheckDigit: '登録番号の検査用数字が正しくありません。',
    });
  });

  it('property: the rules from the shape refuse exactly what the hand-written rules did, with the same messages (the form and the API run them)', () => {
    fc.assert(
      fc.property(values, (generated) => {
        // The invoice number's own rule is new (issue 40 item 5; pharmacyRules.test.ts): a number it
        // alone would refuse stands in as a valid one, so the rest is held to the hand-written rules.
        const invoice = (generated as { invoiceNumber?: unknown }).invoiceNumber;
        const newlyRefused = typeof invoice === 'string' && invoice.trim() !== '' && invoice.length <= 255 && invoiceNumberError(invoice) !== undefined;
        const form = newlyRefused ? { ...generated, invoiceNumber: 'T7000012050002' } : generated;
        // In the same order too: a 422 lists the messages in it.
        expect(Object.entries(pharmacyErrors(form))).toEqual(Object.entries(handWrittenPharmacyErrors(form)));
      }),
      { numRuns: 3000 },
    );
  });

  it('property: the write body takes and refuses what the hand-written one did, with the same 422 body', () => {
    const body = fc.record(
      {
        ...Object.fromEntries(Object.keys(HAND_WRITTEN_INPUT.shape).map((key) => [key, value])),
        pharmacy_invoice_attributes: fc.oneof(fc.constantFrom(null, undefined, {}, 1), fc.record({ invoice_number: value }, { requiredKeys: [] })),
        predict_config_attributes: fc.oneof(fc.constantFrom(null, undefined, {}), fc.record({ predictor: value }, { requiredKeys: [] })),
        company_id: fc.constantFrom(undefined, null, 1, 0, -1, 1.5, '1', 2_147_483_648),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(body, (sent) => {
        sameAnswers(HAND_WRITTEN_INPUT.safeParse(sent), PharmacyInputSchema.safeParse(sent), zodErrorBody);
      }),
      { numRuns: 1000 },
    );
  });

  it('a maximum counted as sent: spaces and UTF-16 units count, and it is checked before required', () => {
    const rule = PHARMACY_SHAPE.fields.name.write;
    expect(writeRuleError('薬局名', rule, `${'a'.repeat(255)} `)).toBe('薬局名は255文字以内で入力してください。');
    expect(writeRuleError('薬局名', rule, '𠮷'.repeat(128))).toBe('薬局名は255文字以内で入力してください。');
    expect(writeRuleError('薬局名', rule, ' '.repeat(256))).toBe('薬局名は255文字以内で入力してください。');
    expect(writeRuleError('薬局名', rule, ' ')).toBe('薬局名を入力してください。');
    // Without it, the vocabulary's own maximum: code points after trimming.
    expect(writeRuleError('薬局名', { required: true, maxLength: 255 }, `${'a'.repeat(255)} `)).toBeUndefined();
  });
});
