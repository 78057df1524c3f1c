import { defineMasterShape } from '../masterShape';

/**
 * Wholesalers (卸), read-only: the shape the SPA's declaration and the reference API's dealers both
 * derive from. Their 都道府県名 is the prefecture's, joined (server/services/core/plainMasters.ts).
 */
export const DEALER_SHAPE = defineMasterShape({
  label: '卸',
  api: '/api/v2/core/master/dealers',
  fields: {
    id: { type: 'id', label: 'ID', sortable: true },
    code: { type: 'text', label: '卸コード', sortable: true },
    name: { type: 'text', label: '卸名', sortable: true },
    prefectureId: { type: 'integer', label: '都道府県ID', sortable: true, filter: { pattern: /^\d{1,2}$/, example: '13' } },
    prefectureName: { type: 'text', label: '都道府県名' },
  },
  defaultSort: 'id',
  // An exact 4-6 digit code is looked up by equality first.
  search: { fields: ['name', 'code'], short: ['name'], codes: [{ field: 'code', pattern: /^\d{4,6}$/ }], label: '卸名で検索' },
  screen: { menu: { section: 'otherMasters', order: 1 } },
});
