import { join } from 'node:path';

export const accounts = {
  admin: { email: 'admin@example.com', password: 'Admin1234' },
  pharmacy: { email: 'pharmacy@example.com', password: 'Pharmacy1234' },
  /** A seeded staff admin that only develop.spec.ts signs in as (it changes the password). */
  staff: { email: 'takahashi.yumi@example.com', password: 'Staff1234' },
} as const;

export type AccountName = keyof typeof accounts;

/**
 * Where globalSetup keeps each account's signed-in browser state (the session in localStorage),
 * so a test starts signed in instead of going through the login card.
 */
export const storageStatePath = (account: AccountName) => join('test-results', '.auth', `${account}.json`);
