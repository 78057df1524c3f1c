import type { Capability } from './additions';
import { toSnakeKey } from './caseConversion';

/**
 * One description of a master's shape (issue 24 item 1), read by both sides: the SPA derives its
 * declaration's field map from it (`src/resources/shapeFields.ts`), the reference API its answer
 * schema and list declaration (`server/shared/masterShape.ts`), and the contract tests check
 * both against it.
 *
 * A plain master (issue 37, docs/ADDING_A_MASTER.md) is its shape alone: its table, search index,
 * routes, screens and tests all come from it, so its shape also says what they need (`search`,
 * `rules`, `samples`, and a little presentation in `screen`). A master with special storage
 * keeps its SQL in its server feature and its presentation (tabs, groups, links) in its SPA
 * declaration.
 *
 * Plain data and no imports beyond the key rule (and a type), so it costs the SPA's bundle
 * nothing but itself.
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
  /** One of the field's `choices` (a user's role): a fixed word on the wire, its label on screen. */
  | 'choice'
  /** Several of the field's `choices`, an array on the wire (a pharmacy's 契約サービス). */
  | 'choices';

/** A value a choice field takes, with the spec's Japanese word for it. */
export interface ShapeChoice {
  value: string;
  label: string;
}

export interface ShapeField {
  type: WireType;
  /** The spec's Japanese label: the SPA's column and field label, the API's description. */
  label: string;
  /** Lists sort by it (`sort=<wire key>`, both ways). */
  sortable?: boolean;
  /**
   * The list takes it as a filter (`<wire key>=<value>`): what a value must look like (a choice
   * field's value is one of its choices, so it has no pattern), and one that finds rows.
   */
  filter?: ShapeFilter;
  /** The API may answer null. */
  nullable?: boolean;
  /** A choice or choices field's values, in the spec's order (the order the API answers a list of them in). */
  choices?: readonly ShapeChoice[];
  /**
   * Answered by the record's detail only: the list's rows leave it out (a pharmacy's 備考, its
   * URL). The list neither sorts, filters nor offers it.
   */
  detail?: true;
  /** A value the API's documentation shows in an answer (`auth0|…`). */
  example?: string;
  /** What the API's documentation says of the field where its label is not enough (the label otherwise). */
  description?: string;
  /**
   * The field is written by create and update (a field without it is the API's own: id, audit
   * stamps). Every written text has a maximum (its own, or its pattern's), so nothing is ever
   * truncated; an integer has its least and most; a day or a yes/no needs nothing more (`{}`); a
   * choice's rule says only whether it must be sent (its choices are its rule).
   */
  write?: WriteRule | ChoiceWriteRule;
}

export interface ShapeFilter {
  pattern?: RegExp;
  example: string;
  /** What the filter keeps, for the API's documentation (the field's label otherwise). */
  description?: string;
}

/** What a written choice must be: one of the field's choices, and sent on create when required. */
export interface ChoiceWriteRule {
  required?: boolean;
  maxLength?: never;
}

/**
 * What a written value must be. A text's rules both the form and the API check, with the same
 * messages; an integer's, a day's and a yes/no's the API checks (a wrong one is 形式が正しくありません
 * or the bound it breaks), as no form checks them yet.
 */
export interface WriteRule {
  /** Create must send it, and no write may blank it (spaces alone are blank) or send null. */
  required?: boolean;
  /** A text's characters (code points) at most, after trimming (as sent, when `verbatim`); a code's pattern may bound it instead. */
  maxLength?: number;
  /**
   * The text may be left out or cleared with null, but one sent is never blank: a blank is refused
   * (入力してください, or a code's pattern sentence) rather than stored as null.
   */
  nonBlank?: true;
  /** An integer's least and most (both inclusive). */
  min?: number;
  max?: number;
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
  /**
   * The list answers `query=` through a search index its feature builds by hand (pharmacies,
   * users): a master whose index comes from the shape says `search` instead.
   */
  searchable?: boolean;
  /** What `query=` searches, for a plain master whose search index comes from the shape (server/shared/masterStore.ts). */
  search?: ShapeSearch<keyof F & string>;
  /** Rules across two fields of one record: the form and the API check them with the same sentence. */
  rules?: readonly ShapeRule<keyof F & string>[];
  /** The addition beyond spec section 7 the whole master is (src/contract/additions.ts): not served or shown without it. */
  requires?: Capability;
  /** Rows a new database starts with (written fields by SPA key), stamped by CSサポート at one fixed instant. */
  samples?: readonly Partial<Record<keyof F & string, string | number | boolean | null>>[];
  /**
   * How a plain master's generated screens show it (src/resources/masterResource.ts), where the
   * defaults (every row field but long texts and the creation stamps; its `name` or `title`) do not fit.
   */
  screen?: ShapeScreen<keyof F & string>;
}

/** The search of a plain master: its index's text, its short text and its exact codes. */
export interface ShapeSearch<K extends string> {
  /** The fields the full text holds, in order (3+ character terms match anywhere in them). */
  fields: readonly K[];
  /** The fields 1-2 character terms search (a name, a shortcut); the first of `fields` unless said. */
  short?: readonly K[];
  /** Codes a query may be, looked up by equality in the field's column before any text search. */
  codes?: readonly { field: K; pattern: RegExp }[];
  /** The search box's placeholder (卸名で検索). */
  label: string;
}

/** A rule across two fields: `field` may not be a day before `notBefore` (公開終了日 ≥ 公開開始日); either left empty passes. */
export interface ShapeRule<K extends string> {
  field: K;
  notBefore: K;
}

/** The sidebar's sections the generated screens may sit in (src/layout/menu.ts names them). */
export type ShapeMenuSection = 'core' | 'pharmacyMasters' | 'otherMasters';

export interface ShapeScreen<K extends string> {
  /** The sidebar's section and place in it (from 1); no entry without it. */
  menu?: { section: ShapeMenuSection; order: number };
  /** The list's columns, in order. */
  columns?: readonly K[];
  /** The field that names a record (breadcrumbs, titles). */
  recordName?: K;
}

/**
 * A shape of whatever fields, as a list of masters holds it: MasterShape is invariant in its
 * fields (they are both held and named by key), so no one field map fits every shape.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each shape's own field map; readers go through the generic helpers
export type AnyMasterShape = MasterShape<any>;

/** A master's shape, its default sort kept as written (`'-updatedAt'`), so a list declaration takes it as one of its fields. */
export const defineMasterShape = <const F extends Record<string, ShapeField>, const S extends MasterShape<F>['defaultSort']>(
  shape: MasterShape<F> & { defaultSort: S },
): MasterShape<F> & { defaultSort: S } => shape;

/** The field's key on the wire (`prefectureId` → `prefecture_id`), by the spec's one key rule. */
export const wireKey = (field: string): string => toSnakeKey(field);

/** The service module and the path within it: `/api/v2/core/master/dealers` → `core`, `/api/v2/master/dealers`. */
export function apiParts(api: string): { module: string; path: string } {
  const match = /^\/api\/v2\/([a-z]+)(\/.+)$/.exec(api);
  if (!match) throw new Error(`not a spec API path: ${api}`);
  return { module: match[1], path: `/api/v2${match[2]}` };
}

/** A master's table: its API path's last segment (`/api/v2/core/admin/saved_replies` → saved_replies). */
export const masterTable = (shape: Pick<AnyMasterShape, 'api'>): string => apiParts(shape.api).path.split('/').pop()!;

/** A master's resource name in the SPA, which its versions also name it by: `v2/<service>/<table>`. */
export const masterResourceName = (shape: Pick<AnyMasterShape, 'api'>): string => `v2/${apiParts(shape.api).module}/${masterTable(shape)}`;

/** The messages the form and the API both give for a broken write rule (spec section 8's wording). */
export const WRITE_MESSAGES = {
  required: (label: string) => `${label}を入力してください。`,
  tooLong: (label: string, max: number) => `${label}は${max}文字以内で入力してください。`,
  unchosen: (label: string) => `${label}を選択してください。`,
  malformed: (label: string) => `${label}の形式が正しくありません。`,
  notBefore: (label: string, earlier: string) => `${label}は${earlier}以降の日付を入力してください。`,
} as const;

/** The wire types whose written rules are a text's (`writeRuleError`). */
export const isTextType = (type: WireType): boolean => type === 'text' || type === 'longText' || type === 'email' || type === 'url';

/** A choice field's values (`['pharmacy', 'admin']`), typed as the shape spells them. */
export const choiceValues = <V extends string>(field: { choices?: readonly { value: V }[] }): V[] => (field.choices ?? []).map((choice) => choice.value);

/** The e-mail rule the API always checked (zod's own e-mail pattern, spelt out so the contract imports nothing). */
// Spelt character for character as zod's, escapes and all, so a test holds the two to one source.
// eslint-disable-next-line no-useless-escape
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** The keys of the fields a write takes. */
export type WrittenKey<F extends Record<string, ShapeField>> = { [K in keyof F & string]: F[K] extends { write: object } ? K : never }[keyof F & string];

/** The fields a write takes: those with a write rule. */
export const writtenFields = <F extends Record<string, ShapeField>>(shape: MasterShape<F>): WrittenKey<F>[] =>
  (Object.keys(shape.fields) as (keyof F & string)[]).filter((key): key is WrittenKey<F> => shape.fields[key].write !== undefined);

/**
 * The message a written value breaks its rule with, or undefined when it may be written. A value
 * that is no text is a blank here: its type is the API's to refuse (形式が正しくありません).
 */
export function writeRuleError(label: string, rule: WriteRule, value: unknown): string | undefined {
  if (rule.lengthAsSent && rule.maxLength !== undefined && typeof value === 'string' && value.length > rule.maxLength) return WRITE_MESSAGES.tooLong(label, rule.maxLength);
  const blank = typeof value !== 'string' || value.trim() === '';
  if (blank && rule.required) return WRITE_MESSAGES.required(label);
  if (rule.nonBlank && typeof value === 'string' && blank) return rule.pattern?.message ?? WRITE_MESSAGES.required(label);
  // A blank optional text is cleared to null, unless verbatim: then it is stored, and measured, as sent.
  if (typeof value !== 'string' || (blank && !rule.verbatim)) return undefined;
  const stored = rule.verbatim ? value : value.trim();
  if (rule.maxLength !== undefined && [...stored].length > rule.maxLength) return WRITE_MESSAGES.tooLong(label, rule.maxLength);
  if (rule.pattern && !blank && !rule.pattern.regex.test(stored)) return rule.pattern.message;
  return undefined;
}

/** A text field's write rule; undefined for a field not written, or written as another type. */
export const textWriteRule = (field: ShapeField): WriteRule | undefined => (isTextType(field.type) ? (field.write as WriteRule | undefined) : undefined);

/**
 * The message a written value of `field` breaks its rule with: a choice must be one of its
 * choices (none sent is 選択してください when required, as the API's enum answers); a text is
 * judged by `writeRuleError`; a number, a day or a yes/no is the API's to check (see WriteRule).
 */
export function fieldWriteError(field: ShapeField, value: unknown): string | undefined {
  const { label, write } = field;
  if (!write) return undefined;
  const text = textWriteRule(field);
  if (text) return writeRuleError(label, text, value);
  if (field.type !== 'choice') return undefined;
  if (value === undefined || value === null) return write.required ? WRITE_MESSAGES.unchosen(label) : undefined;
  return field.choices?.some((choice) => choice.value === value) ? undefined : WRITE_MESSAGES.malformed(label);
}

/**
 * The broken write rules of a form's values (camelCase keys), field → message; `{}` when the write
 * may go. A create checks every written field; an update only the ones it sends. Uniqueness needs
 * the other records and is the API's to answer.
 */
export function shapeWriteErrors<F extends Record<string, ShapeField>>(shape: MasterShape<F>, values: Record<string, unknown>, mode: 'create' | 'update'): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of writtenFields(shape)) {
    if (mode === 'update' && values[key] === undefined) continue;
    const message = fieldWriteError(shape.fields[key], values[key]);
    if (message) errors[key] = message;
  }
  for (const [key, message] of shapeRuleErrors(shape, (field) => values[field])) errors[key] ??= message;
  return errors;
}

/**
 * The rules across fields a record breaks (`rules`), as [field, message]: `value` reads the
 * record as it would be stored (the API: the stored row with the body over it; the form: its
 * values). A day is `yyyy-MM-dd`, so the earlier one sorts first as text.
 */
export function shapeRuleErrors<F extends Record<string, ShapeField>>(shape: MasterShape<F>, value: (field: keyof F & string) => unknown): [keyof F & string, string][] {
  return (shape.rules ?? []).flatMap(({ field, notBefore }): [keyof F & string, string][] => {
    const later = value(field);
    const earlier = value(notBefore);
    if (typeof later !== 'string' || typeof earlier !== 'string' || later === '' || earlier === '' || later >= earlier) return [];
    return [[field, WRITE_MESSAGES.notBefore(shape.fields[field].label, shape.fields[notBefore].label)]];
  });
}

/** Whether the list answers `query=` (an index from the shape, or the feature's own). */
export const shapeSearches = (shape: AnyMasterShape): boolean => Boolean(shape.searchable || shape.search);

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
