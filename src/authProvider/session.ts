/**
 * The password-mode session, one per environment (`cs-portal.auth.production`, `...demo`), so a
 * switch of environment never sends one environment's token to the other.
 */
export interface AuthSession {
  accessToken: string;
  idToken?: string;
  refreshToken?: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export const sessionStorageKey = (environmentKey: string) => `cs-portal.auth.${environmentKey}`;

const isSession = (value: unknown): value is AuthSession =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as AuthSession).accessToken === 'string' &&
  typeof (value as AuthSession).expiresAt === 'number';

export interface SessionStore {
  read: () => AuthSession | undefined;
  write: (session: AuthSession) => void;
  clear: () => void;
}

export const createSessionStore = (storage: Storage, environmentKey: string): SessionStore => {
  const key = sessionStorageKey(environmentKey);
  return {
    read: () => {
      try {
        const value: unknown = JSON.parse(storage.getItem(key) ?? 'null');
        return isSession(value) ? value : undefined;
      } catch {
        return undefined;
      }
    },
    write: (session) => storage.setItem(key, JSON.stringify(session)),
    clear: () => storage.removeItem(key),
  };
};
