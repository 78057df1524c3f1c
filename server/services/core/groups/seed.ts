import type { DB } from '../../../db/open';
import { seedStream } from '../../../db/prng';
import { restampTable } from '../../../db/versions';
import { SEED_IDENTITY_USERS } from '../../../identity/users';
import { PREFECTURES } from '../prefectures';
import type { SeedScale } from '../../../db/seedCatalogue';
import { placeName, SEED_BASE_DATE } from '../seed';

/** Neighbour groups: pharmacies near one station or in one district that work together. */
const GROUP_SUFFIXES = ['駅前薬局グループ', '地区薬局会', '近隣薬局グループ', '薬局連絡会', '在宅医療連携グループ', '駅周辺薬局グループ'];

export const GROUP_COUNTS: Record<SeedScale, number> = { small: 12, large: 900 };

const STAFF = SEED_IDENTITY_USERS.filter((u) => u.role === 'admin').map((u) => u.name);
const ONE_YEAR = 365 * 86400_000;

/** Groups named after a city or ward (e.g. 渋谷駅前薬局グループ), each with 3-15 of its pharmacies. */
export function seedGroups(db: DB, seed: number, scale: SeedScale): void {
  const rng = seedStream(seed, 'groups');
  const byCity = new Map<string, number[]>();
  for (const row of db.prepare('SELECT id, address2 FROM pharmacies ORDER BY id').iterate() as IterableIterator<{ id: number; address2: string }>) {
    const ids = byCity.get(row.address2);
    if (ids) ids.push(row.id);
    else byCity.set(row.address2, [row.id]);
  }
  const candidates: { name: string; city: string }[] = [];
  for (const pref of PREFECTURES) {
    for (const city of pref.cities) {
      if (!byCity.has(city)) continue;
      for (const suffix of GROUP_SUFFIXES) candidates.push({ name: `${placeName(city)}${suffix}`, city });
    }
  }
  rng.shuffle(candidates);
  const insertGroup = db.prepare(
    'INSERT INTO groups (name, created_at, updated_at, created_by, updated_by) VALUES (@name, @created_at, @updated_at, @created_by, @updated_by)',
  );
  const insertMember = db.prepare('INSERT OR IGNORE INTO group_pharmacies (group_id, pharmacy_id, created_at) VALUES (@group_id, @pharmacy_id, @created_at)');
  const seen = new Set<string>();
  for (const { name, city } of candidates) {
    if (seen.size >= GROUP_COUNTS[scale]) break;
    if (seen.has(name)) continue;
    seen.add(name);
    const created = SEED_BASE_DATE - rng.int(30, 2 * 365) * 86400_000;
    const updated = created + Math.floor(rng.next() * Math.min(ONE_YEAR, SEED_BASE_DATE - created));
    const at = new Date(created).toISOString();
    const groupId = Number(insertGroup.run({ name, created_at: at, updated_at: new Date(updated).toISOString(), created_by: rng.pick(STAFF), updated_by: rng.pick(STAFF) }).lastInsertRowid);
    const members = rng.shuffle([...byCity.get(city)!]).slice(0, rng.int(3, 15));
    for (const pharmacyId of members) insertMember.run({ group_id: groupId, pharmacy_id: pharmacyId, created_at: at });
  }
  restampTable(db, 'groups', 'updated_at', new Date(SEED_BASE_DATE).toISOString());
  restampTable(db, 'group_pharmacies', 'created_at', new Date(SEED_BASE_DATE).toISOString());
}
