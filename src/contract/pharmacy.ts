/**
 * The pharmacy master's rules (spec sections 5 and 9), one module the form and the reference API
 * both run, so a client that is bypassed meets exactly the same messages on the server.
 *
 * Values are the form's, camelCase; the server maps its snake_case body onto them. Every check
 * is on strings and arrays only: the server's schema has already refused wrong types.
 */

import { writeRuleError, writtenFields, WRITE_MESSAGES, type WriteRule } from './masterShape';
import { MICODE_LENGTH, PHARMACY_SERVICES, PHARMACY_SHAPE, PHARMACY_TEXT_MAX } from './masters/pharmacies';

export { MICODE_LENGTH, PHARMACY_NOTE_MAX, PHARMACY_SERVICES, PHARMACY_TEXT_MAX } from './masters/pharmacies';
export type PharmacyService = (typeof PHARMACY_SERVICES)[number];

const F = PHARMACY_SHAPE.fields;

/** 予測ロジック: the values with a meaning; anything else is shown as unset. */
export const PREDICTORS = ['optimized_orders', 'statistic'] as const;

/** The pharmacy's messages; those of its text rules are the shape's (src/contract/masters/pharmacies.ts). */
export const PHARMACY_MESSAGES = {
  servicesRequired: '契約サービスを少なくとも1つは選んでください。',
  micodeLength: F.micode.write.pattern.message,
  micodeCheckDigit: '薬局コードのチェックディジットが一致しません。番号をご確認ください（このまま保存できます）。',
  postalCode: F.postalCode.write.pattern.message,
  phone: F.phone.write.pattern.message,
  fax: F.fax.write.pattern.message,
  email: F.email.write.pattern.message,
  webUrl: 'WebサイトURLは http:// または https:// で始まるURLを入力してください。',
  date: (label: string) => `${label}は日付（yyyy-MM-dd）で入力してください。`,
  required: WRITE_MESSAGES.required,
  tooLong: WRITE_MESSAGES.tooLong,
  predictor: '予測ロジックの値が正しくありません。',
  invoiceNumberFormat: '登録番号は「T」と13桁の数字で入力してください。',
  invoiceNumberCheckDigit: '登録番号の検査用数字が正しくありません。',
} as const;

/** Japanese labels of the form's fields, the shape's but for the nested invoice number. */
export const PHARMACY_LABELS = {
  name: F.name.label,
  micode: F.micode.label,
  invoiceNumber: '適格請求書発行事業者登録番号',
  postalCode: F.postalCode.label,
  address1: F.address1.label,
  address2: F.address2.label,
  address3: F.address3.label,
  address4: F.address4.label,
  phone: F.phone.label,
  fax: F.fax.label,
  email: F.email.label,
  webUrl: F.webUrl.label,
  navigation: F.navigation.label,
  note: F.note.label,
  startedOn: F.startedOn.label,
  endedOn: F.endedOn.label,
  deletedOn: F.deletedOn.label,
  subdivisionTransferorName: F.subdivisionTransferorName.label,
  subdivisionTransfereeName: F.subdivisionTransfereeName.label,
  v4InstId: F.v4InstId.label,
  services: F.services.label,
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

/**
 * 適格請求書発行事業者登録番号 sits nested on the wire (pharmacy_invoice.invoice_number), which the
 * shape's flat fields do not say: its text rule is here, measured as the shape's are.
 */
const INVOICE_NUMBER_RULE: WriteRule = { maxLength: PHARMACY_TEXT_MAX, lengthAsSent: true };

const FULL_WIDTH_DIGIT = /[０-９]/g;

/**
 * The invoice number as stored: trimmed, full-width digits as half-width, and a leading Ｔ, ｔ or t
 * as T (what an IME or a copy from a PDF gives). Anything else is left for the rules to refuse.
 */
export const foldInvoiceNumber = (value: string): string =>
  value
    .trim()
    .replace(FULL_WIDTH_DIGIT, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0))
    .replace(/^[Ｔｔt]/u, 'T');

/**
 * The check digit of a 13-digit 法人番号 (the first digit) from its 12-digit base, as the National
 * Tax Agency defines it (法人番号の指定等に関する省令 第2条): 9 − (Σ Pn × Qn mod 9), Pn the n-th
 * digit of the base counted from the lowest, Qn 1 for odd n and 2 for even n. A 登録番号 is T and
 * the 法人番号, or for a 個人事業者 T and 13 digits given under the same rule.
 */
export const invoiceCheckDigit = (base: string): number => {
  let sum = 0;
  for (let n = 1; n <= base.length; n++) sum += Number(base[base.length - n]) * (n % 2 === 1 ? 1 : 2);
  return 9 - (sum % 9);
};

/** The message for an invoice number (folded first); undefined when it is one: T, the check digit, the 12-digit base. */
export const invoiceNumberError = (value: string): string | undefined => {
  const folded = foldInvoiceNumber(value);
  if (!/^T\d{13}$/.test(folded)) return PHARMACY_MESSAGES.invoiceNumberFormat;
  return Number(folded[1]) === invoiceCheckDigit(folded.slice(2)) ? undefined : PHARMACY_MESSAGES.invoiceNumberCheckDigit;
};
const DAYS = ['startedOn', 'endedOn', 'deletedOn'] as const;

/**
 * The form's and the API's errors, one message per field (the first rule it breaks); empty when
 * the values may be saved. The shape's text rules come first (too long as sent, required, the
 * pattern); what no text rule says is checked here. A failed micode check digit is not here: it
 * is a warning (`micodeWarning`), never a block.
 */
export function pharmacyErrors(values: PharmacyValues): PharmacyErrors {
  const errors: PharmacyErrors = {};
  const set = (field: PharmacyField, message: string | undefined) => {
    if (message) errors[field] ??= message;
  };
  // Messages in the order they have always come (a 422 lists them so): every field's length and
  // required first, the invoice number after the micode; then the patterns', then the rest.
  const patterns: PharmacyErrors = {};
  for (const field of writtenFields(PHARMACY_SHAPE)) {
    const rule: WriteRule = F[field].write;
    const message = writeRuleError(F[field].label, rule, values[field]);
    if (message && message === rule.pattern?.message) patterns[field] = message;
    else set(field, message);
    if (field === 'micode') set('invoiceNumber', writeRuleError(PHARMACY_LABELS.invoiceNumber, INVOICE_NUMBER_RULE, values.invoiceNumber));
  }
  Object.assign(errors, patterns);
  const invoiceNumber = text(values.invoiceNumber);
  if (invoiceNumber !== '') set('invoiceNumber', invoiceNumberError(invoiceNumber));
  const webUrl = text(values.webUrl);
  if (webUrl !== '' && !isWebUrl(webUrl)) set('webUrl', PHARMACY_MESSAGES.webUrl);
  for (const field of DAYS) {
    const day = values[field];
    if (day !== null && day !== undefined && day !== '' && !(typeof day === 'string' && DAY.test(day) && isRealDay(day))) {
      set(field, PHARMACY_MESSAGES.date(PHARMACY_LABELS[field]));
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
