import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { App } from './App';
import { loadRuntimeConfig } from './config/runtimeConfig';
import { selectEnvironment, switchEnvironmentAndSignOut } from './config/environment';
import { createAuthProvider } from './authProvider';
import { createApiClient, createDataProvider } from './dataProvider';
import { resources } from './resources/registry';
import { StartupError } from './app/StartupError';

const root = createRoot(document.getElementById('root')!);

/**
 * Start-up: read /config.json (one build serves every deployment), pick the environment the
 * user chose last, and build the providers for it.
 */
const start = async () => {
  const config = await loadRuntimeConfig();
  const environment = selectEnvironment(config);
  const authProvider = createAuthProvider({ environment });
  const queryClient = new QueryClient();
  const client = createApiClient({
    environment,
    getToken: authProvider.getToken,
    // The server says what we cached is stale (x-store-cache-control: clear).
    onCacheClear: () => void queryClient.invalidateQueries(),
  });
  const dataProvider = createDataProvider({ client, resources });
  authProvider.startSilentRenewal();

  const runtime = {
    config,
    environment,
    switchEnvironment: (key: string) => void switchEnvironmentAndSignOut(key, authProvider),
    refreshToken: async () => {
      await authProvider.forceRefresh();
    },
    getToken: authProvider.getToken,
  };

  root.render(
    <StrictMode>
      <App runtime={runtime} authProvider={authProvider} dataProvider={dataProvider} queryClient={queryClient} />
    </StrictMode>,
  );
};

start().catch((error: unknown) => root.render(<StartupError error={error} />));
