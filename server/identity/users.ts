import { createHash } from 'node:crypto';

export interface SeedIdentityUser {
  email: string;
  password: string;
  name: string;
  role: 'admin' | 'pharmacy';
  /** Pharmacy ids for pharmacy users (the same id exists in both environments). */
  pharmacyIds: number[];
}

/** The demo accounts (printed on start) plus a few staff admins. Kept small: each needs a scrypt hash. */
export const SEED_IDENTITY_USERS: SeedIdentityUser[] = [
  { email: 'admin@example.com', password: 'Admin1234', name: '管理 花子', role: 'admin', pharmacyIds: [] },
  { email: 'pharmacy@example.com', password: 'Pharmacy1234', name: '薬局 一郎', role: 'pharmacy', pharmacyIds: [1] },
  { email: 'sato.misaki@example.com', password: 'Staff1234', name: '佐藤 美咲', role: 'admin', pharmacyIds: [] },
  { email: 'suzuki.kenta@example.com', password: 'Staff1234', name: '鈴木 健太', role: 'admin', pharmacyIds: [] },
  { email: 'takahashi.yumi@example.com', password: 'Staff1234', name: '高橋 由美', role: 'admin', pharmacyIds: [] },
];

/** Auth0-like 24-hex user id, derived from the e-mail so every data dir agrees. */
export function identityUserId(email: string): string {
  return createHash('sha256').update(`cs-portal-user:${email}`).digest('hex').slice(0, 24);
}

export const auth0Sub = (id: string) => `auth0|${id}`;
