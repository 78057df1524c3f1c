import { defineResource } from '../defineResource';
import { ORDERABLE_FIXTURE_SHAPE } from '../../contract/masters/itemFixtures';
import { shapeSort } from '../shapeFields';
import { fixtureDeclarationHead, fixtureFields } from '../itemFixtureFields';
import { NO_FIXTURE, stockableItemFixtures } from '../stockableItemFixtures';

const shape = fixtureFields(ORDERABLE_FIXTURE_SHAPE);

/**
 * Orderable item fixtures (発注品目補正, spec sections 2, 3 and 5): the staff's corrections of
 * one package, or a package no publisher lists. Edits send only the changed fields (PATCH),
 * numbers as integers and empty strings as null; new ones are prefilled from `?gs1Code=` and
 * `?hotCode=` and go back to the list once created.
 */
export const orderableItemFixtures = defineResource({
  name: 'v2/core/master_sources/orderable_item_fixtures',
  ...fixtureDeclarationHead(ORDERABLE_FIXTURE_SHAPE),
  fields: { ...shape, stockableItemFixtureId: { ...shape.stockableItemFixtureId, reference: { resource: stockableItemFixtures.name } } },
  list: {
    columns: [
      'id', 'name', 'nameAppend', 'gs1Code', 'janCode', 'stockableItemFixtureId', 'quantity', 'makerName', 'sellerName', 'packetForm', 'packetVolume',
      'packagePacketCount', 'inactiveOn',
    ],
    actions: ['show', 'edit'],
    defaultSort: shapeSort(ORDERABLE_FIXTURE_SHAPE),
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
