import type { ComponentType } from 'react';
import { lazyPage } from '../app/lazyPage';
import type { AnyResourceDeclaration, LazyView } from './types';

/** The generated screens every declaration gets unless it names its own (one shared chunk each). */
const schemaViews = {
  list: () => import('./schema/list/SchemaList'),
  infiniteList: () => import('./schema/list/SchemaInfiniteList'),
  show: () => import('./schema/show/SchemaShow'),
  create: () => import('./schema/form/SchemaCreate'),
  edit: () => import('./schema/form/SchemaEdit'),
} satisfies Record<string, LazyView>;

export interface ResourceRoutes {
  list: ComponentType;
  show?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  /** Declared sub-routes, mounted before `:id` so they are never taken for a record. */
  subRoutes: { path: string; view: ComponentType }[];
}

const cache = new Map<string, ResourceRoutes>();

/** Lists paged by scrolling or by continuation token, rather than by page links. */
const scrolls = (resource: AnyResourceDeclaration) => ['infinite', 'token'].includes(resource.list.paging?.mode ?? 'pages');

/** Lazy components for a declaration's screens, created once so React keeps their state. */
export const resourceRoutes = (resource: AnyResourceDeclaration): ResourceRoutes => {
  const cached = cache.get(resource.name);
  if (cached) return cached;
  const { views = {}, capabilities = {} } = resource;
  const routes: ResourceRoutes = {
    list: lazyPage(views.list ?? (scrolls(resource) ? schemaViews.infiniteList : schemaViews.list)),
    show: views.show || resource.show ? lazyPage(views.show ?? schemaViews.show) : undefined,
    create: views.create || (resource.form && capabilities.create) ? lazyPage(views.create ?? schemaViews.create) : undefined,
    edit: views.edit || (resource.form && capabilities.edit) ? lazyPage(views.edit ?? schemaViews.edit) : undefined,
    subRoutes: (resource.routes ?? []).map((route) => ({ path: route.path, view: lazyPage(route.view) })),
  };
  cache.set(resource.name, routes);
  return routes;
};
