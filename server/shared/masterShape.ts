import { z } from '@hono/zod-openapi';
import { apiParts, wireKey, writeRuleError, writtenFields, type MasterShape, type ShapeField, type WireType } from '../../src/contract/masterShape';
import type { DB } from '../db/open';
import { validationError } from './errors';
import { instantSchema } from './openapi';
import { labelled } from './validation';
import type { ListDeclaration, ListFilterParam } from './listEndpoint';
import type { SearchIndex } from './search';
import { declaredRecord, declaredSchema } from './typeAdapters';

/*
 * The reference API's side of a master's one description (src/contract/masterShape.ts): its
 * answer schema (and so its OpenAPI) and its list declaration (sorts, filters, search, fields),
 * derived. What stays in the feature's code is storage: the SELECT, the joins, the SQL of a
 * sort or filter where it is not the listed table's column of the same name, the search index.
 */

/** One character of a wire key: an upper-case letter becomes `_` and its lower case. */
type WireChar<C extends string> = C extends Lowercase<C>
  ? C
  : `_${Lowercase<C>}`;

/** `prefectureId` → `prefecture_id`, as `wireKey` does at run time. */
export type WireKey<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${WireChar<Head>}${WireKey<Tail>}`
  : S;

type WireValue<F extends ShapeField> = F['type'] extends 'id' | 'integer' | 'number'
  ? number
  : F['type'] extends 'boolean'
    ? boolean
    : F extends { choices: readonly (infer C)[] }
      ? C[]
      : string;
type FieldValue<F extends ShapeField> = F extends { nullable: true } ? WireValue<F> | null : WireValue<F>;

/** The fields the list's rows answer (all but the detail's own). */
type RowKey<F extends Record<string, ShapeField>> = { [K in keyof F & string]: F[K] extends { detail: true } ? never : K }[keyof F & string];
type DetailKey<F extends Record<string, ShapeField>> = Exclude<keyof F & string, RowKey<F>>;

/** A record as the API's list answers it: wire keys, wire types (the detail's own fields left out). */
export type WireRecord<F extends Record<string, ShapeField>> = { [K in RowKey<F> as WireKey<K>]: FieldValue<F[K]> };

type FilterKey<F extends Record<string, ShapeField>> = { [K in RowKey<F>]: F[K] extends { filter: object } ? WireKey<K> : never }[RowKey<F>];

const WIRE_SCHEMAS: Record<WireType, () => z.ZodType> = {
  id: () => z.number().int(),
  integer: () => z.number().int(),
  number: () => z.number(),
  text: () => z.string(),
  longText: () => z.string(),
  email: () => z.string(),
  url: () => z.string(),
  // A day carries the example the hand-written answers gave it; the write rules check its form.
  day: () => z.string().openapi({ example: '2024-04-01' }),
  // An instant carries the example every hand-written answer gave it.
  instant: () => instantSchema(),
  boolean: () => z.boolean(),
  choices: () => z.array(z.string()),
};

const answerField = (spec: ShapeField) => {
  const base = spec.type === 'choices' && spec.choices ? z.array(z.enum(spec.choices as [string, ...string[]])) : WIRE_SCHEMAS[spec.type]();
  const schema = base.openapi({ description: spec.label, ...(spec.example && { example: spec.example }) });
  return spec.nullable ? schema.nullable() : schema;
};

/** The answer's fields by wire key: the list's rows (fields without `detail`), or the detail's own. */
function answerFields<F extends Record<string, ShapeField>>(shape: MasterShape<F>, part: 'row' | 'detail') {
  return Object.fromEntries(Object.entries(shape.fields).filter(([, spec]) => Boolean(spec.detail) === (part === 'detail')).map(([field, spec]) => [wireKey(field), answerField(spec)] as const));
}

/** The schema of one record as the API's list answers it, registered in OpenAPI under `name`. */
export function answerSchema<F extends Record<string, ShapeField>>(shape: MasterShape<F>, name: string) {
  return declaredSchema<z.ZodObject<{ [K in keyof WireRecord<F>]: z.ZodType<WireRecord<F>[K]> }>>(z.object(answerFields(shape, 'row')).openapi(name));
}

/** The fields only the detail answers (`detail`), by wire key: the feature extends its row schema with them. */
export function detailAnswerFields<F extends Record<string, ShapeField>>(shape: MasterShape<F>) {
  return answerFields(shape, 'detail') as { [K in DetailKey<F> as WireKey<K>]: z.ZodType<FieldValue<F[K]>> };
}

export interface ListStorage<F, X extends Record<string, ListFilterParam>> {
  /** The listed table's alias in the feature's FROM (`d` for `FROM dealers d`). */
  alias: string;
  /** A field's SQL where it is not `<alias>.<wire key>` (a joined table's column). */
  sql?: Partial<Record<keyof F, string>>;
  search?: SearchIndex;
  /**
   * Filters on something other than the record's own fields, by wire name: a membership's
   * candidates (groups a pharmacy is not in). Bespoke, like their SQL in the handler.
   */
  filters?: X;
}

/** The list declaration (src/shared/listEndpoint.ts) a master's shape and its storage give. */
export function listDeclarationOf<F extends Record<string, ShapeField>, X extends Record<string, ListFilterParam> = Record<never, ListFilterParam>>(shape: MasterShape<F>, storage: ListStorage<F, X>) {
  const { module, path } = apiParts(shape.api);
  const sqlOf = (field: string) => storage.sql?.[field as keyof F] ?? `${storage.alias}.${wireKey(field)}`;
  // The detail's own fields are no part of the list: its rows neither answer, sort nor filter them.
  const fields = Object.entries(shape.fields).filter(([, spec]) => !spec.detail);
  const filters = declaredRecord<FilterKey<F>, ListFilterParam>(
    fields.flatMap(([field, spec]) =>
      spec.filter
        ? [[wireKey(field), { label: spec.label, schema: z.string().regex(spec.filter.pattern).optional().openapi({ description: spec.filter.description ?? spec.label }), example: spec.filter.example }]]
        : [],
    ),
  );
  if (Boolean(shape.searchable) !== (storage.search !== undefined)) throw new Error(`${shape.api}: a searchable shape needs a search index, and only it`);
  return {
    base: `/${module}`,
    path,
    summary: `${shape.label}一覧`,
    sortColumns: Object.fromEntries(fields.filter(([, spec]) => spec.sortable).map(([field]) => [wireKey(field), sqlOf(field)])),
    defaultSort: shape.defaultSort.startsWith('-') ? `-${wireKey(shape.defaultSort.slice(1))}` : wireKey(shape.defaultSort),
    filters: { ...filters, ...storage.filters },
    ...(storage.search && { search: storage.search }),
    fields: fields.map(([field]) => wireKey(field)),
  } satisfies ListDeclaration;
}

type RequiredWritten<F extends Record<string, ShapeField>> = { [K in keyof F & string]: F[K] extends { write: { required: true } } ? WireKey<K> : never }[keyof F & string];
type OptionalWritten<F extends Record<string, ShapeField>> = Exclude<{ [K in keyof F & string]: F[K] extends { write: object } ? WireKey<K> : never }[keyof F & string], RequiredWritten<F>>;

/** A create's body, by wire key: trimmed text (as sent, when verbatim); a field that may be cleared may be null or left out. */
export type WireWrite<F extends Record<string, ShapeField>> = { [K in RequiredWritten<F>]: string } & { [K in OptionalWritten<F>]?: string | null };

/**
 * The request bodies of a master's create (every written field) and update (the fields sent; what
 * is not sent stays), from its shape's write rules (issue 24 item 1): the same checks and the same
 * Japanese messages as the form's (`writeRuleError`), text trimmed unless verbatim, a blank
 * optional field null.
 */
export function writeSchemas<F extends Record<string, ShapeField>>(shape: MasterShape<F>, name: string) {
  const keys = writtenFields(shape);
  const field = (key: string, mode: 'create' | 'update') => {
    const { label, write } = shape.fields[key];
    const rule = write!;
    const example = rule.example ?? rule.pattern?.example;
    const documented = { description: label, maxLength: rule.maxLength, ...(rule.required && { minLength: 1 }), ...(rule.pattern && { pattern: rule.pattern.regex.source }), ...(example && { example }) };
    const text = z.string().openapi(documented);
    // zod refuses a value of the wrong type (形式が正しくありません, or 入力してください for a
    // required field missing or null); the contract's rule judges the text. Each field is checked
    // on its own, so a body hears of every broken field at once.
    const checked = labelled(label, rule.required ? text : text.nullable()).superRefine((value, context) => {
      const message = writeRuleError(label, rule, value);
      if (message) context.addIssue({ code: 'custom', message });
    });
    return mode === 'create' && rule.required ? checked : checked.optional();
  };
  const stored = (key: string, value: unknown) => {
    if (typeof value !== 'string' || shape.fields[key].write!.verbatim) return value;
    return value.trim() === '' ? null : value.trim();
  };
  const body = (mode: 'create' | 'update') =>
    z
      .object(Object.fromEntries(keys.map((key) => [wireKey(key), field(key, mode)] as const)))
      .transform((value) => Object.fromEntries(keys.flatMap((key) => (value[wireKey(key)] === undefined ? [] : [[wireKey(key), stored(key, value[wireKey(key)])]]))))
      .openapi(`${name}${mode === 'create' ? 'Input' : 'Update'}`);
  return {
    create: declaredSchema<z.ZodType<WireWrite<F>>>(body('create')),
    update: declaredSchema<z.ZodType<Partial<WireWrite<F>>>>(body('update')),
  };
}

/**
 * Refuses a write whose value of a `unique` field another record of `table` already holds (422 with
 * the shape's sentence). Run in the write's transaction; column names come from the shape.
 */
export function assertShapeUnique<F extends Record<string, ShapeField>>(db: DB, table: string, shape: MasterShape<F>, body: Record<string, unknown>, exceptId: number | null): void {
  for (const key of writtenFields(shape)) {
    const unique = shape.fields[key].write!.unique;
    const column = wireKey(key);
    if (!unique || body[column] === undefined || body[column] === null) continue;
    const clash = db.prepare(`SELECT 1 FROM ${table} WHERE ${column} = @value AND id IS NOT @exceptId`).get({ value: body[column], exceptId });
    if (clash) throw validationError({ [column]: [unique.message] });
  }
}
