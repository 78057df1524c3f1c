import { defineResource } from '../defineResource';
import type { FieldDeclaration } from '../types';

export const NO_FIXTURE = '登録はありません';

/**
 * A yes/no the fixture may leave unset (null: the published masters' value stands), so the form
 * offers 未設定 / はい / いいえ and 未設定 sends null.
 */
const optionalFlag = (label: string): FieldDeclaration => ({
  type: 'choice',
  label,
  choices: [
    { value: true, label: 'はい' },
    { value: false, label: 'いいえ' },
  ],
  unknownLabel: '未設定',
  parse: 'emptyToNull',
});

/**
 * Stockable item fixtures (在庫品目補正, spec sections 2, 3 and 5): the staff's corrections of
 * one YJ code's stockable item, merged over the published masters by the import diff. Edits send
 * only the changed fields (PATCH); price and genericId as integers; the note only when non-empty;
 * generic and disableStock may be unset (null).
 */
export const stockableItemFixtures = defineResource({
  name: 'v2/core/master_sources/stockable_item_fixtures',
  label: '在庫品目補正',
  recordLabel: '在庫品目補正',
  api: '/api/v2/medorder/admin/stockable_item_fixtures',
  recordRepresentation: 'name',
  capabilities: { create: true, edit: true },
  update: { method: 'PATCH', send: 'changed' },
  fields: {
    id: { type: 'id', label: 'ID', sortable: true, readOnly: true },
    name: { type: 'text', label: '名称', parse: 'emptyToNull' },
    unit: { type: 'text', label: '単位', parse: 'emptyToNull' },
    price: { type: 'number', label: '薬価', parse: 'integer' },
    yjCode: { type: 'text', label: 'YJコード', parse: 'emptyToNull' },
    receiptCode: { type: 'text', label: 'レセプト電算コード', parse: 'emptyToNull' },
    genericId: { type: 'number', label: '一般名ID', parse: 'integer' },
    generic: optionalFlag('後発品'),
    interimPeriodOn: { type: 'date', label: '経過措置期限', parse: 'emptyToNull' },
    disableStock: optionalFlag('在庫管理しない'),
    note: { type: 'longText', label: 'メモ', rows: 3, parse: 'omitEmpty' },
    updatedAt: { type: 'datetime', label: '更新日時', sortable: true, readOnly: true },
  },
  list: {
    columns: ['id', 'name', 'unit', 'price', 'yjCode', 'receiptCode', 'generic', 'disableStock', 'note', 'updatedAt'],
    actions: ['show', 'edit'],
    defaultSort: { field: 'updatedAt', order: 'DESC' },
    paging: { mode: 'pages' },
    empty: NO_FIXTURE,
  },
  show: {
    tabs: [{ path: '', label: '詳細', view: () => import('./StockableFixtureDetail') }],
  },
  palette: {
    codes: [
      { field: 'yjCode', shape: 'yj', filter: 'yjCode' },
      { field: 'receiptCode', shape: 'receipt', filter: 'receiptCode' },
    ],
    detail: ['yjCode', 'receiptCode'],
  },
  form: {
    fields: ['name', 'unit', 'price', 'yjCode', 'receiptCode', 'genericId', 'generic', 'interimPeriodOn', 'disableStock', 'note'],
    prefillFrom: ['yjCode'],
  },
});
