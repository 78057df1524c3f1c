import { defineResource } from '../defineResource';
import { NO_FIXTURE, stockableItemFixtures } from '../stockableItemFixtures';

/**
 * Orderable item fixtures (発注品目補正, spec sections 2, 3 and 5): the staff's corrections of
 * one package, or a package no publisher lists. Edits send only the changed fields (PATCH),
 * numbers as integers and empty strings as null; new ones are prefilled from `?gs1Code=` and
 * `?hotCode=` and go back to the list once created.
 */
export const orderableItemFixtures = defineResource({
  name: 'v2/core/master_sources/orderable_item_fixtures',
  label: '発注品目補正',
  recordLabel: '発注品目補正',
  api: '/api/v2/medorder/admin/orderable_item_fixtures',
  recordRepresentation: 'name',
  capabilities: { create: true, edit: true },
  update: { method: 'PATCH', send: 'changed' },
  fields: {
    id: { type: 'id', label: 'ID', sortable: true, readOnly: true },
    name: { type: 'text', label: '名称', parse: 'emptyToNull' },
    nameAppend: { type: 'text', label: '名称追記', parse: 'emptyToNull' },
    gs1Code: { type: 'text', label: 'GS1コード', parse: 'emptyToNull' },
    janCode: { type: 'text', label: 'JANコード', parse: 'emptyToNull' },
    stockableItemFixtureId: {
      type: 'number',
      label: '在庫品目補正ID',
      parse: 'integer',
      reference: { resource: stockableItemFixtures.name },
    },
    quantity: { type: 'number', label: '数量', parse: 'integer' },
    makerName: { type: 'text', label: '製造会社', parse: 'emptyToNull' },
    sellerName: { type: 'text', label: '販売会社', parse: 'emptyToNull' },
    packetForm: { type: 'text', label: '包装形態', parse: 'emptyToNull' },
    packetVolume: { type: 'number', label: '包装単位数', parse: 'integer' },
    packagePacketCount: { type: 'number', label: '包装数', parse: 'integer' },
    inactiveOn: { type: 'date', label: '販売中止日', parse: 'emptyToNull' },
    hotCode: { type: 'text', label: 'HOTコード', parse: 'emptyToNull' },
    note: { type: 'longText', label: 'メモ', rows: 3, parse: 'emptyToNull' },
    updatedAt: { type: 'datetime', label: '更新日時', sortable: true, readOnly: true },
  },
  list: {
    columns: [
      'id', 'name', 'nameAppend', 'gs1Code', 'janCode', 'stockableItemFixtureId', 'quantity', 'makerName', 'sellerName', 'packetForm', 'packetVolume',
      'packagePacketCount', 'inactiveOn',
    ],
    actions: ['show', 'edit'],
    defaultSort: { field: 'updatedAt', order: 'DESC' },
    paging: { mode: 'pages' },
    empty: NO_FIXTURE,
  },
  show: {
    tabs: [{ path: '', label: '詳細', view: () => import('./OrderableFixtureDetail') }],
  },
  palette: {
    codes: [
      { field: 'gs1Code', shape: 'gs1', filter: 'gs1Code' },
      { field: 'janCode', shape: 'jan', filter: 'janCode' },
      { field: 'hotCode', shape: 'hot9', filter: 'hotCode' },
      { field: 'hotCode', shape: 'hot13', filter: 'hotCode' },
    ],
    detail: ['gs1Code', 'janCode', 'hotCode'],
  },
  form: {
    fields: [
      'name', 'nameAppend', 'gs1Code', 'janCode', 'stockableItemFixtureId', 'quantity', 'makerName', 'sellerName', 'packetForm', 'packetVolume',
      'packagePacketCount', 'inactiveOn', 'hotCode', 'note',
    ],
    prefillFrom: ['gs1Code', 'hotCode'],
    afterCreate: 'list',
  },
});
