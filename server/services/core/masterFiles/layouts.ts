import type { MedicineValues } from '../ethicalMedicines/columns';
import { decodeMasterFile, parseCompactDate, parseCsv, parseEraDate, type CsvRecord, type Encoding, type LineError } from './csv';

/**
 * The publishers' file layouts and how each row maps onto the ethical medicine master.
 *
 * - `hot_code`: MEDIS HOT code master (HOT13 or HOT9), 24 columns with a header row. 更新区分
 *   1 新規 / 2 変更; 3 中止 and 4 削除 make the medicine inactive from 更新年月日.
 * - `medhot`: MEDIS's package file; its public record is thin, so this layout is ours (14
 *   columns, header row): ＨＯＴコード, 販売包装単位コード,
 *   調剤包装単位コード, 元梱包装単位コード, ＪＡＮコード, 包装形態, 包装形態細分, 包装単位数,
 *   包装単位単位, シート入数, 包装数, 包装数単位, 更新区分, 更新年月日.
 * - `iryohoken`: 社会保険診療報酬支払基金 医薬品マスター (42 columns, no header), and the MHLW
 *   薬価基準収載品目リスト (15 columns with its header row), told apart by the header.
 * - `medis_gs1`: MEDIS's GS1 correspondence table (対応表), published with the HOT code master.
 *   Its public record names the codes but not a column order, so this layout is ours (9 columns,
 *   header row): ＨＯＴコード, 販売名, 規格単位, 包装形態, 調剤包装単位コード (GTIN-13 as 14
 *   digits with a leading 0), 販売包装単位コード (GTIN-14, indicator 1), 元梱包装単位コード
 *   (GTIN-14, indicator 2), 更新区分, 更新年月日.
 * - `medis_option`: MEDIS's option table, published with the HOT code master; thin public
 *   record, so this layout is ours (8 columns, header row): ＨＯＴコード, 販売名, 一般名コード,
 *   一般名, 薬効分類番号 (4 digits), 後発品区分 (0 先発等 / 1 後発品), 更新区分, 更新年月日.
 * The last two are listed with their rows (spec section 2 "File lists") and not applied to the
 * medicine master: its GS1 codes come from MEDHOT and its generic names from the insurance master,
 * one source per column.
 */
export type MasterKind = 'hot_code' | 'medhot' | 'iryohoken';
export const MASTER_KINDS: readonly MasterKind[] = ['hot_code', 'medhot', 'iryohoken'];

/** Every kind of downloaded file: the imported kinds and the two MEDIS files that come with the HOT master. */
export type MasterFileKind = MasterKind | 'medis_gs1' | 'medis_option';
export const MASTER_FILE_KINDS: readonly MasterFileKind[] = [...MASTER_KINDS, 'medis_gs1', 'medis_option'];

export type LayoutName = 'medis_hot' | 'medhot' | 'ssk_y' | 'mhlw_price_list' | 'medis_gs1' | 'medis_option';

/** Which master rows a file row applies to, and whether an unknown key adds a medicine. */
export interface ParsedRow {
  line: number;
  match: 'hot_code' | 'receipt_code' | 'yj_code';
  key: string;
  values: MedicineValues;
  insert: boolean;
}

export type ParsedFile =
  | { ok: true; layout: LayoutName; encoding: Encoding; rows: ParsedRow[] }
  | { ok: false; errors: LineError[] };

const EOF_MARK = 0x1a;

/** Errors kept per file: enough to fix a file, bounded for a file that is wrong throughout. */
export const MAX_LINE_ERRORS = 20;

type Check = (value: string) => string | undefined;

class RowReader {
  errors: string[] = [];
  constructor(private readonly fields: string[], private readonly headers: readonly string[]) {}

  private fail(index: number, message: string): undefined {
    this.errors.push(`${this.headers[index]}: ${message}`);
    return undefined;
  }

  text(index: number): string | null {
    const value = this.fields[index].trim();
    return value === '' ? null : value;
  }

  required(index: number, pattern: RegExp, what: string): string {
    const value = this.fields[index].trim();
    if (!pattern.test(value)) this.fail(index, value === '' ? '値がありません。' : `${what}ではありません（${value.slice(0, 20)}）。`);
    return value;
  }

  code(index: number, pattern: RegExp, what: string): string | null {
    const value = this.text(index);
    if (value !== null && !pattern.test(value)) return this.fail(index, `${what}ではありません（${value.slice(0, 20)}）。`) ?? null;
    return value;
  }

  /** yyyymmdd; `none` values (0, 99999999) mean no date. */
  date(index: number, none: readonly string[] = []): string | null {
    const value = this.fields[index].trim();
    if (value === '' || none.includes(value)) return null;
    return parseCompactDate(value) ?? this.fail(index, `日付が正しくありません（${value.slice(0, 20)}）。`) ?? null;
  }

  decimal(index: number): number | null {
    const value = this.fields[index].trim().normalize('NFKC');
    if (value === '') return null;
    if (!/^\d{1,9}(\.\d{1,5})?$/.test(value)) return this.fail(index, `数値ではありません（${value.slice(0, 20)}）。`) ?? null;
    return Number(value);
  }

  oneOf(index: number, allowed: readonly string[]): string | null {
    const value = this.text(index);
    if (value !== null && !allowed.includes(value)) return this.fail(index, `想定外の値です（${value.slice(0, 20)}）。`) ?? null;
    return value;
  }

  check(index: number, check: Check): void {
    const message = check(this.fields[index].trim());
    if (message) this.fail(index, message);
  }
}

interface Layout {
  name: LayoutName;
  kind: MasterFileKind;
  columns: number;
  headers: readonly string[];
  /** Whether the first record is the header row (checked against the first header). */
  header: boolean;
  row: (r: RowReader) => Omit<ParsedRow, 'line'>;
}

const DIGITS = (n: number) => new RegExp(`^\\d{${n}}$`);
const YJ = /^\d{7}[A-Z][0-9A-Z]{3}\d$/;
const HOT = /^(\d{9}|\d{13})$/;
const GS1 = /^\d{13,14}$/;

const MEDIS_HOT_HEADERS = ['基準番号（ＨＯＴコード）', '処方用番号（ＨＯＴ７）', '会社識別用番号', '調剤用番号', '物流用番号', 'ＪＡＮコード',
  '薬価基準収載医薬品コード', '個別医薬品コード', 'レセプト電算処理システムコード（１）', 'レセプト電算処理システムコード（２）', '告示名称', '販売名',
  'レセプト電算処理システム医薬品名', '規格単位', '包装形態', '包装単位数', '包装単位単位', '包装総量数', '包装総量単位', '区分', '製造会社', '販売会社',
  '更新区分', '更新年月日'] as const;

const medisHot: Layout = {
  name: 'medis_hot',
  kind: 'hot_code',
  columns: 24,
  headers: MEDIS_HOT_HEADERS,
  header: true,
  row: (r) => {
    const hotCode = r.required(0, HOT, 'HOTコード（9桁または13桁）');
    const updateType = r.oneOf(22, ['1', '2', '3', '4']);
    const updatedOn = r.date(23);
    if (updatedOn === null) r.required(23, /^\d{8}$/, '日付');
    const officialName = r.text(10);
    const receiptName = r.text(12);
    return {
      match: 'hot_code',
      key: hotCode,
      insert: true,
      values: {
        hot_code: hotCode,
        hot_code_7: r.required(1, DIGITS(7), 'HOT7（7桁）'),
        hot_code_9: hotCode.slice(0, 9),
        jan_code: r.code(5, DIGITS(13), 'JANコード（13桁）'),
        mhlw_code: r.code(6, YJ, '薬価基準収載医薬品コード（12桁）'),
        yj_code: r.code(7, YJ, '個別医薬品コード（12桁）'),
        receipt_code: r.code(8, DIGITS(9), 'レセプト電算コード（9桁）'),
        receipt_code_secondary: r.code(9, DIGITS(9), 'レセプト電算コード（9桁）'),
        official_name: officialName,
        brand_name: r.text(11) ?? receiptName ?? officialName ?? hotCode,
        receipt_system_name: receiptName,
        standard: r.text(13),
        packet_form: r.text(14),
        packet_volume: r.decimal(15),
        packet_unit_name: r.text(16),
        package_volume: r.decimal(17),
        package_volume_unit_name: r.text(18),
        dosage_type: r.oneOf(19, ['内', '注', '外', '歯']),
        maker: r.text(20),
        seller: r.text(21),
        // 中止 / 削除 end the medicine; 新規 and 変更 leave an end another file set alone.
        ...(updateType === '3' || updateType === '4' ? { inactive_on: updatedOn } : {}),
      },
    };
  },
};

const MEDHOT_HEADERS = ['ＨＯＴコード', '販売包装単位コード', '調剤包装単位コード', '元梱包装単位コード', 'ＪＡＮコード', '包装形態', '包装形態細分',
  '包装単位数', '包装単位単位', 'シート入数', '包装数', '包装数単位', '更新区分', '更新年月日'] as const;

const medhot: Layout = {
  name: 'medhot',
  kind: 'medhot',
  columns: 14,
  headers: MEDHOT_HEADERS,
  header: true,
  row: (r) => {
    const hotCode = r.required(0, HOT, 'HOTコード（9桁または13桁）');
    r.oneOf(12, ['1', '2', '3', '4']);
    if (r.date(13) === null) r.required(13, /^\d{8}$/, '日付');
    const perSheet = r.decimal(9);
    const packets = r.decimal(10);
    return {
      match: 'hot_code',
      key: hotCode,
      insert: false,
      values: {
        package_gs1_code: r.code(1, GS1, 'GS1コード（13桁または14桁）'),
        packet_gs1_code: r.code(2, GS1, 'GS1コード（13桁または14桁）'),
        supply_gs1_code: r.code(3, GS1, 'GS1コード（13桁または14桁）'),
        jan_code: r.code(4, DIGITS(13), 'JANコード（13桁）'),
        packet_form: r.text(5),
        packet_form_subdivision: r.text(6),
        packet_volume: r.decimal(7),
        packet_unit_name: r.text(8),
        packet_per_sheet: perSheet === null ? null : Math.trunc(perSheet),
        package_packet_count: packets === null ? null : Math.trunc(packets),
        package_packet_count_unit_name: r.text(11),
      },
    };
  },
};

const SSK_HEADERS = ['変更区分', 'マスター種別', '医薬品コード', '漢字有効桁数', '漢字名称', 'カナ有効桁数', 'カナ名称', '単位コード', '単位漢字有効桁数',
  '単位漢字名称', '金額種別', '新又は現金額', '予備', '麻薬・毒薬・覚醒剤原料・向精神薬', '神経破壊剤', '生物学的製剤', '後発品', '予備', '歯科特定薬剤',
  '造影（補助）剤', '注射容量', '収載方式等識別', '商品名等関連', '旧金額金額種別', '旧金額', '漢字名称変更区分', 'カナ名称変更区分', '剤形', '予備',
  '変更年月日', '廃止年月日', '薬価基準収載医薬品コード', '公表順序番号', '経過措置年月日又は商品名医薬品コード使用期限', '基本漢字名称',
  '薬価基準収載年月日', '一般名コード', '一般名処方の標準的な記載', '一般名処方加算対象区分', '抗ＨＩＶ薬区分', '長期収載品関連', '選定療養区分'] as const;

/** 剤形 codes of the SSK master. */
const DOSAGE_TYPES: Record<string, string> = { '1': '内', '3': 'その他', '4': '注', '6': '外', '8': '歯' };
const NO_DATE = ['0', '00000000', '99999999'];

const sskY: Layout = {
  name: 'ssk_y',
  kind: 'iryohoken',
  columns: 42,
  headers: SSK_HEADERS,
  header: false,
  row: (r) => {
    r.required(0, /^\d$/, '変更区分（数字1桁）');
    r.required(1, /^Y$/, 'マスター種別 Y');
    const receiptCode = r.required(2, DIGITS(9), '医薬品コード（9桁）');
    const name = r.required(4, /\S/, '漢字名称');
    const kind = r.oneOf(13, ['0', '1', '2', '3', '5']);
    const dosage = r.text(27);
    const inactiveOn = r.date(30, NO_DATE);
    return {
      match: 'receipt_code',
      key: receiptCode,
      insert: true,
      values: {
        receipt_code: receiptCode,
        brand_name: name,
        brand_name_pronunciation: r.text(6),
        unit_type: r.text(9),
        official_unit_price: r.decimal(11),
        narcotic: kind === '1' ? 1 : 0,
        poison: kind === '2' ? 1 : 0,
        stimulant_material: kind === '3' ? 1 : 0,
        psychotropic: kind === '5' ? 1 : 0,
        biotic: r.oneOf(15, ['0', '1']) === '1' ? 1 : 0,
        generic: r.oneOf(16, ['0', '1']) === '1' ? 1 : 0,
        public_notice_type: r.text(21),
        dosage_type: dosage === null ? null : (DOSAGE_TYPES[dosage] ?? dosage),
        mhlw_code: r.code(31, YJ, '薬価基準収載医薬品コード（12桁）'),
        interim_period_on: r.date(33, NO_DATE),
        official_registered_on: r.date(35, NO_DATE),
        generic_code: r.text(36),
        generic_name: r.text(37),
        // 99999999 (not abolished) leaves an end the HOT master set (中止) alone.
        ...(inactiveOn ? { inactive_on: inactiveOn } : {}),
      },
    };
  },
};

const MHLW_HEADERS = ['区分', '薬価基準収載医薬品コード', '成分名', '規格', '日本薬局方', '麻薬', '業者名追記', '品名', 'メーカー名',
  '診療報酬において加算等の算定対象となる後発医薬品', '先発医薬品', '同一剤形・規格の後発医薬品がある先発医薬品', '薬価', '経過措置による使用期限', '備考'] as const;

const MHLW_DOSAGE: Record<string, string> = { 内用薬: '内', 注射薬: '注', 外用薬: '外', 歯科用薬剤: '歯' };

const mhlwPriceList: Layout = {
  name: 'mhlw_price_list',
  kind: 'iryohoken',
  columns: 15,
  headers: MHLW_HEADERS,
  header: true,
  row: (r) => {
    const dosage = r.oneOf(0, Object.keys(MHLW_DOSAGE));
    const code = r.required(1, YJ, '薬価基準収載医薬品コード（12桁）');
    const name = r.required(7, /\S/, '品名');
    const interim = r.text(13);
    if (interim !== null) r.check(13, (v) => (parseEraDate(v) ? undefined : `日付が正しくありません（${v.slice(0, 20)}）。`));
    return {
      match: 'yj_code',
      key: code,
      insert: true,
      values: {
        yj_code: code,
        mhlw_code: code,
        brand_name: name,
        ingredient_name: r.text(2),
        standard: r.text(3),
        narcotic: r.text(5) === '麻' ? 1 : 0,
        maker: r.text(8),
        generic: r.text(9) === null ? 0 : 1,
        official_unit_price: r.decimal(12),
        interim_period_on: interim === null ? null : (parseEraDate(interim) ?? null),
        dosage_type: dosage === null ? null : MHLW_DOSAGE[dosage],
      },
    };
  },
};

const MEDIS_GS1_HEADERS = ['ＨＯＴコード', '販売名', '規格単位', '包装形態', '調剤包装単位コード', '販売包装単位コード', '元梱包装単位コード', '更新区分',
  '更新年月日'] as const;

/** A row's 更新区分 and 更新年月日 (a real yyyymmdd), the last two columns of the MEDIS files. */
const checkUpdate = (r: RowReader, typeIndex: number) => {
  r.oneOf(typeIndex, ['1', '2', '3', '4']);
  if (r.date(typeIndex + 1) === null) r.required(typeIndex + 1, /^\d{8}$/, '日付');
};

const medisGs1: Layout = {
  name: 'medis_gs1',
  kind: 'medis_gs1',
  columns: 9,
  headers: MEDIS_GS1_HEADERS,
  header: true,
  row: (r) => {
    const hotCode = r.required(0, HOT, 'HOTコード（9桁または13桁）');
    checkUpdate(r, 7);
    return {
      match: 'hot_code',
      key: hotCode,
      insert: false,
      values: {
        hot_code: hotCode,
        brand_name: r.text(1),
        standard: r.text(2),
        packet_form: r.text(3),
        packet_gs1_code: r.code(4, GS1, 'GS1コード（13桁または14桁）'),
        package_gs1_code: r.code(5, GS1, 'GS1コード（13桁または14桁）'),
        supply_gs1_code: r.code(6, GS1, 'GS1コード（13桁または14桁）'),
      },
    };
  },
};

const MEDIS_OPTION_HEADERS = ['ＨＯＴコード', '販売名', '一般名コード', '一般名', '薬効分類番号', '後発品区分', '更新区分', '更新年月日'] as const;

const medisOption: Layout = {
  name: 'medis_option',
  kind: 'medis_option',
  columns: 8,
  headers: MEDIS_OPTION_HEADERS,
  header: true,
  row: (r) => {
    const hotCode = r.required(0, HOT, 'HOTコード（9桁または13桁）');
    checkUpdate(r, 6);
    const category = r.code(4, DIGITS(4), '薬効分類番号（4桁）');
    return {
      match: 'hot_code',
      key: hotCode,
      insert: false,
      values: {
        hot_code: hotCode,
        brand_name: r.text(1),
        generic_code: r.text(2),
        generic_name: r.text(3),
        // Not a master column: shown in the file's rows only (the master is never given it).
        therapeutic_category: category,
        generic: r.oneOf(5, ['0', '1']) === '1' ? 1 : 0,
      } as MedicineValues,
    };
  },
};

const LAYOUTS_BY_KIND: Record<MasterFileKind, readonly Layout[]> = {
  hot_code: [medisHot],
  medhot: [medhot],
  iryohoken: [mhlwPriceList, sskY],
  medis_gs1: [medisGs1],
  medis_option: [medisOption],
};

/** The first header up to its parenthesis: MEDIS has written both 基準番号（ＨＯＴ番号） and 基準番号（ＨＯＴコード）. */
const headStem = (text: string) => text.trim().normalize('NFKC').split('(')[0];

const headerMatches = (layout: Layout, record: CsvRecord | undefined) =>
  layout.header && record !== undefined && headStem(record.fields[0] ?? '') === headStem(layout.headers[0]);

/** The layout of a file of `kind`: a header-row layout whose header matches, else the headerless one. */
function layoutOf(kind: MasterFileKind, first: CsvRecord | undefined): Layout | undefined {
  const layouts = LAYOUTS_BY_KIND[kind];
  return layouts.find((l) => headerMatches(l, first)) ?? layouts.find((l) => !l.header);
}

/**
 * Decodes, splits and checks a whole file. Any bad line fails the file (its rows are never
 * applied); up to MAX_LINE_ERRORS lines are reported.
 */
export function parseMasterFile(kind: MasterFileKind, bytes: Uint8Array): ParsedFile {
  // Files made on DOS-era tools end with an EOF mark (Ctrl-Z, 0x1A): the 2003 MEDIS file does.
  // Dropped as a byte: decoders disagree on it (Node's ICU Shift_JIS gives U+001C).
  const decoded = decodeMasterFile(bytes.at(-1) === EOF_MARK ? bytes.subarray(0, -1) : bytes);
  if (!decoded.ok) return { ok: false, errors: [decoded.error] };
  const csv = parseCsv(decoded.text);
  if (!csv.ok) return { ok: false, errors: [csv.error] };
  if (csv.records.length === 0) return { ok: false, errors: [{ line: 1, message: 'データ行がありません。' }] };
  const layout = layoutOf(kind, csv.records[0]);
  if (!layout) {
    const expected = LAYOUTS_BY_KIND[kind].map((l) => l.headers[0]).join('」または「');
    return { ok: false, errors: [{ line: csv.records[0].line, message: `見出し行が想定と異なります（先頭の列は「${expected}」）。` }] };
  }
  const records = layout.header ? csv.records.slice(1) : csv.records;
  const errors: LineError[] = [];
  const rows: ParsedRow[] = [];
  for (const record of records) {
    if (errors.length >= MAX_LINE_ERRORS) break;
    if (record.fields.length !== layout.columns) {
      errors.push({ line: record.line, message: `列の数が${record.fields.length}です（${layout.columns}列のはずです）。` });
      continue;
    }
    const reader = new RowReader(record.fields, layout.headers);
    const row = layout.row(reader);
    if (reader.errors.length > 0) errors.push({ line: record.line, message: reader.errors.join(' ') });
    else rows.push({ line: record.line, ...row });
  }
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0) return { ok: false, errors: [{ line: 1, message: 'データ行がありません。' }] };
  return { ok: true, layout: layout.name, encoding: decoded.encoding, rows };
}

/** A failed file in one Japanese sentence per line, for a job's status reason. */
export function describeFileErrors(fileName: string, errors: readonly LineError[]): string {
  return `${fileName} を取り込めませんでした。${errors.map((e) => `${e.line}行目: ${e.message}`).join(' ')}`;
}

export { MEDIS_HOT_HEADERS, MEDHOT_HEADERS, SSK_HEADERS, MHLW_HEADERS, MEDIS_GS1_HEADERS, MEDIS_OPTION_HEADERS };
