import PeopleIcon from '@mui/icons-material/People';
import { defineResource } from '../defineResource';
import { USER_SHAPE } from '../../contract/masters/users';
import { auditGroup } from '../auditFields';
import { shapeFields, shapeSort } from '../shapeFields';
import { TEXTS } from '../../i18n/texts';
import { pharmacies } from '../pharmacies';

// No generic form: the create screen (UserCreatePage) is the users' own, with its own rules, so
// the field map's required fields (marked from the shape) check nothing themselves.
const fields = shapeFields(USER_SHAPE, { checks: 'server' });
const ROLE_COLORS = { pharmacy: 'primary', admin: 'default' } as const;

/**
 * Users (ユーザー): pharmacy staff and admin staff, who are also identity-provider users. Created
 * on a screen of its own (two tabs and the one-time initial password); the pharmacies tab lists
 * the user's pharmacies with their permission.
 */
export const users = defineResource({
  name: 'v2/core/users',
  label: USER_SHAPE.label,
  menu: { section: 'pharmacyMasters', order: 2, icon: PeopleIcon },
  recordLabel: USER_SHAPE.label,
  api: USER_SHAPE.api,
  recordRepresentation: 'name',
  capabilities: { create: true },
  fields: {
    ...fields,
    role: { ...fields.role, choices: USER_SHAPE.fields.role.choices.map((choice) => ({ ...choice, color: ROLE_COLORS[choice.value] })) },
    // The user's pharmacy ids as the database and the identity provider (its token's claim) hold
    // them, each pharmacy by name and linked: a difference is what user restore repairs.
    pharmacyIds: { type: 'id', label: '所属薬局', readOnly: true, reference: { resource: pharmacies.name } },
    'appMetadata.pharmacyIds': { type: 'id', label: '認証基盤の所属薬局', readOnly: true, reference: { resource: pharmacies.name } },
  },
  list: {
    columns: ['id', 'name', 'email', 'role', 'updatedAt'],
    actions: ['show'],
    filters: [{ source: 'query', type: 'search', label: '名前・メールアドレスで検索', alwaysOn: true }],
    defaultSort: shapeSort(USER_SHAPE),
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
