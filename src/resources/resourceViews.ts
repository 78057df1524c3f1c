import type { ComponentType } from 'react';
import { lazyPage } from '../app/lazyPage';
import type { LazyView, ResourceDeclaration } from './types';

/** The generated screens every declaration gets unless it names its own (one shared chunk each). */
const schemaViews = {
  list: () => import('./schema/SchemaList'),
  show: () => import('./schema/SchemaShow'),
  create: () => import('./schema/SchemaCreate'),
  edit: () => import('./schema/SchemaEdit'),
} satisfies Record<string, LazyView>;

export interface ResourceRoutes {
  list: ComponentType;
  show?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
}

const cache = new Map<string, ResourceRoutes>();

/** Lazy components for a declaration's screens, created once so React keeps their state. */
export const resourceRoutes = (resource: ResourceDeclaration): ResourceRoutes => {
  const cached = cache.get(resource.name);
  if (cached) return cached;
  const { views = {} } = resource;
  const routes: ResourceRoutes = {
    list: lazyPage(views.list ?? schemaViews.list),
    show: views.show || resource.show ? lazyPage(views.show ?? schemaViews.show) : undefined,
    create: views.create || (resource.form && resource.capabilities?.create) ? lazyPage(views.create ?? schemaViews.create) : undefined,
    edit: views.edit || resource.form ? lazyPage(views.edit ?? schemaViews.edit) : undefined,
  };
  cache.set(resource.name, routes);
  return routes;
};
