import type { ComponentType } from 'react';
import ForumIcon from '@mui/icons-material/Forum';
import LocalPharmacyIcon from '@mui/icons-material/LocalPharmacy';
import PeopleIcon from '@mui/icons-material/People';
import BusinessIcon from '@mui/icons-material/Business';
import HubIcon from '@mui/icons-material/Hub';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import MedicationIcon from '@mui/icons-material/Medication';
import StorageIcon from '@mui/icons-material/Storage';
import DescriptionIcon from '@mui/icons-material/Description';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import CloudSyncIcon from '@mui/icons-material/CloudSync';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import KeyIcon from '@mui/icons-material/Key';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import CategoryIcon from '@mui/icons-material/Category';
import CodeIcon from '@mui/icons-material/Code';

export interface MenuEntry {
  label: string;
  to: string;
  icon: ComponentType;
}

export interface MenuSection {
  /** Heading (or dropdown label); a section without one lists its entries on their own. */
  label?: string;
  /** Dropdowns fold; other sections are always open. */
  dropdown?: boolean;
  icon?: ComponentType;
  entries: MenuEntry[];
}

/** The sidebar of spec section 2, in order. Screens that come in later issues show 404 until then. */
export const menuSections: MenuSection[] = [
  { label: 'Core V2', entries: [{ label: '問い合わせ一覧', to: '/v2/core/inquiries', icon: ForumIcon }] },
  {
    label: '薬局マスタ',
    dropdown: true,
    icon: LocalPharmacyIcon,
    entries: [
      { label: '薬局一覧', to: '/v2/core/pharmacies', icon: LocalPharmacyIcon },
      { label: 'ユーザー一覧', to: '/v2/core/users', icon: PeopleIcon },
      { label: '薬局会社一覧', to: '/v2/core/companies', icon: BusinessIcon },
      { label: '近隣グループ一覧', to: '/v2/core/groups', icon: HubIcon },
      { label: '許可証期限一覧', to: '/v2/core/pharmacy_license_expires', icon: EventBusyIcon },
    ],
  },
  {
    label: 'その他マスタ',
    dropdown: true,
    icon: CategoryIcon,
    entries: [
      { label: '卸一覧', to: '/v2/core/dealers', icon: LocalShippingIcon },
      { label: '医療用医薬品一覧', to: '/v2/core/ethical_medicines', icon: MedicationIcon },
      { label: '外部マスタデータ', to: '/v2/core/master_sources', icon: StorageIcon },
    ],
  },
  {
    entries: [
      { label: 'NSIPS一覧', to: '/v2/core/nsipses', icon: DescriptionIcon },
      { label: 'マニュアル一覧', to: '/v2/core/manuals', icon: MenuBookIcon },
      { label: 'バッチコピー管理', to: '/v2/core/embulk_manager', icon: CloudSyncIcon },
    ],
  },
  {
    label: '開発者',
    icon: CodeIcon,
    entries: [
      { label: 'プロフィール', to: '/develop/profile', icon: AccountCircleIcon },
      { label: 'JWT', to: '/develop/jwt', icon: KeyIcon },
      { label: '在庫数比較', to: '/v1/medorder/stocks/diff', icon: CompareArrowsIcon },
    ],
  },
];

/** The entry of the screen at `pathname` (its list, or any record below it). Home matches only `/`. */
export const isCurrentEntry = (pathname: string, to: string): boolean =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);

/** Every menu entry, for breadcrumbs of custom routes. */
export const menuEntries = menuSections.flatMap((section) => section.entries);

/** A custom route's breadcrumb label. */
export type RouteLabel = Pick<MenuEntry, 'label' | 'to'>;

/** Custom routes the sidebar does not list, named for the breadcrumbs. */
export const extraRouteLabels: RouteLabel[] = [
  { label: '開発者メニュー', to: '/develop' },
  { label: 'ユーザー復元', to: '/develop/user-restore' },
  { label: '在庫修正', to: '/v1/medorder/stocks/fix' },
];

/** Breadcrumb labels of every custom route: the menu entries, then the extra ones. */
export const routeLabels: RouteLabel[] = [...menuEntries, ...extraRouteLabels];

