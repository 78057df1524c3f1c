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

/**
 * Why a company cannot be deleted now, or undefined when it can (the `companyDelete` addition):
 * one that still has pharmacies keeps them, since deleting it would silently clear their 会社.
 * The API's 422 and the SPA's disabled 削除 say the same sentence.
 */
export const companyDeleteRefusal = (pharmacies: number): string | undefined =>
  pharmacies > 0 ? `所属している薬局が${pharmacies.toLocaleString('ja-JP')}件あるため削除できません。先に薬局一覧タブで薬局を会社から外してください。` : undefined;
