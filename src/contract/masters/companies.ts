import { AUDIT_SHAPE_FIELDS, defineMasterShape } from '../masterShape';

/**
 * Pharmacy companies (薬局会社): the shape the SPA's declaration and the reference API's companies
 * feature both derive from. Membership (a company's pharmacies) is the feature's own code.
 */
export const COMPANY_SHAPE = defineMasterShape({
  label: '薬局会社',
  api: '/api/v2/core/admin/companies',
  fields: {
    id: { type: 'id', label: 'ID', sortable: true },
    name: {
      type: 'text',
      label: '会社名',
      sortable: true,
      write: { required: true, maxLength: 100, unique: { message: 'その名前の会社はすでに登録されています。' }, example: '株式会社さくらメディカル' },
    },
    // A free note, kept as typed (line breaks, spaces and all); null clears it.
    note: { type: 'longText', label: '備考', nullable: true, write: { maxLength: 2000, verbatim: true } },
    pharmaciesCount: { type: 'integer', label: '薬局数', sortable: true },
    ...AUDIT_SHAPE_FIELDS,
    createdAt: { ...AUDIT_SHAPE_FIELDS.createdAt, sortable: true },
  },
  defaultSort: '-updatedAt',
  searchable: true,
});
