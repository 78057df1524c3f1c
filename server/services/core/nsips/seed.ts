import { seedStream, type Prng } from '../../../db/prng';
import type { BlobStorage } from '../../../shared/storage';
import { encodeCp932 } from '../../../shared/cp932';
import { NSIPS_BUCKET, NSIPS_PAGE_SIZE, nsipsKey } from './names';

/*
 * Seeded NSIPS files: CP932 text shaped like prescription interface records, one record per
 * CSV-like line. The layout follows JAHIS's 院外処方箋 record layout as a public analogue
 * (JAHIS10 header; 1 医療機関, 4 診療科, 5 医師, 11 患者氏名, 12 性別, 13 生年月日, 22 保険者番号,
 * 51 交付年月日, 101 剤形, 111 用法, 201 薬品, 81 備考). Names use NEC special characters (①, ㈱, Ⅲ)
 * and IBM extensions (髙, 﨑), the characters a Shift_JIS-only decoder loses.
 */

export const NSIPS_CONTENT_TYPE = 'text/csv; charset=Shift_JIS';

/** Pharmacy 1 has more files than one listing page, and the month's 5 MB export. */
export const NSIPS_SEED = {
  pharmacies: 10,
  busyPharmacyId: 1,
  busyFileCount: NSIPS_PAGE_SIZE + 15,
  largeFilename: '20261031_all.csv',
  largeBytes: 5 * 1024 * 1024,
} as const;

const INSTITUTIONS = [
  ['1312345678', '13', '医療法人社団　髙橋内科クリニック'],
  ['1319876543', '13', '山﨑整形外科医院'],
  ['1412340011', '14', '医療法人㈱みなと会　港南中央病院'],
  ['2711122233', '27', '髙﨑こどもクリニック'],
  ['1310099887', '13', '第Ⅲ内科　さくら診療所'],
] as const;

const DEPARTMENTS = [['01', '内科'], ['11', '整形外科'], ['09', '小児科'], ['13', '皮膚科']] as const;
const DOCTORS = [['ﾀｶﾊｼ ｲﾁﾛｳ', '髙橋　一郎'], ['ﾔﾏｻｷ ｹﾝｼﾞ', '山﨑　健二'], ['ｻﾄｳ ﾐｻｷ', '佐藤　美咲'], ['ｽｽﾞｷ ﾕｳﾄ', '鈴木　悠斗']] as const;
const PATIENTS = [
  ['ﾔﾏｻｷ ﾊﾅｺ', '山﨑　花子', '2'], ['ﾀｶﾊｼ ﾀﾛｳ', '髙橋　太郎', '1'], ['ﾀｶｻｷ ﾖｼｺ', '髙﨑　良子', '2'],
  ['ﾀﾅｶ ｼｮｳﾀ', '田中　翔太', '1'], ['ｲﾄｳ ﾒｸﾞﾐ', '伊藤　恵', '2'], ['ﾜﾀﾅﾍﾞ ﾂﾖｼ', '渡辺　剛', '1'],
] as const;
/** Receipt code (9 digits, drugs start with 6), name, dose, unit. */
const DRUGS = [
  ['620098801', 'ロキソプロフェンＮａ錠６０ｍｇ「サワイ」', '3', '錠'],
  ['610463147', 'ムコスタ錠１００ｍｇ', '3', '錠'],
  ['621934601', 'アムロジピン錠５ｍｇ「明治」', '1', '錠'],
  ['620004536', 'カロナール錠２００', '2', '錠'],
  ['622078901', 'メトホルミン塩酸塩錠２５０ｍｇＭＴ「ＤＳＥＰ」', '2', '錠'],
  ['620002023', 'ビオフェルミン配合散', '3', 'ｇ'],
  ['662640418', 'モーラステープＬ４０ｍｇ', '1', '枚'],
] as const;
const USAGES = [['1013044400000000', '1日3回毎食後', '3'], ['1013000400000000', '1日1回朝食後', '1'], ['1022000600000000', '1日2回朝夕食後', '2']] as const;
const NOTES = ['①一包化　②粉砕不可', '①残薬調整あり　㈱メディカル連携センター経由', '①後発品への変更可　②分割調剤（第Ⅲ回目）', '①疑義照会済　㈱ファーマ配送'];

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** yyyyMMddHHmmss of an instant in Japan time (the receipt computer's clock). */
const tokyoStamp = (at: Date) => {
  const t = new Date(at.getTime() + 9 * 3600_000);
  return `${t.getUTCFullYear()}${pad(t.getUTCMonth() + 1, 2)}${pad(t.getUTCDate(), 2)}${pad(t.getUTCHours(), 2)}${pad(t.getUTCMinutes(), 2)}${pad(t.getUTCSeconds(), 2)}`;
};

/** One prescription's records, as text lines (CRLF, as Windows receipt computers write them). */
export function prescriptionRecords(rng: Prng, issuedOn: string, receptionNo: number): string[] {
  const [code, prefecture, institution] = rng.pick(INSTITUTIONS);
  const [departmentCode, department] = rng.pick(DEPARTMENTS);
  const [doctorKana, doctor] = rng.pick(DOCTORS);
  const [patientKana, patient, sex] = rng.pick(PATIENTS);
  const born = `${rng.int(1935, 2015)}${pad(rng.int(1, 12), 2)}${pad(rng.int(1, 28), 2)}`;
  const lines = [
    'JAHIS10',
    `1,1,${code},${prefecture},${institution}`,
    `4,1,${departmentCode},${department}`,
    `5,,${doctorKana},${doctor}`,
    `11,${pad(receptionNo, 4)},${patient},${patientKana}`,
    `12,${sex}`,
    `13,${born}`,
    `22,${rng.pick(['06130012', '01130012', '138016', '39131015'])}`,
    `51,${issuedOn}`,
  ];
  const rpCount = rng.int(1, 3);
  for (let rp = 1; rp <= rpCount; rp++) {
    const [usageCode, usage, perDay] = rng.pick(USAGES);
    const [receipt, drug, dose, unit] = rng.pick(DRUGS);
    lines.push(`101,${rp},1,,${rng.pick([7, 14, 28, 30])},日分`, `111,${rp},1,${usageCode},${usage},${perDay}`, `201,${rp},1,1,2,${receipt},${drug},${dose},1,${unit}`);
  }
  lines.push(`81,1,${rng.pick(NOTES)}`, '81,2,①朝食後の薬は別包　㈱ファーマ調剤にて管理');
  return lines;
}

const toFile = (lines: string[]) => encodeCp932(`${lines.join('\r\n')}\r\n`);

/**
 * The month's export: a block of distinct prescriptions repeated to the size, so the 5 MB file
 * costs one block's encoding (a few milliseconds), not 5 MB of it.
 */
export function largeNsipsFile(seed: number, bytes: number = NSIPS_SEED.largeBytes): Buffer {
  const rng = seedStream(seed, 'nsips-large');
  const lines: string[] = [];
  for (let i = 1; i <= 200; i++) lines.push(...prescriptionRecords(rng, `202610${pad(rng.int(1, 31), 2)}`, i));
  const block = toFile(lines);
  const copies = Math.ceil(bytes / block.length);
  return Buffer.concat(Array.from({ length: copies }, () => block));
}

export interface SeedNsipsFile {
  pharmacyId: number;
  filename: string;
  lastModified: Date;
  body: Buffer;
}

/** The seeded files of one environment, deterministic for its seed. */
export function seedNsipsFiles(seed: number): SeedNsipsFile[] {
  const rng = seedStream(seed, 'nsips');
  const files: SeedNsipsFile[] = [];
  const end = Date.parse('2026-10-31T09:00:00Z');
  for (let pharmacyId = 1; pharmacyId <= NSIPS_SEED.pharmacies; pharmacyId++) {
    const count = pharmacyId === NSIPS_SEED.busyPharmacyId ? NSIPS_SEED.busyFileCount : rng.pick([0, 1, 3, 5, 8, 12]);
    let at = end - count * 4 * 3600_000;
    for (let n = 1; n <= count; n++) {
      at += rng.int(1, 4 * 3600) * 1000;
      const lastModified = new Date(at);
      const stamp = tokyoStamp(lastModified);
      files.push({
        pharmacyId,
        filename: `${stamp}_${pad(n, 4)}.csv`,
        lastModified,
        body: toFile(prescriptionRecords(rng, stamp.slice(0, 8), n)),
      });
    }
  }
  files.push({ pharmacyId: NSIPS_SEED.busyPharmacyId, filename: NSIPS_SEED.largeFilename, lastModified: new Date(end + 3600_000), body: largeNsipsFile(seed) });
  return files;
}

/** Writes the seeded files once: an environment whose bucket already holds files keeps them. */
export function seedNsipsStorage(storage: BlobStorage, seed: number): void {
  if (storage.list(NSIPS_BUCKET, '', undefined, 1).keyCount > 0) return;
  for (const file of seedNsipsFiles(seed)) {
    storage.put(NSIPS_BUCKET, nsipsKey(file.pharmacyId, file.filename), file.body, NSIPS_CONTENT_TYPE, file.lastModified);
  }
}
