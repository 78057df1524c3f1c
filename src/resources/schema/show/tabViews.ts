import type { DetailTabDeclaration, LazyView } from '../../types';

/** The built-in tab kinds are lazy views like any custom tab, so route preloading reaches them too. */
const MEMBERSHIP_TAB: LazyView = () => import('./PharmacyMembershipTab');
const RELATED_TAB: LazyView = () => import('./RelatedList');

/** The chunk a detail tab renders: its own view, a built-in kind's, or none (the tab lists fields). */
export const tabLoader = (tab: DetailTabDeclaration): LazyView | undefined =>
  tab.view ?? (tab.membership ? MEMBERSHIP_TAB : tab.related ? RELATED_TAB : undefined);
