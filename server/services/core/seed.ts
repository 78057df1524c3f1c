import type { DB } from '../../db/open';
import { seedStream, type Prng } from '../../db/prng';
import { restampTable } from '../../db/versions';
import { IDENTITY_SEED_DATE } from '../../identity/db';
import { SEED_IDENTITY_USERS, auth0Sub, identityUserId } from '../../identity/users';
import { buildMicode } from './pharmacies/micode';
import { PREFECTURES, type Prefecture } from './prefectures';
import { seedDealers } from './dealers/seed';
import { SEED_SIZES, type SeedScale } from '../../db/seedCatalogue';
import {
  BRANCH_SUFFIXES, BUILDINGS, COMPANY_FORMS, COMPANY_NOTES, COMPANY_PREFIXES, COMPANY_WORDS, PHARMACY_BRANDS, TOWNS,
} from './seedData';

/** Seeds are relative to this fixed date so every run produces the same rows. */
export const SEED_BASE_DATE = Date.parse('2026-11-01T00:00:00.000Z');
const THREE_YEARS = 3 * 365 * 86400_000;


const STAFF = SEED_IDENTITY_USERS.filter((u) => u.role === 'admin').map((u) => u.name);

/** Ward or city name without the 市/区 suffix: 横浜市港南区 -> 港南, 旭川市 -> 旭川. */
export function placeName(city: string): string {
  const ward = city.match(/市(.+)区$/);
  if (ward) return ward[1].length === 1 ? `${ward[1]}区` : ward[1];
  return city.replace(/[市区町村]$/, '');
}

function timestamps(rng: Prng) {
  const created = SEED_BASE_DATE - rng.int(0, THREE_YEARS);
  const updated = created + Math.floor(rng.next() * (SEED_BASE_DATE - created));
  return { created_at: new Date(created).toISOString(), updated_at: new Date(updated).toISOString() };
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function phone(rng: Prng, pref: Prefecture): string {
  return `${pref.area}-${rng.digits(10 - pref.area.length - 4)}-${rng.digits(4)}`;
}

function companyNames(rng: Prng, count: number): string[] {
  const all: string[] = [];
  for (const p of COMPANY_PREFIXES) for (const w of COMPANY_WORDS) all.push(p + w);
  rng.shuffle(all);
  const names: string[] = [];
  for (let i = 0; names.length < count; i++) {
    const base = all[i % all.length];
    const form = COMPANY_FORMS[rng.int(0, COMPANY_FORMS.length - 1)];
    const round = Math.floor(i / all.length);
    names.push(form(round === 0 ? base : `${base}${['東日本', '西日本', '中部', '第二', '第三'][round - 1] ?? round}`));
  }
  return [...new Set(names)];
}

/** The tables of the first migration: prefectures, users, companies, pharmacies and dealers. */
export function seedCore(db: DB, seed: number, scale: SeedScale): void {
  // Sizes live in the shared seed catalogue, so other services seed the same pharmacy ids.
  const size = SEED_SIZES[scale];

  const insertPref = db.prepare('INSERT INTO prefectures (id, name) VALUES (@id, @name)');
  for (const p of PREFECTURES) insertPref.run({ id: p.id, name: p.name });

  const insertUser = db.prepare(
    `INSERT INTO users (user_id, auth0_user_id, name, email, role, pharmacy_ids, created_at, updated_at, created_by, updated_by)
     VALUES (@user_id, @auth0_user_id, @name, @email, @role, @pharmacy_ids, @created_at, @updated_at, 'system', 'system')`,
  );
  for (const u of SEED_IDENTITY_USERS) {
    const id = identityUserId(u.email);
    insertUser.run({
      user_id: id,
      auth0_user_id: auth0Sub(id),
      name: u.name,
      email: u.email,
      role: u.role,
      pharmacy_ids: JSON.stringify(u.pharmacyIds),
      created_at: IDENTITY_SEED_DATE,
      updated_at: IDENTITY_SEED_DATE,
    });
  }

  // Companies, each with a favourite brand and a size weight (a few large chains, many small).
  const insertCompany = db.prepare(
    `INSERT INTO companies (id, name, note, created_at, updated_at, created_by, updated_by) VALUES (@id, @name, @note, @created_at, @updated_at, @created_by, @updated_by)`,
  );
  let rng = seedStream(seed, 'companies');
  const names = companyNames(rng, size.companies);
  const brands: string[] = [];
  const cumulative: number[] = [];
  let acc = 0;
  names.forEach((name, i) => {
    const t = timestamps(rng);
    const note = rng.pick(COMPANY_NOTES) || null;
    // Property values evaluate in order, so the random stream is drawn as before.
    insertCompany.run({ id: i + 1, name, note, created_at: t.created_at, updated_at: t.updated_at, created_by: rng.pick(STAFF), updated_by: rng.pick(STAFF) });
    brands.push(rng.pick(PHARMACY_BRANDS));
    acc += rng.chance(0.1) ? rng.int(10, 30) : rng.int(1, 6);
    cumulative.push(acc);
  });
  const pickCompany = (rng: Prng): number => {
    const r = rng.next() * acc;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > r) hi = mid;
      else lo = mid + 1;
    }
    return lo + 1;
  };

  const insertPharmacy = db.prepare(
    `INSERT INTO pharmacies (id, company_id, name, micode, postal_code, address1, address2, address3, address4, phone, fax,
       email, note, started_on, ended_on, service_share, service_medorder, created_at, updated_at, created_by, updated_by)
     VALUES (@id, @company_id, @name, @micode, @postal_code, @address1, @address2, @address3, @address4, @phone, @fax,
       @email, @note, @started_on, @ended_on, @service_share, @service_medorder, @created_at, @updated_at, @created_by, @updated_by)`,
  );
  rng = seedStream(seed, 'pharmacies');
  const weights = PREFECTURES.map((p) => p.weight);
  const kikan = new Map<string, number>();
  for (let i = 1; i <= size.pharmacies; i++) {
    const pref = PREFECTURES[rng.weighted(weights)];
    const cityIndex = rng.int(0, pref.cities.length - 1);
    const city = pref.cities[cityIndex];
    const gun = cityIndex * 11 + 1;
    const key = `${pref.id}-${gun}`;
    const number = (kikan.get(key) ?? 1000 + rng.int(0, 300)) + rng.int(1, 3);
    kikan.set(key, number);
    const companyId = rng.chance(0.8) ? pickCompany(rng) : null;
    const brand = companyId && rng.chance(0.85) ? brands[companyId - 1] : rng.pick(PHARMACY_BRANDS);
    const town = rng.pick(TOWNS);
    const roll = rng.next();
    const branch =
      roll < 0.5 ? `${placeName(city)}店` : roll < 0.8 ? `${town}店` : `${placeName(city)}${rng.pick(BRANCH_SUFFIXES)}`;
    const postal = String(rng.int(pref.postal[0], pref.postal[1])).padStart(3, '0') + rng.digits(4);
    const address3 = `${town}${rng.int(1, 5)}丁目${rng.int(1, 30)}-${rng.int(1, 20)}`;
    const address4 = rng.chance(0.4) ? `${rng.pick(BUILDINGS)}${rng.int(1, 5)}F` : null;
    const startedMs = Date.parse('2000-01-01') + rng.int(0, Math.floor((SEED_BASE_DATE - Date.parse('2000-01-01')) / 86400_000) - 30) * 86400_000;
    let endedOn: string | null = null;
    const endRoll = rng.next();
    if (i > 1 && endRoll < 0.05) endedOn = isoDate(startedMs + Math.floor(rng.next() * (SEED_BASE_DATE - startedMs - 86400_000)));
    else if (i > 1 && endRoll < 0.06) endedOn = isoDate(SEED_BASE_DATE + rng.int(400, 900) * 86400_000);
    const svc = rng.next();
    const t = timestamps(rng);
    // Property values evaluate in order, so the random stream is drawn as before.
    insertPharmacy.run({
      id: i,
      company_id: companyId,
      name: `${brand} ${branch}`,
      micode: buildMicode(pref.id, gun, number),
      postal_code: postal,
      address1: pref.name,
      address2: city,
      address3,
      address4,
      phone: phone(rng, pref),
      fax: phone(rng, pref),
      email: `store${String(i).padStart(5, '0')}@pharmacy.example.jp`,
      note: rng.chance(0.2) ? '駐車場あり。' : null,
      started_on: isoDate(startedMs),
      ended_on: endedOn,
      service_share: svc < 0.9 ? 1 : 0,
      service_medorder: svc < 0.7 || svc >= 0.9 ? 1 : 0,
      created_at: t.created_at,
      updated_at: t.updated_at,
      created_by: rng.pick(STAFF),
      updated_by: rng.pick(STAFF),
    });
  }

  seedDealers(db, seedStream(seed, 'dealers'));

  for (const table of ['users', 'companies', 'pharmacies']) restampTable(db, table, 'updated_at', IDENTITY_SEED_DATE);
  for (const table of ['prefectures', 'dealers']) restampTable(db, table, undefined, IDENTITY_SEED_DATE);
}
