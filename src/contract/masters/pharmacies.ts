import { AUDIT_SHAPE_FIELDS, defineMasterShape, type WriteRule } from '../masterShape';

/**
 * Pharmacies (薬局): the shape the SPA's declaration, the reference API's pharmacies feature and
 * the pharmacy rules (src/contract/pharmacy.ts) derive from. The list's rows answer the fields
 * without `detail`; the detail answers them all.
 *
 * Beyond the shape, in code: the nested groups of the wire (pharmacy_invoice.invoice_number,
 * predict_config.predictor, service_attributes) and the company reference (an integer, checked to
 * exist); the rules no text rule says (a WebサイトURL the URL parser reads, a real calendar day,
 * at least one 契約サービス, a known 予測ロジック, the micode check digit that only warns); and a
 * write judged as the whole record it leaves behind (pharmacyErrors over the stored row and the
 * body), so a PUT keeps what it does not name.
 */

/** 薬局コード: exactly 10 characters (spec section 9); the check digit only warns. */
export const MICODE_LENGTH = 10;
/** Longest text any pharmacy field takes: longer input is refused, never truncated. */
export const PHARMACY_TEXT_MAX = 255;
export const PHARMACY_NOTE_MAX = 2000;

/** The services a pharmacy may contract (契約サービス), in the order the API answers them. */
export const PHARMACY_SERVICE_CHOICES = [
  { value: 'share', label: '在庫シェア' },
  { value: 'medorder', label: '発注' },
] as const;
export const PHARMACY_SERVICES = PHARMACY_SERVICE_CHOICES.map((choice) => choice.value);

// A phone or FAX number: digits and hyphens, 6 to 20 of them, a digit first.
const PHONE = /^[0-9][0-9-]{5,19}$/;

/** A pharmacy text: its maximum counted as sent and checked first, as the pharmacy rules always did. */
const text = <const R extends Omit<WriteRule, 'maxLength' | 'lengthAsSent'>>(rule: R, maxLength = PHARMACY_TEXT_MAX) => ({ ...rule, maxLength, lengthAsSent: true as const });

export const PHARMACY_SHAPE = defineMasterShape({
  label: '薬局',
  api: '/api/v2/core/admin/pharmacies',
  // The written fields in the order the rules have always listed their messages (a 422's list).
  fields: {
    id: { type: 'id', label: 'ID', sortable: true },
    companyId: {
      type: 'integer',
      label: '会社ID',
      nullable: true,
      sortable: true,
      filter: { pattern: /^\d{1,12}$/, example: '1', description: 'この会社に所属する薬局のみ' },
    },
    name: { type: 'text', label: '薬局名', sortable: true, write: text({ required: true, example: 'さくら薬局 渋谷店' }) },
    micode: {
      type: 'text',
      label: '薬局コード',
      example: '1341234567',
      // Ten characters of any kind: what is not a pharmacy's code only warns (micodeWarning).
      write: text({ required: true, pattern: { regex: /^.{10}$/su, message: `薬局コードは${MICODE_LENGTH}文字で入力してください。`, example: '1341234567' } }),
    },
    postalCode: {
      type: 'text',
      label: '郵便番号',
      // Seven digits with at most one hyphen anywhere (postalDigits); stored as the 7 digits.
      write: text({ required: true, pattern: { regex: /^(?=(?:\D*\d){7}\D*$)\d*-?\d*$/, message: '郵便番号は7桁の数字で入力してください（ハイフンは1つまで）。', example: '150-0002' } }),
    },
    // Sorted in prefecture order (JIS code), not the text order of the names.
    address1: { type: 'text', label: '都道府県', sortable: true, write: text({ required: true }) },
    address2: { type: 'text', label: '市区町村', write: text({ required: true }) },
    address3: { type: 'text', label: '町域・番地', write: text({ required: true }) },
    address4: { type: 'text', label: '建物名', nullable: true, write: text({}) },
    phone: { type: 'text', label: '電話番号', write: text({ required: true, pattern: { regex: PHONE, message: '電話番号は数字とハイフンで入力してください。', example: '03-1234-5678' } }) },
    fax: { type: 'text', label: 'FAX番号', nullable: true, write: text({ pattern: { regex: PHONE, message: 'FAX番号は数字とハイフンで入力してください。', example: '03-1234-5679' } }) },
    email: {
      type: 'email',
      label: 'メールアドレス',
      // A pragmatic address check: something@domain.tld, no spaces, one @.
      write: text({ required: true, pattern: { regex: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: 'メールアドレスの形式が正しくありません。', example: 'info@example.com' } }),
    },
    // http(s) with a host the URL parser reads is the pharmacy rules' to check (isWebUrl).
    webUrl: { type: 'url', label: 'WebサイトURL', nullable: true, detail: true, write: text({}) },
    navigation: { type: 'longText', label: 'アクセス', nullable: true, detail: true, write: text({}, PHARMACY_NOTE_MAX) },
    note: { type: 'longText', label: '備考', nullable: true, detail: true, write: text({}, PHARMACY_NOTE_MAX) },
    // A real calendar day is the pharmacy rules' to check (isRealDay): no pattern says it.
    startedOn: { type: 'day', label: '開始日', nullable: true, write: text({}) },
    endedOn: { type: 'day', label: '終了日', nullable: true, write: text({}) },
    deletedOn: { type: 'day', label: '削除日', nullable: true, detail: true, write: text({}) },
    subdivisionTransferorName: { type: 'text', label: '小分け譲渡元', nullable: true, detail: true, write: text({}) },
    subdivisionTransfereeName: { type: 'text', label: '小分け譲受先', nullable: true, detail: true, write: text({}) },
    v4InstId: { type: 'text', label: 'V4施設ID', nullable: true, detail: true, write: text({}) },
    services: {
      type: 'choices',
      label: '契約サービス',
      choices: PHARMACY_SERVICE_CHOICES,
    },
    createdAt: { ...AUDIT_SHAPE_FIELDS.createdAt, sortable: true },
    updatedAt: AUDIT_SHAPE_FIELDS.updatedAt,
    createdBy: { ...AUDIT_SHAPE_FIELDS.createdBy, detail: true },
    updatedBy: { ...AUDIT_SHAPE_FIELDS.updatedBy, detail: true },
    latitude: { type: 'number', label: '緯度（自動）', nullable: true, detail: true },
    longitude: { type: 'number', label: '経度（自動）', nullable: true, detail: true },
    v1Id: { type: 'integer', label: 'V1 ID', nullable: true, detail: true },
  },
  defaultSort: '-updatedAt',
  searchable: true,
});
