import { createContext, useContext, type ReactNode } from 'react';
import type { EnvironmentConfig, RuntimeConfig } from '../contract/configTypes';

/** What the shell learned at start-up: the runtime config and the environment in use. */
export interface Runtime {
  config: RuntimeConfig;
  environment: EnvironmentConfig;
  /** Signs out, stores the other environment and reloads at /login. */
  switchEnvironment: (key: string) => void;
  /** Forces a new access token (the JWT screen's refresh button). */
  refreshToken: () => Promise<void>;
  /** The current access token, renewed when near expiry. */
  getToken: () => Promise<string | undefined>;
}

const RuntimeContext = createContext<Runtime | undefined>(undefined);

export const RuntimeProvider = ({ runtime, children }: { runtime: Runtime; children: ReactNode }) => (
  <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>
);

export const useRuntime = (): Runtime => {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('RuntimeProvider is missing');
  return runtime;
};
