import { AdminContext, AdminUI, CustomRoutes, Resource, localStorageStore, type AuthProvider, type DataProvider } from 'react-admin';
import { useMemo, useState } from 'react';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { resources, routeCatalogue } from './resources/registry';
import type { AnyResourceDeclaration } from './resources/types';
import { capabilitiesOf } from './contract/additions';
import { availableResources } from './app/capabilities';
import { DeclarationsProvider } from './resources/schema/shared/DeclarationsContext';
import { resourceRoutes } from './resources/resourceViews';
import { createI18nProvider } from './i18n';
import { createSpecRouterProvider } from './customRoutes/specRouterProvider';
import { appRoutes, noLayoutRoutes } from './customRoutes';
import { AppLayout } from './layout/AppLayout';
import { theme } from './layout/theme';
import { RuntimeProvider, type Runtime } from './app/RuntimeContext';
import { lazyPage } from './app/lazyPage';
import LoginPage from './customRoutes/login/LoginPage';

// In the entry chunk, not lazy: the screen of every signed-out first visit, and 1 KB.
export { LoginPage };
export const HomePage = lazyPage(() => import('./customRoutes/home/HomePage'));
const NotFoundPage = lazyPage(() => import('./customRoutes/notFound/NotFoundPage'));

const i18nProvider = createI18nProvider(resources);
const routerProvider = createSpecRouterProvider(routeCatalogue);

export interface AppProps {
  runtime: Runtime;
  authProvider: AuthProvider;
  dataProvider: DataProvider;
  queryClient: QueryClient;
}

/** react-admin's access-denied screen: the portal's 403 page, at its own URL. */
const AccessDenied = () => <Navigate to="/forbidden" replace />;

/** react-admin's default store (its Admin's): lists keep no state there, the column choices do. */
const store = localStorageStore();

/**
 * react-admin's Admin as its two parts: Admin itself also imports react-admin's English
 * translations as its default i18nProvider, 6 KB of every first visit the portal never uses.
 */
const PortalAdmin = ({ authProvider, dataProvider, queryClient, available }: Omit<AppProps, 'runtime'> & { available: readonly AnyResourceDeclaration[] }) => (
  <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} routerProvider={routerProvider} queryClient={queryClient} store={store} theme={theme}>
    <AdminUI
      title="CS portal"
      layout={AppLayout}
      loginPage={LoginPage}
      dashboard={HomePage}
      catchAll={NotFoundPage}
      accessDenied={AccessDenied}
      requireAuth
      disableTelemetry
    >
      {available.map((resource) => {
        const routes = resourceRoutes(resource);
        return (
          <Resource
            key={resource.name}
            name={resource.name}
            list={routes.list}
            hasCreate={!!routes.create}
            hasEdit={!!routes.edit}
            hasShow={!!routes.show}
            recordRepresentation={resource.recordRepresentation}
          >
            {routes.subRoutes.map(({ path, view: View }) => (
              <Route key={path} path={path} element={<View />} />
            ))}
            {routes.create && <Route path="new/*" element={<routes.create />} />}
            {routes.edit && <Route path=":id/edit/*" element={<routes.edit />} />}
            {routes.show && <Route path=":id/*" element={<routes.show />} />}
          </Resource>
        );
      })}
      <CustomRoutes noLayout>{noLayoutRoutes}</CustomRoutes>
      <CustomRoutes>{appRoutes}</CustomRoutes>
    </AdminUI>
  </AdminContext>
);

/**
 * A data router (history URLs), so react-admin can block navigation away from a form with
 * unsaved changes (`warnWhenUnsavedChanges` is silently off under a plain <BrowserRouter>).
 * Navigations run as plain updates, as react-admin's own router does: in a transition, a screen
 * that suspends keeps the previous one mounted, and react-admin's log-out-on-mount route then
 * navigates to /login over and over.
 */
export const App = ({ runtime, ...providers }: AppProps) => {
  // A master that is an addition beyond spec section 7 exists only where the environment has it.
  const available = useMemo(() => availableResources(resources, capabilitiesOf(runtime.environment)), [runtime.environment]);
  const findAvailable = useMemo(() => (name: string) => available.find((resource) => resource.name === name), [available]);
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <PortalAdmin {...providers} available={available} /> }]));
  return (
    <RuntimeProvider runtime={runtime}>
      <DeclarationsProvider findDeclaration={findAvailable} declarations={available}>
        <RouterProvider router={router} useTransitions={false} />
      </DeclarationsProvider>
    </RuntimeProvider>
  );
};
