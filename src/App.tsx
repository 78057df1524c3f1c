import { Admin, CustomRoutes, Resource, type AuthProvider, type DataProvider } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { resources, routeCatalogue } from './resources/registry';
import { resourceRoutes } from './resources/resourceViews';
import { createI18nProvider } from './i18n';
import { createSpecRouterProvider } from './customRoutes/specRouterProvider';
import { appRoutes, noLayoutRoutes } from './customRoutes';
import { AppLayout } from './layout/AppLayout';
import { theme } from './layout/theme';
import { RuntimeProvider, type Runtime } from './app/RuntimeContext';
import { lazyPage } from './app/lazyPage';

export const LoginPage = lazyPage(() => import('./customRoutes/login/LoginPage'));
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

export const App = ({ runtime, authProvider, dataProvider, queryClient }: AppProps) => (
  <RuntimeProvider runtime={runtime}>
    {/* Navigations as plain updates, as react-admin's own router does: in a transition, a screen
        that suspends keeps the previous one mounted, and react-admin's log-out-on-mount route
        then navigates to /login over and over. */}
    <BrowserRouter useTransitions={false}>
      <Admin
        title="CS portal"
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        routerProvider={routerProvider}
        queryClient={queryClient}
        layout={AppLayout}
        loginPage={LoginPage}
        dashboard={HomePage}
        catchAll={NotFoundPage}
        theme={theme}
        requireAuth
        disableTelemetry
      >
        {resources.map((resource) => {
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
      </Admin>
    </BrowserRouter>
  </RuntimeProvider>
);
