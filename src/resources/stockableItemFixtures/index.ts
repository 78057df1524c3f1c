import { defineResource } from '../defineResource';
import { STOCKABLE_FIXTURE_SHAPE } from '../../contract/masters/itemFixtures';
import { shapeSort } from '../shapeFields';
import { fixtureDeclarationHead, fixtureFields } from '../itemFixtureFields';

export const NO_FIXTURE = '登録はありません';

const shape = fixtureFields(STOCKABLE_FIXTURE_SHAPE);

/**
 * Stockable item fixtures (在庫品目補正, spec sections 2, 3 and 5): the staff's corrections of
 * one YJ code's stockable item, merged over the published masters by the import diff. Edits send
 * only the changed fields (PATCH); price and genericId as integers; the note only when non-empty;
 * generic and disableStock may be unset (null).
 */
export const stockableItemFixtures = defineResource({
  name: 'v2/core/master_sources/stockable_item_fixtures',
  ...fixtureDeclarationHead(STOCKABLE_FIXTURE_SHAPE),
  // The note is sent only when non-empty.
  fields: { ...shape, note: { ...shape.note, parse: 'omitEmpty' } },
  list: {
    columns: ['id', 'name', 'unit', 'price', 'yjCode', 'receiptCode', 'generic', 'disableStock', 'note', 'updatedAt'],
    actions: ['show', 'edit'],
    defaultSort: shapeSort(STOCKABLE_FIXTURE_SHAPE),
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
