import { seedStream } from '../../../db/prng';
import type { DB } from '../../../db/open';
import { FLAG_COLUMNS, MEDICINE_COLUMN_NAMES, type MedicineColumn, type MedicineValues } from './columns';
import { SEED_MODELS } from './seedData';
import { withGs1CheckDigit, yjCheckDigit } from '../../../shared/medicineCodes';
import type { SeedScale } from '../../../db/seedCatalogue';
import { SEED_BASE_DATE } from '../seed';

/** NHI price-list items (July 2025) at national scale; a tenth of that by default. */
export const MEDICINE_SEED_SIZES: Record<SeedScale, number> = { small: 1_200, large: 12_434 };

/** Generic makers as the price list names them (short name in 「」, full name as メーカー名). */
const GENERIC_MAKERS: readonly [short: string, full: string][] = [
  ['サワイ', '沢井製薬'], ['トーワ', '東和薬品'], ['日医工', '日医工'], ['ニプロ', 'ニプロ'], ['ＪＧ', '日本ジェネリック'],
  ['ケミファ', '日本ケミファ'], ['明治', 'Ｍｅｉｊｉ　Ｓｅｉｋａファルマ'], ['武田テバ', '武田テバファーマ'], ['杏林', 'キョーリンリメディオ'],
  ['ＹＤ', '陽進堂'], ['タカタ', '高田製薬'], ['オーハラ', '大原薬品工業'], ['ＮＰ', 'ニプロ'], ['ＫＮ', '小林化工'], ['フェルゼン', 'フェルゼンファーマ'],
  ['ＶＴＲＳ', 'ヴィアトリス・ヘルスケア'], ['日新', '日新製薬'], ['ファイザー', 'ファイザー'], ['第一三共', '第一三共エスファ'], ['アメル', '共和薬品工業'],
];

const BRAND_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const BRAND_CODES = [...BRAND_CHARS].flatMap((a) => [...BRAND_CHARS].map((b) => `${a}${b}`)).filter((code) => code !== '00');

/** Packages the HOT code tells apart (包装形態, 包装単位数, 包装単位単位). */
const PACKAGES = [['ＰＴＰ', 100, '錠'], ['ＰＴＰ', 500, '錠'], ['バラ', 500, '錠'], ['ＳＰ', 100, '錠'], ['調剤用', 1000, '錠']] as const;

const leadingKatakana = (text: string) => /^[ァ-ヶー・]+/.exec(text)?.[0] ?? null;

const dayOffset = (days: number) => new Date(SEED_BASE_DATE + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The seed's medicines: the twelve shared SEEDED_MEDICINES and the other real price-list rows
 * as written, then generics of each modelled on them (same ingredient, standard and YJ prefix,
 * another 銘柄, a generic maker), each with valid YJ, HOT7, JAN and GS1 check digits. About one
 * in twenty is discontinued (inactive), so 無効になったものも含む has something to show.
 */
export function seedMedicineRecords(seed: number, scale: SeedScale): MedicineValues[] {
  const rng = seedStream(seed, 'ethical_medicines');
  const count = MEDICINE_SEED_SIZES[scale];
  const records: MedicineValues[] = [];
  for (let index = 0; index < count; index++) {
    const model = SEED_MODELS[index % SEED_MODELS.length];
    const variant = Math.floor(index / SEED_MODELS.length);
    const [dosage, realYj, ingredient, standard, realBrand, realMaker, realGeneric, realPrice, narcotic] = model;
    const realBrandCode = realYj.slice(9, 11);
    const brandCode = variant === 0 ? realBrandCode : BRAND_CODES.filter((c) => c !== realBrandCode)[variant - 1];
    const yjBody = `${realYj.slice(0, 9)}${brandCode}`;
    const yjCode = `${yjBody}${yjCheckDigit(yjBody)}`;
    const [makerShort, makerFull] = variant === 0 ? ['', realMaker] : GENERIC_MAKERS[(index + variant) % GENERIC_MAKERS.length];
    const brand = variant === 0 ? realBrand : realBrand.includes('「') ? realBrand.replace(/「[^」]*」/, `「${makerShort}」`) : `${ingredient}${standard.replace(/１(錠|ｇ|管|瓶|枚|カプセル|ｍＬ|本|袋|個|キット|筒)$/, '')}「${makerShort}」`;
    const price = variant === 0 ? realPrice : Math.max(5.9, Math.round(realPrice * (0.3 + rng.next() * 0.5) * 10) / 10);
    const hot7 = withGs1CheckDigit(String(100_000 + index * 7));
    const [packetForm, packetVolume, packetUnit] = PACKAGES[index % PACKAGES.length];
    const hotCode = `${hot7}${String((variant % 98) + 1).padStart(2, '0')}0101`;
    const janBody = `4987${String(index).padStart(8, '0')}`;
    const jan = withGs1CheckDigit(janBody);
    const inactive = index >= SEED_MODELS.length && index % 20 === 7;
    const interim = !inactive && index % 37 === 11;
    records.push({
      brand_name: brand,
      brand_name_pronunciation: leadingKatakana(brand),
      hot_code: hotCode,
      hot_code_7: hot7,
      hot_code_9: hotCode.slice(0, 9),
      hot_code_generic: null,
      package_gs1_code: withGs1CheckDigit(`1${janBody}`),
      jan_code: jan,
      packet_gs1_code: `0${jan}`,
      supply_gs1_code: withGs1CheckDigit(`2${janBody}`),
      mhlw_code: yjCode,
      yj_code: yjCode,
      receipt_code: String(620_000_000 + index),
      receipt_code_secondary: null,
      generic_code: null,
      receipt_system_name: brand,
      generic_name: `【般】${ingredient}${standard.replace(/^(.*?)１.*$/, '$1')}`,
      ingredient_name: ingredient,
      dosage_type: dosage,
      unit_type: standard.replace(/^.*１/, '') || '錠',
      standard,
      maker: makerFull || null,
      seller: makerFull || null,
      packet_form: dosage === '内' ? packetForm : null,
      packet_form_subdivision: null,
      packet_volume: dosage === '内' ? packetVolume : null,
      packet_unit_name: dosage === '内' ? packetUnit : null,
      packet_per_sheet: dosage === '内' && packetForm === 'ＰＴＰ' ? 10 : null,
      package_volume: dosage === '内' ? packetVolume : null,
      package_volume_unit_name: dosage === '内' ? packetUnit : null,
      package_packet_count: 1,
      package_packet_count_unit_name: '箱',
      public_notice_type: '1',
      official_name: brand,
      official_registered_on: dayOffset(-rng.int(200, 9000)),
      official_unit_price: price,
      interim_period_on: interim ? '2026-03-31' : null,
      inactive_on: inactive ? dayOffset(-rng.int(30, 1500)) : null,
      generic: variant === 0 ? realGeneric : 1,
      narcotic,
      poison: rng.chance(0.02) ? 1 : 0,
      stimulant_material: 0,
      psychotropic: /ゾルピデム|ニトラゼパム|エスタゾラム/.test(ingredient) ? 1 : 0,
      biotic: dosage === '注' && rng.chance(0.1) ? 1 : 0,
      designated_biotic: 0,
      regenerative: 0,
      clinical_sample: 0,
      intracutaneous_reaction: 0,
    });
  }
  return records;
}

export const insertMedicineSql = `INSERT INTO ethical_medicines (${MEDICINE_COLUMN_NAMES.join(', ')}, created_at, updated_at)
  VALUES (${MEDICINE_COLUMN_NAMES.map((c) => `@${c}`).join(', ')}, @created_at, @updated_at)`;

/** Every column named, unknown ones null, so one prepared statement takes any record. */
export const fullRecord = (values: MedicineValues, stamp: string): Record<string, unknown> => {
  const row: Record<string, unknown> = { created_at: stamp, updated_at: stamp };
  for (const column of MEDICINE_COLUMN_NAMES) row[column] = values[column] ?? defaultOf(column);
  return row;
};

const defaultOf = (column: MedicineColumn) => (FLAG_COLUMNS.includes(column) ? 0 : null);

export function seedEthicalMedicines(db: DB, seed: number, scale: SeedScale): void {
  const insert = db.prepare(insertMedicineSql);
  const stamp = new Date(SEED_BASE_DATE).toISOString();
  for (const record of seedMedicineRecords(seed, scale)) insert.run(fullRecord(record, stamp));
}
