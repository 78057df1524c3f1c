import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { vi, type Mock } from 'vitest';
import {
  AdminContext,
  ResourceContextProvider,
  TestMemoryRouter,
  memoryStore,
  testDataProvider,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';
import { createQueryClient } from '../../src/app/queryClient';
import { RuntimeProvider, type Runtime } from '../../src/app/RuntimeContext';
import type { EnvironmentConfig } from '../../src/contract/configTypes';
import { CAPABILITIES } from '../../src/contract/additions';
import { portalMethods, type ApiRequest, type ApiResponse, type SendRequest } from '../../src/dataProvider';
import { createI18nProvider } from '../../src/i18n';
import { findResource, resources, routeCatalogue } from '../../src/resources/registry';
import { DeclarationsProvider } from '../../src/resources/schema/shared/DeclarationsContext';
import { createSpecRouterProvider } from '../../src/customRoutes/specRouterProvider';
import { theme } from '../../src/layout/theme';

/** The production environment as config.json would describe it, with absolute hosts for fetch stubs. */
export const testEnvironment: EnvironmentConfig = {
  key: 'production',
  label: '本番環境',
  apiBases: { core: 'https://core.example.test', medorder: 'https://medorder.example.test' },
  legacyBase: 'https://legacy.example.test',
  cableUrl: 'wss://core.example.test/cable',
  auth: { mode: 'password', domain: '', clientId: 'cs-portal', audience: 'https://api.example.test', claimNamespace: 'https://cs-portal.example.test/' },
  orderingAppUrl: 'https://order.example.test',
  sharingAppUrl: 'https://share.example.test',
  pcAppHost: 'https://pc-app.example.test/releases',
  jobQueueLinks: [
    { service: 'core', label: 'Core ジョブキュー', url: 'https://jobs.example.test/core' },
    { service: 'medorder', label: 'Medorder ジョブキュー', url: 'https://jobs.example.test/medorder' },
    { service: 'share', label: 'Share ジョブキュー', url: 'https://jobs.example.test/share' },
  ],
  // As the reference API serves by default; a test of the platform as specified passes [].
  capabilities: [...CAPABILITIES],
};

export const testRuntime = (environment: Partial<EnvironmentConfig> = {}): Runtime => {
  const merged = { ...testEnvironment, ...environment };
  return {
    config: { defaultEnvironment: merged.key, localDevelopment: false, environments: [merged] },
    environment: merged,
    switchEnvironment: vi.fn(),
    refreshToken: vi.fn(async () => {}),
    getToken: vi.fn(async () => 'test-token'),
  };
};

export type SendMock = Mock<(request: ApiRequest) => Promise<ApiResponse<unknown>>>;

/** `send` answering 200 with an empty JSON body unless a test says otherwise. */
export const createSendMock = (): SendMock =>
  vi.fn(async () => ({ status: 200, headers: new Headers(), json: {} }) as ApiResponse<unknown>);

/** react-admin's test data provider plus the portal's named methods over a mocked `send`. */
export const createTestDataProvider = (overrides: Partial<DataProvider> & { send?: SendMock } = {}) => {
  const send = overrides.send ?? createSendMock();
  return { ...portalMethods(send as SendRequest), ...testDataProvider(overrides), send } as DataProvider & { send: SendMock };
};

export interface RenderWithAdminOptions {
  dataProvider?: DataProvider;
  authProvider?: AuthProvider;
  runtime?: Runtime;
  /** Wraps the UI in a ResourceContextProvider, as a `<Resource>` route would. */
  resource?: string;
  initialEntries?: string[];
}

export interface RenderWithAdminResult extends RenderResult {
  dataProvider: DataProvider;
  runtime: Runtime;
}

/** The app's own router provider, so route mapping bugs show up in component tests too. */
const routerProvider = createSpecRouterProvider(routeCatalogue);

/**
 * The app's query client (a list row never stands in for a record), except that failed queries
 * fail at once (retries take seconds) and answers are stale at once unless a test says otherwise.
 */
export const testQueryClient = () => createQueryClient({ queries: { retry: false, gcTime: Infinity, staleTime: 0 }, mutations: { retry: false } });

/**
 * Renders UI the way the app does: react-admin's context (Japanese i18n from the declarations,
 * an in-memory store, the app theme), a memory router, the portal's runtime and its declarations.
 */
export const renderWithAdmin = (ui: ReactElement, options: RenderWithAdminOptions = {}): RenderWithAdminResult => {
  const dataProvider = options.dataProvider ?? createTestDataProvider();
  const runtime = options.runtime ?? testRuntime();
  const i18nProvider = createI18nProvider(resources);
  const store = memoryStore();
  const queryClient = testQueryClient();
  const wrap = (children: ReactNode) => (
    <RuntimeProvider runtime={runtime}>
      <DeclarationsProvider findDeclaration={findResource} declarations={resources}>
        <TestMemoryRouter initialEntries={options.initialEntries ?? ['/']}>
          <AdminContext
            dataProvider={dataProvider}
            authProvider={options.authProvider}
            i18nProvider={i18nProvider}
            store={store}
            queryClient={queryClient}
            theme={theme}
            routerProvider={routerProvider}
          >
            {options.resource ? <ResourceContextProvider value={options.resource}>{children}</ResourceContextProvider> : children}
          </AdminContext>
        </TestMemoryRouter>
      </DeclarationsProvider>
    </RuntimeProvider>
  );
  const result = render(wrap(ui));
  return { ...result, rerender: (next: ReactNode) => result.rerender(wrap(next)), dataProvider, runtime };
};

/** A signed-in admin (管理 花子) whose every auth check passes; `identity` overrides who. */
export const adminAuthProvider = (identity: Record<string, unknown> = { id: 'auth0|staff', fullName: '管理 花子' }): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ isAdmin: true }),
  getIdentity: async () => identity as { id: string },
});
