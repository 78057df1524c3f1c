import PeopleIcon from '@mui/icons-material/People';
import { defineResource } from '../defineResource';
import { auditFields, auditGroup } from '../auditFields';
import { TEXTS } from '../../i18n/texts';
import { pharmacies } from '../pharmacies';
import { ROLE_LABELS } from './roles';

/**
 * Users (ユーザー): pharmacy staff and admin staff, who are also identity-provider users. Created
 * on a screen of its own (two tabs and the one-time initial password); the pharmacies tab lists
 * the user's pharmacies with their permission.
 */
export const users = defineResource({
  name: 'v2/core/users',
  label: 'ユーザー',
  menu: { section: 'pharmacyMasters', order: 2, icon: PeopleIcon },
  recordLabel: 'ユーザー',
  api: '/api/v2/core/admin/users',
  recordRepresentation: 'name',
  capabilities: { create: true },
  fields: {
    id: { type: 'id', label: 'ID', sortable: true },
    name: { type: 'text', label: '名前', sortable: true },
    email: { type: 'email', label: 'メールアドレス', sortable: true },
    role: {
      type: 'choice',
      label: 'ユーザ種別',
      choices: [
        { value: 'pharmacy', label: ROLE_LABELS.pharmacy, color: 'primary' },
        { value: 'admin', label: ROLE_LABELS.admin, color: 'default' },
      ],
    },
    auth0UserId: { type: 'text', label: '認証基盤ユーザID' },
    // The user's pharmacy ids as the database and the identity provider (its token's claim) hold
    // them, each pharmacy by name and linked: a difference is what user restore repairs.
    pharmacyIds: { type: 'id', label: '所属薬局', readOnly: true, reference: { resource: pharmacies.name } },
    'appMetadata.pharmacyIds': { type: 'id', label: '認証基盤の所属薬局', readOnly: true, reference: { resource: pharmacies.name } },
    ...auditFields,
  },
  list: {
    columns: ['id', 'name', 'email', 'role', 'updatedAt'],
    actions: ['show'],
    filters: [{ source: 'query', type: 'search', label: '名前・メールアドレスで検索', alwaysOn: true }],
    defaultSort: { field: 'updatedAt', order: 'DESC' },
    paging: { mode: 'pages' },
    empty: TEXTS.noUsers,
  },
  show: {
    tabs: [
      { path: '', label: '詳細', groups: [{ label: '基本情報', fields: ['id', 'name', 'email', 'role', 'auth0UserId', 'pharmacyIds', 'appMetadata.pharmacyIds'] }, auditGroup] },
      { path: 'pharmacies', label: '薬局', view: () => import('./UserPharmaciesTab') },
    ],
  },
  palette: { codes: [{ field: 'id', shape: 'id', filter: 'ids' }], detail: ['email'] },
  views: { create: () => import('./UserCreatePage') },
});
