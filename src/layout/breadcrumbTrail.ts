import { matchResource, matchSubRoute, specPath, type RouteCatalogue } from '../lib/specPaths';
import type { ResourceDeclaration } from '../resources/types';
import type { RouteLabel } from './menu';
import { listTitleOf } from '../resources/listTitle';
import { HISTORY_TAB } from '../resources/history';

export interface Crumb {
  label?: string;
  /** react-admin-language link target (the router provider translates it). */
  to?: string;
  /** A record whose name is looked up for display. */
  record?: { resource: string; id: string };
}

interface Catalogue {
  routeCatalogue: RouteCatalogue;
  findResource: (name: string) => ResourceDeclaration | undefined;
  /** Custom routes' labels (menu entries plus `extraRouteLabels`); the longest matching path wins. */
  routeLabels: readonly RouteLabel[];
}

const labelFor = (pathname: string, labels: readonly RouteLabel[]): RouteLabel | undefined =>
  labels
    .filter((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))
    .reduce<RouteLabel | undefined>((best, item) => (!best || item.to.length > best.to.length ? item : best), undefined);

/** The breadcrumb trail of a spec URL. Pure, so the rules are unit-tested. */
export const breadcrumbTrail = (pathname: string, catalogue: Catalogue): Crumb[] => {
  const home: Crumb = { label: 'ホーム', to: '/' };
  if (pathname === '/' || pathname === '') return [home];
  const found = matchResource(pathname, catalogue.routeCatalogue);
  const resource = found && catalogue.findResource(found.resource);
  if (!found || !resource) {
    const entry = labelFor(pathname, catalogue.routeLabels);
    return entry ? [home, { label: entry.label, to: entry.to }] : [home, { label: 'ページが見つかりません' }];
  }
  const base = `/${resource.name}`;
  const trail: Crumb[] = [home, { label: listTitleOf(resource), to: base }];
  const [first, second] = found.rest;
  if (first === undefined) return trail;
  // A declared sub-route (search, update, bigqueries/:serviceName) is a fixed point, never a record.
  const subRoute = matchSubRoute(found.rest, found.entry);
  const declared = subRoute && resource.routes?.find((route) => route.path === subRoute);
  if (declared) return [...trail, { label: declared.label }];
  if (first === 'new') return [...trail, { label: '新規作成' }];
  const id = decodeURIComponent(first);
  trail.push({ record: { resource: resource.routeRecordOf ?? resource.name, id }, to: specPath.show(resource.name, id) });
  if (second === 'edit') trail.push({ label: '編集' });
  else if (second) {
    // 変更履歴 is every versioned detail's tab without being declared by each (RecordTabs adds it).
    const tab = [...(resource.show?.tabs ?? []), HISTORY_TAB].find((item) => item.path === second);
    trail.push({ label: tab?.label ?? second });
  }
  return trail;
};
