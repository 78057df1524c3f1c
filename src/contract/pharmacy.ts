/**
 * The pharmacy master's rules (spec sections 5 and 9), one module the form and the reference API
 * both run, so a client that is bypassed meets exactly the same messages on the server.
 *
 * Values are the form's, camelCase; the server maps its snake_case body onto them. Every check
 * is on strings and arrays only: the server's schema has already refused wrong types.
 */

/** 薬局コード: exactly 10 characters (spec section 9); the check digit only warns. */
export const MICODE_LENGTH = 10;
/** Longest text any pharmacy field takes: longer input is refused, never truncated. */
export const PHARMACY_TEXT_MAX = 255;
export const PHARMACY_NOTE_MAX = 2000;

export const PHARMACY_SERVICES = ['share', 'medorder'] as const;
export type PharmacyService = (typeof PHARMACY_SERVICES)[number];

/** 予測ロジック: the values with a meaning; anything else is shown as unset. */
export const PREDICTORS = ['optimized_orders', 'statistic'] as const;

export const PHARMACY_MESSAGES = {
  servicesRequired: '契約サービスを少なくとも1つは選んでください。',
  micodeLength: `薬局コードは${MICODE_LENGTH}文字で入力してください。`,
  micodeCheckDigit: '薬局コードのチェックディジットが一致しません。番号をご確認ください（このまま保存できます）。',
  postalCode: '郵便番号は7桁の数字で入力してください（ハイフンは1つまで）。',
  phone: '電話番号は数字とハイフンで入力してください。',
  fax: 'FAX番号は数字とハイフンで入力してください。',
  email: 'メールアドレスの形式が正しくありません。',
  webUrl: 'WebサイトURLは http:// または https:// で始まるURLを入力してください。',
  date: (label: string) => `${label}は日付（yyyy-MM-dd）で入力してください。`,
  required: (label: string) => `${label}を入力してください。`,
  tooLong: (label: string, max: number) => `${label}は${max}文字以内で入力してください。`,
  predictor: '予測ロジックの値が正しくありません。',
} as const;

/** Japanese labels of the form's fields, shared by the form and the server's messages. */
export const PHARMACY_LABELS = {
  name: '薬局名',
  micode: '薬局コード',
  invoiceNumber: '適格請求書発行事業者登録番号',
  postalCode: '郵便番号',
  address1: '都道府県',
  address2: '市区町村',
  address3: '町域・番地',
  address4: '建物名',
  phone: '電話番号',
  fax: 'FAX番号',
  email: 'メールアドレス',
  webUrl: 'WebサイトURL',
  navigation: 'アクセス',
  note: '備考',
  startedOn: '開始日',
  endedOn: '終了日',
  deletedOn: '削除日',
  subdivisionTransferorName: '小分け譲渡元',
  subdivisionTransfereeName: '小分け譲受先',
  v4InstId: 'V4施設ID',
  services: '契約サービス',
} as const;

export interface PharmacyValues {
  name?: unknown;
  micode?: unknown;
  invoiceNumber?: unknown;
  postalCode?: unknown;
  address1?: unknown;
  address2?: unknown;
  address3?: unknown;
  address4?: unknown;
  phone?: unknown;
  fax?: unknown;
  email?: unknown;
  webUrl?: unknown;
  navigation?: unknown;
  note?: unknown;
  startedOn?: unknown;
  endedOn?: unknown;
  deletedOn?: unknown;
  subdivisionTransferorName?: unknown;
  subdivisionTransfereeName?: unknown;
  v4InstId?: unknown;
  services?: unknown;
  predictor?: unknown;
}

export type PharmacyField = keyof PharmacyValues;
export type PharmacyErrors = Partial<Record<PharmacyField, string>>;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const PHONE = /^[0-9][0-9-]{5,19}$/;
// A pragmatic address check: something@domain.tld, no spaces, one @.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const isWebUrl = (value: string): boolean => {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname.includes('.');
  } catch {
    return false;
  }
};

/** The 7 digits of a postal code once a hyphen is removed, or undefined (spec: lookup runs only then). */
export const postalDigits = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const digits = value.trim().replace('-', '');
  return /^\d{7}$/.test(digits) ? digits : undefined;
};

const REQUIRED: PharmacyField[] = ['name', 'micode', 'postalCode', 'address1', 'address2', 'address3', 'phone', 'email'];
const LONG: PharmacyField[] = ['note', 'navigation'];
const DAYS: PharmacyField[] = ['startedOn', 'endedOn', 'deletedOn'];

/**
 * The form's and the API's errors, one message per field (the first rule it breaks); empty when
 * the values may be saved. A failed micode check digit is not here: it is a warning
 * (`micodeWarning`), never a block.
 */
export function pharmacyErrors(values: PharmacyValues): PharmacyErrors {
  const errors: PharmacyErrors = {};
  const set = (field: PharmacyField, message: string) => {
    errors[field] ??= message;
  };
  for (const [field, label] of Object.entries(PHARMACY_LABELS) as [keyof typeof PHARMACY_LABELS, string][]) {
    if (field === 'services') continue;
    const value = values[field];
    const max = LONG.includes(field) ? PHARMACY_NOTE_MAX : PHARMACY_TEXT_MAX;
    if (typeof value === 'string' && value.length > max) set(field, PHARMACY_MESSAGES.tooLong(label, max));
    if (REQUIRED.includes(field) && text(value) === '') set(field, PHARMACY_MESSAGES.required(label));
  }
  const micode = text(values.micode);
  if (micode !== '' && [...micode].length !== MICODE_LENGTH) set('micode', PHARMACY_MESSAGES.micodeLength);
  const postal = text(values.postalCode);
  if (postal !== '' && postalDigits(postal) === undefined) set('postalCode', PHARMACY_MESSAGES.postalCode);
  const phone = text(values.phone);
  if (phone !== '' && !PHONE.test(phone)) set('phone', PHARMACY_MESSAGES.phone);
  const fax = text(values.fax);
  if (fax !== '' && !PHONE.test(fax)) set('fax', PHARMACY_MESSAGES.fax);
  const email = text(values.email);
  if (email !== '' && !EMAIL.test(email)) set('email', PHARMACY_MESSAGES.email);
  const webUrl = text(values.webUrl);
  if (webUrl !== '' && !isWebUrl(webUrl)) set('webUrl', PHARMACY_MESSAGES.webUrl);
  for (const field of DAYS) {
    const day = values[field];
    if (day !== null && day !== undefined && day !== '' && !(typeof day === 'string' && DAY.test(day) && isRealDay(day))) {
      set(field, PHARMACY_MESSAGES.date(PHARMACY_LABELS[field as keyof typeof PHARMACY_LABELS]));
    }
  }
  const services = Array.isArray(values.services) ? values.services : [];
  if (!services.some((service) => (PHARMACY_SERVICES as readonly unknown[]).includes(service))) {
    set('services', PHARMACY_MESSAGES.servicesRequired);
  }
  const predictor = values.predictor;
  if (predictor !== null && predictor !== undefined && predictor !== '' && !(PREDICTORS as readonly unknown[]).includes(predictor)) {
    set('predictor', PHARMACY_MESSAGES.predictor);
  }
  return errors;
}

function isRealDay(day: string): boolean {
  const [year, month, date] = day.split('-').map(Number);
  if (year < 1 || month < 1 || month > 12 || date < 1) return false;
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0);
  return date <= last.getUTCDate();
}

/** Luhn check digit for a digit string (the digit that makes `payload + check` Luhn-valid). */
export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  let double = true; // the rightmost payload digit is doubled once the check digit is appended
  for (let i = payload.length - 1; i >= 0; i--) {
    let d = payload.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * 薬局コード (10 digits): prefecture (2) + 点数表 4 (調剤) + 郡市区 (2) + 機関番号 (4) + check (1).
 * The check digit is Luhn over the 10 digits, except in Saitama, Chiba, Tokyo and Kanagawa
 * (11-14) where it is Luhn over the 7-digit code (郡市区 + 機関番号 + check).
 */
export function buildMicode(prefectureId: number, gun: number, kikan: number): string {
  const pref = String(prefectureId).padStart(2, '0');
  const local = String(gun).padStart(2, '0') + String(kikan).padStart(4, '0');
  const payload = `${pref}4${local}`;
  const check = prefectureId >= 11 && prefectureId <= 14 ? luhnCheckDigit(local) : luhnCheckDigit(payload);
  return `${payload}${check}`;
}

/** Whether the code is a pharmacy's (点数表 4) with the check digit of its prefecture's rule. */
export function isValidMicodeCheckDigit(micode: string): boolean {
  if (!/^\d{10}$/.test(micode)) return false;
  return buildMicode(Number(micode.slice(0, 2)), Number(micode.slice(3, 5)), Number(micode.slice(5, 9))) === micode;
}

/** The warning under the micode input: only for a 10-character code whose check digit fails. */
export const micodeWarning = (value: unknown): string | undefined => {
  const micode = text(value);
  return [...micode].length === MICODE_LENGTH && !isValidMicodeCheckDigit(micode) ? PHARMACY_MESSAGES.micodeCheckDigit : undefined;
};

/** Batch queue settings of the ordering service (spec sections 4 and 9): 12 h, 1 h, or off. */
export const BATCH_TTLS = [43200, 3600, 0] as const;
export type BatchTtl = (typeof BATCH_TTLS)[number];

/** Licence files (spec section 2 licences tab): PDF, PNG or JPEG, checked by their bytes. */
export const LICENSE_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type LicenseContentType = (typeof LICENSE_CONTENT_TYPES)[number];
export const LICENSE_MAX_BYTES = 10 * 1024 * 1024;
export const LICENSE_NUMBER_MAX = 100;

/** The type a file's first bytes say it is, among the licence types; undefined for anything else. */
export function sniffLicenseType(bytes: Uint8Array): LicenseContentType | undefined {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf'; // %PDF-
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  return undefined;
}
