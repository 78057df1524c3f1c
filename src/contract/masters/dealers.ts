import { defineMasterShape } from '../masterShape';

/** Wholesalers (卸): the shape the SPA's declaration and the reference API's dealers feature both derive from. */
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
  searchable: true,
});
