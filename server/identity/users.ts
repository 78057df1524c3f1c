import { createHash } from 'node:crypto';

export interface SeedIdentityUser {
  email: string;
  password: string;
  name: string;
  role: 'admin' | 'pharmacy';
  /** Pharmacy ids for pharmacy users (the same id exists in both environments). */
  pharmacyIds: number[];
}

/** Pharmacy staff of a few seeded pharmacies (ids exist at every seed scale), for the users screens. */
const PHARMACY_STAFF: [name: string, email: string, pharmacyIds: number[]][] = [
  ['山本 和樹', 'yamamoto.kazuki', [2]],
  ['中村 彩', 'nakamura.aya', [2, 3]],
  ['小林 翔太', 'kobayashi.shota', [3]],
  ['加藤 真由美', 'kato.mayumi', [5]],
  ['吉田 大輔', 'yoshida.daisuke', [5, 8, 13]],
  ['山田 陽子', 'yamada.yoko', [8]],
  ['佐々木 拓也', 'sasaki.takuya', [21]],
  ['松本 舞', 'matsumoto.mai', [34]],
  ['井上 健一', 'inoue.kenichi', [55, 89]],
  ['木村 さくら', 'kimura.sakura', [144]],
  ['林 直樹', 'hayashi.naoki', [233]],
  ['清水 優子', 'shimizu.yuko', [1]],
];

/**
 * The demo accounts (printed on start), a few staff admins and the pharmacy staff. Passwords are
 * hashed once per distinct password when seeding, so the staff cost one scrypt run, not twelve.
 */
export const SEED_IDENTITY_USERS: SeedIdentityUser[] = [
  { email: 'admin@example.com', password: 'Admin1234', name: '管理 花子', role: 'admin', pharmacyIds: [] },
  { email: 'pharmacy@example.com', password: 'Pharmacy1234', name: '薬局 一郎', role: 'pharmacy', pharmacyIds: [1] },
  { email: 'sato.misaki@example.com', password: 'Staff1234', name: '佐藤 美咲', role: 'admin', pharmacyIds: [] },
  { email: 'suzuki.kenta@example.com', password: 'Staff1234', name: '鈴木 健太', role: 'admin', pharmacyIds: [] },
  { email: 'takahashi.yumi@example.com', password: 'Staff1234', name: '高橋 由美', role: 'admin', pharmacyIds: [] },
  ...PHARMACY_STAFF.map(([name, local, pharmacyIds]): SeedIdentityUser => ({
    email: `${local}@pharmacy.example.jp`, password: 'Pharmacy1234', name, role: 'pharmacy', pharmacyIds,
  })),
];

/** Auth0-like 24-hex user id, derived from the e-mail so every data dir agrees. */
export function identityUserId(email: string): string {
  return createHash('sha256').update(`cs-portal-user:${email}`).digest('hex').slice(0, 24);
}

export const auth0Sub = (id: string) => `auth0|${id}`;
