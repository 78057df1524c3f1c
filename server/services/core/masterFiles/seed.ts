import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DB } from '../../../db/open';
import { daysBeforeToday } from '../../../../src/contract/dates';
import { encodeCp932 } from '../../../shared/cp932';
import { withGs1CheckDigit } from '../../../shared/medicineCodes';
import { masterSourceDir } from './store';

/**
 * The default upstream folder, written on first start when there is none, so `npm start` can
 * demo the whole refresh: files in the publishers' layouts and encodings (HOT with its GS1
 * correspondence and option tables, and the SSK master in CP932, MEDHOT in UTF-8 with a BOM) built from the seeded master, one set dated 100 days
 * ago and one 30 days ago (the default start date, two months back, picks the second). The
 * second set changes a few things: new packages, discontinued ones, revised prices.
 */
type Row = Record<string, string | number | null>;

const csvLine = (fields: readonly (string | number | null | undefined)[]) =>
  fields.map((f) => (f === null || f === undefined || f === '' ? '' : `"${String(f).replace(/"/g, '""')}"`)).join(',');

const compact = (day: string | null) => (day ? day.replace(/-/g, '') : '');

const HOT_HEADER = csvLine(['基準番号（ＨＯＴコード）', '処方用番号（ＨＯＴ７）', '会社識別用番号', '調剤用番号', '物流用番号', 'ＪＡＮコード', '薬価基準収載医薬品コード',
  '個別医薬品コード', 'レセプト電算処理システムコード（１）', 'レセプト電算処理システムコード（２）', '告示名称', '販売名', 'レセプト電算処理システム医薬品名', '規格単位',
  '包装形態', '包装単位数', '包装単位単位', '包装総量数', '包装総量単位', '区分', '製造会社', '販売会社', '更新区分', '更新年月日']);

const MEDHOT_HEADER = csvLine(['ＨＯＴコード', '販売包装単位コード', '調剤包装単位コード', '元梱包装単位コード', 'ＪＡＮコード', '包装形態', '包装形態細分', '包装単位数',
  '包装単位単位', 'シート入数', '包装数', '包装数単位', '更新区分', '更新年月日']);

const hotLine = (m: Row, day: string) => {
  const hot = String(m.hot_code);
  const discontinued = m.inactive_on !== null;
  return csvLine([hot, m.hot_code_7, hot.slice(7, 9), hot.slice(9, 11), hot.slice(11, 13), m.jan_code, m.mhlw_code, m.yj_code, m.receipt_code,
    m.receipt_code_secondary, m.official_name, m.brand_name, m.receipt_system_name, m.standard, m.packet_form, m.packet_volume, m.packet_unit_name,
    m.package_volume, m.package_volume_unit_name, m.dosage_type, m.maker, m.seller, discontinued ? '3' : '1', discontinued ? compact(String(m.inactive_on)) : compact(day)]);
};

const medhotLine = (m: Row, day: string, subdivision: string | null) =>
  csvLine([m.hot_code, m.package_gs1_code, m.packet_gs1_code, m.supply_gs1_code, m.jan_code, m.packet_form, subdivision ?? m.packet_form_subdivision,
    m.packet_volume, m.packet_unit_name, m.packet_per_sheet, m.package_packet_count, m.package_packet_count_unit_name, '1', compact(day)]);

const MEDIS_GS1_HEADER = csvLine(['ＨＯＴコード', '販売名', '規格単位', '包装形態', '調剤包装単位コード', '販売包装単位コード', '元梱包装単位コード', '更新区分', '更新年月日']);

const medisGs1Line = (m: Row, day: string) =>
  csvLine([m.hot_code, m.brand_name, m.standard, m.packet_form, m.packet_gs1_code, m.package_gs1_code, m.supply_gs1_code, '1', compact(day)]);

const MEDIS_OPTION_HEADER = csvLine(['ＨＯＴコード', '販売名', '一般名コード', '一般名', '薬効分類番号', '後発品区分', '更新区分', '更新年月日']);

/** 薬効分類番号: the first four digits of the YJ code. */
const medisOptionLine = (m: Row, day: string) =>
  csvLine([m.hot_code, m.brand_name, m.generic_code, m.generic_name, m.yj_code ? String(m.yj_code).slice(0, 4) : null, m.generic ? '1' : '0', '1', compact(day)]);

const DOSAGE_CODES: Record<string, string> = { 内: '1', 注: '4', 外: '6', 歯: '8' };

const sskLine = (m: Row, day: string, price: number) => {
  const kind = m.narcotic ? '1' : m.poison ? '2' : m.stimulant_material ? '3' : m.psychotropic ? '5' : '0';
  return [
    '0', 'Y', m.receipt_code, '', m.brand_name, '', m.brand_name_pronunciation ?? '', '', '', m.unit_type ?? '', '1', price.toFixed(2), '', kind, '0',
    m.biotic ? '1' : '0', m.generic ? '1' : '0', '', '0', '0', '', m.public_notice_type ?? '', '', '', '', '0', '0', DOSAGE_CODES[String(m.dosage_type)] ?? '',
    '', compact(day), m.inactive_on ? compact(String(m.inactive_on)) : '99999999', m.mhlw_code ?? '', '', compact(m.interim_period_on as string | null),
    m.brand_name, compact(m.official_registered_on as string | null), m.generic_code ?? '', m.generic_name ?? '', '', '', '', '',
  ].join(',');
};

const cp932OrUtf8 = (text: string): Buffer => {
  try {
    return encodeCp932(text);
  } catch {
    return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
  }
};

const KIND_FOLDERS = ['hot_code', 'medhot', 'iryohoken', 'medis_gs1', 'medis_option'] as const;

/**
 * Writes the default upstream folder unless it exists (a configured MASTER_SOURCE_DIR is never
 * written); a folder written before a kind existed gets that kind's sub-folder alone.
 */
export function writeDefaultMasterSources(db: DB, now: Date): void {
  if (process.env.MASTER_SOURCE_DIR) return;
  const root = masterSourceDir(db);
  const missing = KIND_FOLDERS.filter((kind) => !existsSync(join(root, kind)));
  if (existsSync(root) && missing.length === 0) return;
  const medicines = db.prepare('SELECT * FROM ethical_medicines WHERE hot_code IS NOT NULL ORDER BY id LIMIT 300').all() as Row[];
  const older = daysBeforeToday(100, now);
  const recent = daysBeforeToday(30, now);
  const files: Record<string, Buffer> = {};

  files[`hot_code/MEDIS_HOT13_${compact(older)}.csv`] = cp932OrUtf8(`${[HOT_HEADER, ...medicines.map((m) => hotLine(m, older))].join('\r\n')}\r\n`);
  // The recent file: ten new packages of existing products and five discontinued.
  const newPackages = medicines.slice(0, 10).map((m, i) => {
    const hot = `${String(m.hot_code).slice(0, 9)}${String(90 + i)}01`;
    const janBody = `49870${String(900_000 + i).padStart(7, '0')}`;
    return { ...m, hot_code: hot, jan_code: withGs1CheckDigit(janBody), packet_form: 'バラ', packet_volume: 1000, package_volume: 1000 };
  });
  const discontinued = medicines.slice(20, 25).map((m) => ({ ...m, inactive_on: daysBeforeToday(31, now) }));
  files[`hot_code/MEDIS_HOT13_${compact(recent)}.csv`] = cp932OrUtf8(
    `${[HOT_HEADER, ...[...medicines.slice(0, 200), ...newPackages, ...discontinued].map((m) => hotLine(m, recent))].join('\r\n')}\r\n`,
  );

  const medhot = [MEDHOT_HEADER, ...medicines.slice(0, 200).map((m, i) => medhotLine(m, recent, m.packet_form === 'ＰＴＰ' && i % 2 === 0 ? '１０錠シート' : null))];
  files[`medhot/MEDHOT_${compact(recent)}.csv`] = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${medhot.join('\r\n')}\r\n`, 'utf8')]);

  // MEDIS's GS1 correspondence and option tables, published with each HOT code master (CP932 like it).
  for (const [day, rows] of [[older, medicines], [recent, medicines.slice(0, 200)]] as const) {
    files[`medis_gs1/MEDIS_GS1_${compact(day)}.csv`] = cp932OrUtf8(`${[MEDIS_GS1_HEADER, ...rows.map((m) => medisGs1Line(m, day))].join('\r\n')}\r\n`);
    files[`medis_option/MEDIS_OPTION_${compact(day)}.csv`] = cp932OrUtf8(`${[MEDIS_OPTION_HEADER, ...rows.map((m) => medisOptionLine(m, day))].join('\r\n')}\r\n`);
  }

  files['iryohoken/y_20190401.csv'] = cp932OrUtf8(`${medicines.map((m) => sskLine(m, '2019-04-01', Number(m.official_unit_price) * 1.1)).join('\r\n')}\r\n`);
  // The recent SSK file revises every price down by 3 % (a 薬価改定).
  files[`iryohoken/y_${compact(recent)}.csv`] = cp932OrUtf8(
    `${medicines.map((m) => sskLine(m, recent, Math.round(Number(m.official_unit_price) * 0.97 * 10) / 10)).join('\r\n')}\r\n`,
  );

  // Written aside and renamed into place: a crash never leaves a half-written folder that would stop a rewrite.
  if (!existsSync(root)) {
    writeAside(root, Object.entries(files));
    return;
  }
  for (const kind of missing) {
    const own = Object.entries(files).filter(([name]) => name.startsWith(`${kind}/`)).map(([name, body]): [string, Buffer] => [name.slice(kind.length + 1), body]);
    writeAside(join(root, kind), own);
  }
}

function writeAside(folder: string, files: readonly [string, Buffer][]): void {
  const temp = `${folder}.tmp`;
  rmSync(temp, { recursive: true, force: true });
  for (const [name, body] of files) {
    mkdirSync(join(temp, dirname(name)), { recursive: true });
    writeFileSync(join(temp, name), body);
  }
  renameSync(temp, folder);
}
