import type { ComponentType } from 'react';
import ForumIcon from '@mui/icons-material/Forum';
import LocalPharmacyIcon from '@mui/icons-material/LocalPharmacy';
import StorageIcon from '@mui/icons-material/Storage';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import KeyIcon from '@mui/icons-material/Key';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import CategoryIcon from '@mui/icons-material/Category';
import CodeIcon from '@mui/icons-material/Code';
import { resources } from '../resources/registry';
import { listTitleOf } from '../resources/listTitle';
import type { MenuPlacement, MenuSectionId } from '../resources/types';
import type { Capability } from '../contract/additions';
import { isAvailable } from '../app/capabilities';

export interface MenuEntry {
  label: string;
  to: string;
  icon: ComponentType;
  /** The addition beyond spec section 7 its screen is: listed only where the environment has it. */
  requires?: Capability;
  /** A count the entry carries as a badge (and in its accessible name): the unread inquiry messages. */
  badge?: 'inquiryUnread';
}

export interface MenuSection {
  /** Heading (or dropdown label); a section without one lists its entries on their own. */
  label?: string;
  /** Dropdowns fold; other sections are always open. */
  dropdown?: boolean;
  icon?: ComponentType;
  entries: MenuEntry[];
}

/** The sidebar's sections of spec section 2, in order; their entries are placed by `MenuPlacement`. */
const SECTIONS: readonly (Omit<MenuSection, 'entries'> & { id: MenuSectionId })[] = [
  { id: 'core', label: 'Core V2' },
  { id: 'pharmacyMasters', label: '薬局マスタ', dropdown: true, icon: LocalPharmacyIcon },
  { id: 'otherMasters', label: 'その他マスタ', dropdown: true, icon: CategoryIcon },
  { id: 'operations' },
  { id: 'developer', label: '開発者', icon: CodeIcon },
];

type PlacedEntry = MenuEntry & Pick<MenuPlacement, 'section' | 'order'>;

/** Screens that are not masters (src/customRoutes), placed as a declaration places its list. */
const CUSTOM_ENTRIES: readonly PlacedEntry[] = [
  { section: 'core', order: 1, label: '問い合わせ一覧', to: '/v2/core/inquiries', icon: ForumIcon, badge: 'inquiryUnread' },
  { section: 'otherMasters', order: 3, label: '外部マスタデータ', to: '/v2/core/master_sources', icon: StorageIcon },
  { section: 'developer', order: 1, label: 'プロフィール', to: '/develop/profile', icon: AccountCircleIcon },
  { section: 'developer', order: 2, label: 'JWT', to: '/develop/jwt', icon: KeyIcon },
  { section: 'developer', order: 3, label: '在庫数比較', to: '/v1/medorder/stocks/diff', icon: CompareArrowsIcon },
];

/** Each master with a `menu` placement: its list, named as the list names itself. */
const masterEntries: PlacedEntry[] = resources.flatMap(({ menu, ...resource }) =>
  menu ? [{ section: menu.section, order: menu.order, label: listTitleOf(resource), to: `/${resource.name}`, icon: menu.icon, requires: resource.requires }] : [],
);

/** The sidebar of spec section 2, in order. Screens that come in later issues show 404 until then. */
export const menuSections: MenuSection[] = SECTIONS.map(({ id, ...section }) => ({
  ...section,
  entries: [...masterEntries, ...CUSTOM_ENTRIES]
    .filter((entry) => entry.section === id)
    .sort((a, b) => a.order - b.order)
    .map(({ label, to, icon, requires, badge }) => ({ label, to, icon, requires, badge })),
}));

/** The sidebar of an environment: without an addition, its screen's entry is not there. */
export const menuSectionsFor = (capabilities: ReadonlySet<Capability>): MenuSection[] =>
  menuSections
    .map((section) => ({ ...section, entries: section.entries.filter((entry) => isAvailable(capabilities, entry.requires)) }))
    .filter((section) => section.entries.length > 0);

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

