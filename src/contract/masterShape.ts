import { toSnakeKey } from './caseConversion';

/**
 * One description of a master's shape (issue 24 item 1), read by both sides: the SPA derives its
 * declaration's field map from it (`src/resources/shapeFields.ts`), the reference API its answer
 * schema and list declaration (`server/shared/masterShape.ts`), and the contract tests check
 * both against it. What is presentation (columns, tabs, groups, links) stays in the SPA's
 * declaration; what is storage (SQL, joins, indexes, seeds) stays in the server's feature.
 *
 * Plain data and no imports beyond the key rule, so it costs the SPA's bundle nothing but itself.
 */

/** A field's type on the wire (spec section 3): what the API answers and the SPA shows. */
export type WireType =
  | 'id'
  | 'integer'
  | 'number'
  | 'text'
  | 'longText'
  | 'email'
  | 'url'
  /** A calendar day, `yyyy-MM-dd` end to end. */
  | 'day'
  /** An instant, ISO 8601; shown in Asia/Tokyo. */
  | 'instant'
  | 'boolean'
  /** Several of a fixed set (`choices`), an array on the wire: a pharmacy's 契約サービス. */
  | 'choices';

export interface ShapeField {
  type: WireType;
  /** The spec's Japanese label: the SPA's column and field label, the API's description. */
  label: string;
  /** Lists sort by it (`sort=<wire key>`, both ways). */
  sortable?: boolean;
  /**
   * The list takes it as a filter (`<wire key>=<value>`): what a value must look like, one that
   * finds rows, and what the filter does when the label alone does not say it.
   */
  filter?: { pattern: RegExp; example: string; description?: string };
  /** The values a `choices` field may hold, in the order the API answers them. */
  choices?: readonly string[];
  /**
   * Answered by the record's detail only: the list's rows leave it out (a pharmacy's 備考, its
   * URL). The list neither sorts, filters nor offers it.
   */
  detail?: true;
  /** The API may answer null. */
  nullable?: boolean;
  /** A value the API's documentation shows in an answer. */
  example?: string;
  /**
   * The field is written by create and update (a field without it is the API's own: id, audit
   * stamps). Text only: every written text has a maximum, so nothing is ever truncated.
   */
  write?: WriteRule;
}

/** What a written text must be; both the form and the API check it, with the same messages. */
export interface WriteRule {
  /** Create must send it, and no write may blank it (spaces alone are blank) or send null. */
  required?: boolean;
  /** Characters (code points) at most, after trimming (as sent, when `verbatim`). */
  maxLength: number;
  /** What a non-blank value must look like, and the sentence that says so. */
  pattern?: { regex: RegExp; message: string; example: string };
  /** No two records may hold the same value; the sentence the API answers a clash with. */
  unique?: { message: string };
  /**
   * Kept exactly as sent (a free note, 備考): neither trimmed nor a blank turned into null.
   * Without it a text is trimmed, and an optional one sent blank is stored as null.
   */
  verbatim?: true;
  /** A value the API's documentation shows (a pattern's own example otherwise). */
  example?: string;
  /**
   * The maximum counts the text as sent (UTF-16 units, surrounding spaces too) and is checked
   * before any other rule: the pharmacy's rule, older than the vocabulary, kept as it was. Never
   * looser than the plain maximum, which counts fewer characters.
   */
  lengthAsSent?: true;
}

export interface MasterShape<F extends Record<string, ShapeField> = Record<string, ShapeField>> {
  /** The master's Japanese name: 卸 → 卸一覧, 卸詳細. */
  label: string;
  /** The spec's API path (section 7), `/api/v2/{module}/{rest}`. */
  api: `/api/v2/${string}`;
  /** Fields by their SPA (camelCase) key; the wire key is its snake_case. */
  fields: F;
  /** The field a list sorts by when asked for none; `-field` sorts it descending (newest first). */
  defaultSort: (keyof F & string) | `-${keyof F & string}`;
  /** The list answers `query=` through a search index. */
  searchable?: boolean;
}

export const defineMasterShape = <const F extends Record<string, ShapeField>>(shape: MasterShape<F>): MasterShape<F> => shape;

/** The field's key on the wire (`prefectureId` → `prefecture_id`), by the spec's one key rule. */
export const wireKey = (field: string): string => toSnakeKey(field);

/** The service module and the path within it: `/api/v2/core/master/dealers` → `core`, `/api/v2/master/dealers`. */
export function apiParts(api: string): { module: string; path: string } {
  const match = /^\/api\/v2\/([a-z]+)(\/.+)$/.exec(api);
  if (!match) throw new Error(`not a spec API path: ${api}`);
  return { module: match[1], path: `/api/v2${match[2]}` };
}

/** The messages the form and the API both give for a broken write rule (spec section 8's wording). */
export const WRITE_MESSAGES = {
  required: (label: string) => `${label}を入力してください。`,
  tooLong: (label: string, max: number) => `${label}は${max}文字以内で入力してください。`,
} as const;

/** The keys of the fields a write takes. */
export type WrittenKey<F extends Record<string, ShapeField>> = { [K in keyof F & string]: F[K] extends { write: WriteRule } ? K : never }[keyof F & string];

/** The fields a write takes: those with a write rule. */
export const writtenFields = <F extends Record<string, ShapeField>>(shape: MasterShape<F>): WrittenKey<F>[] =>
  (Object.keys(shape.fields) as (keyof F & string)[]).filter((key): key is WrittenKey<F> => shape.fields[key].write !== undefined);

/**
 * The message a written value breaks its rule with, or undefined when it may be written. A value
 * that is no text is a blank here: its type is the API's to refuse (形式が正しくありません).
 */
export function writeRuleError(label: string, rule: WriteRule, value: unknown): string | undefined {
  if (rule.lengthAsSent && typeof value === 'string' && value.length > rule.maxLength) return WRITE_MESSAGES.tooLong(label, rule.maxLength);
  const blank = typeof value !== 'string' || value.trim() === '';
  if (blank && rule.required) return WRITE_MESSAGES.required(label);
  // A blank optional text is cleared to null, unless verbatim: then it is stored, and measured, as sent.
  if (typeof value !== 'string' || (blank && !rule.verbatim)) return undefined;
  const stored = rule.verbatim ? value : value.trim();
  if ([...stored].length > rule.maxLength) return WRITE_MESSAGES.tooLong(label, rule.maxLength);
  if (rule.pattern && !blank && !rule.pattern.regex.test(stored)) return rule.pattern.message;
  return undefined;
}

/**
 * The broken write rules of a form's values (camelCase keys), field → message; `{}` when the write
 * may go. A create checks every written field; an update only the ones it sends. Uniqueness needs
 * the other records and is the API's to answer.
 */
export function shapeWriteErrors<F extends Record<string, ShapeField>>(shape: MasterShape<F>, values: Record<string, unknown>, mode: 'create' | 'update'): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of writtenFields(shape)) {
    const { label, write } = shape.fields[key];
    if (mode === 'update' && values[key] === undefined) continue;
    const message = writeRuleError(label, write!, values[key]);
    if (message) errors[key] = message;
  }
  return errors;
}

/**
 * Who created and changed a record, and when: the same four fields on every core master, the
 * API's own (no write rule). `updatedAt` sorts; a master whose list sorts more says so over it.
 */
export const AUDIT_SHAPE_FIELDS = {
  createdAt: { type: 'instant', label: '作成日時' },
  updatedAt: { type: 'instant', label: '更新日時', sortable: true },
  createdBy: { type: 'text', label: '作成者', nullable: true },
  updatedBy: { type: 'text', label: '更新者', nullable: true },
} as const satisfies Record<string, ShapeField>;
