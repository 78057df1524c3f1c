import { AUDIT_SHAPE_FIELDS, defineMasterShape } from '../masterShape';

/**
 * Neighbour groups (近隣グループ): the shape the SPA's declaration and the reference API's groups
 * feature both derive from. Membership (a group's pharmacies, one joining or leaving at a time)
 * and the list's candidate filter for a pharmacy are the feature's own code.
 */
export const GROUP_SHAPE = defineMasterShape({
  label: '近隣グループ',
  api: '/api/v2/core/admin/groups',
  fields: {
    id: { type: 'id', label: 'ID', sortable: true },
    name: {
      type: 'text',
      label: 'グループ名',
      sortable: true,
      write: { required: true, maxLength: 100, unique: { message: 'その名前の近隣グループはすでに登録されています。' }, example: '渋谷駅前薬局グループ' },
    },
    pharmaciesCount: { type: 'integer', label: '薬局数', sortable: true },
    ...AUDIT_SHAPE_FIELDS,
  },
  defaultSort: '-updatedAt',
  searchable: true,
});
