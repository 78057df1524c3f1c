import type { DB } from '../../../db/open';
import type { Prng } from '../../../db/prng';
import { PREFECTURES } from '../prefectures';
import { DEALER_REGIONS, DEALER_WORDS, WHOLESALERS, type WholesalerSeed } from '../seedData';

/** Branch label of a prefecture: its first city without 市/区 (東京都 and 大阪府 by name). */
function branchPlace(prefId: number): string {
  if (prefId === 13) return '東京';
  const city = PREFECTURES[prefId - 1].cities[0];
  return city.includes('市') ? city.slice(0, city.indexOf('市')) : city.replace(/区$/, '');
}

/** ~96 wholesaler companies with branch-level rows per prefecture (~250 rows; the big four in 26-32 prefectures each). */
export function seedDealers(db: DB, rng: Prng): void {
  const companies: WholesalerSeed[] = WHOLESALERS.map((w) => ({ ...w }));
  const regional: string[] = [];
  for (const r of DEALER_REGIONS) for (const w of DEALER_WORDS) regional.push(r + w);
  rng.shuffle(regional);
  for (const base of regional.slice(0, 96 - companies.length)) {
    const home = rng.int(1, 47);
    const prefs = [home];
    if (rng.chance(0.45) && home < 47) prefs.push(home + 1);
    companies.push({ name: rng.chance(0.7) ? `株式会社${base}` : `${base}株式会社`, prefectures: prefs });
  }
  const insert = db.prepare('INSERT INTO dealers (code, name, prefecture_id) VALUES (@code, @name, @prefecture_id)');
  let code = 10000;
  for (const company of companies) {
    const prefs =
      company.prefectures === 'many'
        ? rng.shuffle(PREFECTURES.map((p) => p.id)).slice(0, rng.int(26, 32)).sort((a, b) => a - b)
        : company.prefectures;
    for (const prefId of prefs) {
      code += rng.int(1, 40);
      const name = prefs.length > 1 ? `${company.name} ${branchPlace(prefId)}支店` : company.name;
      insert.run({ code: String(code), name, prefecture_id: prefId });
    }
  }
}
