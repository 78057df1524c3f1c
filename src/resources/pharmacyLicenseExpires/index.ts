import EventBusyIcon from '@mui/icons-material/EventBusy';
import { defineResource } from '../defineResource';
import { daysLeft, daysLeftText } from './daysLeft';
import { pharmacies } from '../pharmacies';

/**
 * Licence expiry list (許可証期限一覧, the spec's route table; sidebar and page say the same): each pharmacy's latest licence, soonest expiry
 * (or longest expired) first, with the days left counted from today in Japan.
 */
export const pharmacyLicenseExpires = defineResource({
  name: 'v2/core/pharmacy_license_expires',
  label: '許可証期限',
  menu: { section: 'pharmacyMasters', order: 5, icon: EventBusyIcon },
  recordLabel: '許可証',
  api: '/api/v2/core/admin/licenses/expires',
  capabilities: {},
  fields: {
    id: { type: 'id', label: 'ID' },
    'pharmacy.name': { type: 'text', label: '薬局名' },
    // The pharmacy's name (the answer carries it), linked to the pharmacy.
    pharmacyId: { type: 'id', label: '薬局', reference: { resource: pharmacies.name, nameFrom: 'pharmacy.name' } },
    number: { type: 'text', label: '許可番号' },
    expiresOn: { type: 'date', label: '有効期限', sortable: true },
    daysLeft: { type: 'text', label: '残り日数', derive: (record, now) => daysLeftText(daysLeft(record.expiresOn, now)) },
  },
  list: {
    columns: ['pharmacyId', 'number', 'expiresOn', 'daysLeft'],
    actions: [{ kind: 'link', label: '薬局を表示', to: '/v2/core/pharmacies/{pharmacyId}' }],
    defaultSort: { field: 'expiresOn', order: 'ASC' },
    paging: { mode: 'pages' },
    empty: '許可証が見つかりません',
  },
  views: { list: () => import('./LicenseExpiryList') },
});
