/*
 * The pharmacy rules as they were written by hand before their text rules came from the shape
 * (src/contract/pharmacy.ts at 6a93456): the reference pharmacyShape.test.ts holds the derived
 * rules to, message for message. Not to be edited but to be deleted with that test.
 */
/** 薬局コード: exactly 10 characters (spec section 9); the check digit only warns. */
const MICODE_LENGTH = 10;
/** Longest text any pharmacy field takes: longer input is refused, never truncated. */
const PHARMACY_TEXT_MAX = 255;
const PHARMACY_NOTE_MAX = 2000;

const PHARMACY_SERVICES = ['share', 'medorder'] as const;

/** 予測ロジック: the values with a meaning; anything else is shown as unset. */
const PREDICTORS = ['optimized_orders', 'statistic'] as const;

const PHARMACY_MESSAGES = {
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
export const HAND_WRITTEN_LABELS = {
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

interface PharmacyValues {
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

type PharmacyField = keyof PharmacyValues;
type PharmacyErrors = Partial<Record<PharmacyField, string>>;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const PHONE = /^[0-9][0-9-]{5,19}$/;
// A pragmatic address check: something@domain.tld, no spaces, one @.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isWebUrl = (value: string): boolean => {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname.includes('.');
  } catch {
    return false;
  }
};

/** The 7 digits of a postal code once a hyphen is removed, or undefined (spec: lookup runs only then). */
const postalDigits = (value: unknown): string | undefined => {
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
export function handWrittenPharmacyErrors(values: PharmacyValues): PharmacyErrors {
  const errors: PharmacyErrors = {};
  const set = (field: PharmacyField, message: string) => {
    errors[field] ??= message;
  };
  for (const [field, label] of Object.entries(HAND_WRITTEN_LABELS) as [keyof typeof HAND_WRITTEN_LABELS, string][]) {
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
      set(field, PHARMACY_MESSAGES.date(HAND_WRITTEN_LABELS[field as keyof typeof HAND_WRITTEN_LABELS]));
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

