import { z } from '@hono/zod-openapi';
import { isDayString } from '../../src/contract/dates';
import { apiParts, choiceValues, shapeSearches, textWriteRule, WRITE_MESSAGES, wireKey, writeRuleError, writtenFields, type MasterShape, type ShapeField, type ShapeFilter, type WireType, type WriteRule } from '../../src/contract/masterShape';
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

/** A choice field's values as the shape spells them (`'pharmacy' | 'admin'`). */
type ChoiceOf<F extends ShapeField> = F extends { choices: readonly { value: infer V }[] } ? V : string;
type WireValue<F extends ShapeField> = F['type'] extends 'id' | 'integer' | 'number'
  ? number
  : F['type'] extends 'boolean'
    ? boolean
    : F['type'] extends 'choice'
      ? ChoiceOf<F>
      : F['type'] extends 'choices'
        ? ChoiceOf<F>[]
        : string;
type FieldValue<F extends ShapeField> = F extends { nullable: true } ? WireValue<F> | null : WireValue<F>;

/** The fields the list's rows answer (all but the detail's own). */
type RowKey<F extends Record<string, ShapeField>> = { [K in keyof F & string]: F[K] extends { detail: true } ? never : K }[keyof F & string];
type DetailKey<F extends Record<string, ShapeField>> = Exclude<keyof F & string, RowKey<F>>;

/** A record as the API's list answers it: wire keys, wire types (the detail's own fields left out). */
export type WireRecord<F extends Record<string, ShapeField>> = { [K in RowKey<F> as WireKey<K>]: FieldValue<F[K]> };

type FilterKey<F extends Record<string, ShapeField>> = { [K in RowKey<F>]: F[K] extends { filter: object } ? WireKey<K> : never }[RowKey<F>];

const WIRE_SCHEMAS: Record<Exclude<WireType, 'choice' | 'choices'>, () => z.ZodType> = {
  id: () => z.number().int(),
  integer: () => z.number().int(),
  number: () => z.number(),
  text: () => z.string(),
  longText: () => z.string(),
  email: () => z.string(),
  url: () => z.string(),
  // A day as every hand-written answer gave it (optionalDaySchema): its format in the description.
  day: () => z.string().openapi({ example: '2024-04-01' }),
  // An instant carries the example every hand-written answer gave it.
  instant: () => instantSchema(),
  boolean: () => z.boolean(),
};

/** One of a choice field's values. */
function choiceSchema(spec: ShapeField): z.ZodType<string> {
  const values = choiceValues(spec);
  if (values.length === 0) throw new Error(`choice field ${spec.label} has no choices`);
  return z.enum(values);
}

/** A choice field's one value, a choices field's list of them, or the wire type's own schema. */
const wireSchema = (spec: ShapeField): z.ZodType =>
  spec.type === 'choice' ? choiceSchema(spec) : spec.type === 'choices' ? z.array(choiceSchema(spec)) : WIRE_SCHEMAS[spec.type]();

const answerField = (spec: ShapeField) => {
  const description = spec.description ?? (spec.type === 'day' ? `${spec.label} (yyyy-MM-dd)` : spec.label);
  const schema = wireSchema(spec).openapi({ description, ...(spec.example && { example: spec.example }) });
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
  /** What the list's summary adds after `…一覧`, in parentheses (how it searches). */
  summaryNote?: string;
  /** Queries the API bench times for this list, beside its generic name searches. */
  searchExamples?: ListDeclaration['searchExamples'];
  /**
   * Sort keys beyond the shape's sortable fields, by wire name (an addition's, src/contract/additions.ts):
   * their SQL, each with an index on (expression, id) like every sort.
   */
  sorts?: Record<string, string>;
}

/** The list declaration (src/shared/listEndpoint.ts) a master's shape and its storage give. */
export function listDeclarationOf<F extends Record<string, ShapeField>, X extends Record<string, ListFilterParam> = Record<never, ListFilterParam>>(shape: MasterShape<F>, storage: ListStorage<F, X>) {
  const { module, path } = apiParts(shape.api);
  const sqlOf = (field: string) => storage.sql?.[field as keyof F] ?? `${storage.alias}.${wireKey(field)}`;
  // The detail's own fields are no part of the list: its rows neither answer, sort nor filter them.
  const fields = Object.entries(shape.fields).filter(([, spec]) => !spec.detail);
  const filterSchema = (spec: ShapeField, filter: ShapeFilter) => {
    if (spec.type !== 'choice' && spec.type !== 'boolean' && !filter.pattern) throw new Error(`${shape.api}: the filter on ${spec.label} needs a pattern`);
    // A yes/no filter is three-state: true, false, or not sent (either).
    const schema = spec.type === 'choice' ? choiceSchema(spec) : spec.type === 'boolean' ? z.enum(['true', 'false']) : z.string().regex(filter.pattern!);
    return schema.optional().openapi({ description: filter.description ?? spec.label });
  };
  const filters = declaredRecord<FilterKey<F>, ListFilterParam>(
    fields.flatMap(([field, spec]) => (spec.filter ? [[wireKey(field), { label: spec.label, schema: filterSchema(spec, spec.filter), example: spec.filter.example }]] : [])),
  );
  if (shapeSearches(shape) !== (storage.search !== undefined)) throw new Error(`${shape.api}: a searchable shape needs a search index, and only it`);
  return {
    base: `/${module}`,
    path,
    summary: storage.summaryNote ? `${shape.label}一覧 (${storage.summaryNote})` : `${shape.label}一覧`,
    sortColumns: { ...Object.fromEntries(fields.filter(([, spec]) => spec.sortable).map(([field]) => [wireKey(field), sqlOf(field)])), ...storage.sorts },
    defaultSort: shape.defaultSort.startsWith('-') ? `-${wireKey(shape.defaultSort.slice(1))}` : wireKey(shape.defaultSort),
    filters: { ...filters, ...storage.filters },
    ...(storage.search && { search: storage.search }),
    ...(storage.searchExamples && { searchExamples: storage.searchExamples }),
    fields: fields.map(([field]) => wireKey(field)),
  } satisfies ListDeclaration;
}

type Required<F extends ShapeField> = F extends { write: { required: true } } ? true : false;
type WriteValue<F extends ShapeField> = WireValue<F>;

/** A create's body, by wire key: trimmed text (as sent, when verbatim), a choice's value, a number, a day or a yes/no; a field that may be cleared may be null or left out. */
export type WireWrite<F extends Record<string, ShapeField>> = { [K in keyof F & string as Required<F[K]> extends true ? WireKey<K> : never]: WriteValue<F[K]> } & {
  [K in keyof F & string as Required<F[K]> extends true ? never : F[K] extends { write: object } ? WireKey<K> : never]?: WriteValue<F[K]> | null;
};

/**
 * What a body takes beyond the record's written fields (a new user's pharmacy and permission,
 * stored as a membership and checked against the role; a manual's category, checked against the
 * tree): their zod, taken as written by both modes; the order the API checks and documents the
 * body's keys in (the shape's written fields, then these, unless said), so a 422 lists its
 * messages as before; and the update body's name where it was not `<name>Update`.
 */
export interface BespokeWrites<E extends z.ZodRawShape> {
  fields?: E;
  order?: readonly string[];
  /** The update body's OpenAPI name where it is not `<name>Update` (`ManualPatch`). */
  updateName?: string;
}

/** An integer within its bounds, a day (`yyyy-MM-dd`, a real one) or a yes/no; zod's own messages name the field. */
function otherField(type: WireType, rule: WriteRule): z.ZodType {
  if (type === 'integer') {
    const integer = z.number().int();
    const least = rule.min === undefined ? integer : integer.min(rule.min);
    return rule.max === undefined ? least : least.max(rule.max);
  }
  if (type === 'day') return z.string().refine(isDayString);
  if (type === 'boolean') return z.boolean();
  throw new Error(`a ${type} field has no write rules yet`);
}

/**
 * The request bodies of a master's create (every written field) and update (the fields sent; what
 * is not sent stays), from its shape's write rules (issue 24 item 1): the same checks and the same
 * Japanese messages as the form's (`fieldWriteError`), text trimmed unless verbatim, a blank
 * optional field null, a choice one of its values, an integer within its bounds, a real day.
 */
export function writeSchemas<F extends Record<string, ShapeField>, E extends z.ZodRawShape = Record<never, z.ZodType>>(shape: MasterShape<F>, name: string, bespoke?: BespokeWrites<E>) {
  const keys = writtenFields(shape);
  const textField = (spec: ShapeField, rule: WriteRule) => {
    const example = rule.example ?? rule.pattern?.example;
    // An e-mail's pattern is zod's own: documented as the format it always was.
    const pattern = rule.pattern && (spec.type === 'email' ? { format: 'email' } : { pattern: rule.pattern.regex.source });
    const text = z.string().openapi({
      description: spec.label,
      ...(rule.maxLength !== undefined && { maxLength: rule.maxLength }),
      ...((rule.required || rule.nonBlank) && { minLength: 1 }),
      ...pattern,
      ...(example && { example }),
    });
    return rule.required ? text : text.nullable();
  };
  const choiceField = (spec: ShapeField) => {
    const values = z.enum(choiceValues(spec)).openapi({ description: `${spec.label} (${spec.choices!.map((choice) => `${choice.value}: ${choice.label}`).join(', ')})` });
    return spec.write!.required ? values : values.nullable();
  };
  const field = (key: string, mode: 'create' | 'update') => {
    const spec = shape.fields[key];
    const optional = <T extends z.ZodType>(schema: T) => (mode === 'create' && spec.write!.required ? schema : schema.optional());
    const rule = textWriteRule(spec);
    // zod refuses a value of the wrong type (形式が正しくありません, or 入力してください for a
    // required field missing or null; a choice outside its values likewise); the contract's rule
    // judges the text. Each field is checked on its own, so a body hears of every broken field at once.
    if (rule) {
      return optional(
        labelled(spec.label, textField(spec, rule)).superRefine((value, context) => {
          const message = writeRuleError(spec.label, rule, value);
          // A verbatim text is measured as sent: one that is blank and too long breaks both rules,
          // and the API says both (the form shows one message, the last).
          if (message === WRITE_MESSAGES.required(spec.label) && rule.verbatim && rule.maxLength !== undefined && typeof value === 'string' && [...value].length > rule.maxLength) {
            context.addIssue({ code: 'custom', message: WRITE_MESSAGES.tooLong(spec.label, rule.maxLength) });
          }
          if (message) context.addIssue({ code: 'custom', message });
        }),
      );
    }
    if (spec.type === 'choice') return optional(labelled(spec.label, choiceField(spec)));
    const written = spec.write as WriteRule;
    const value = otherField(spec.type, written);
    // Only a field the API may answer null can be cleared with null (a yes/no that is always yes or no cannot).
    return labelled(spec.label, optional(written.required || !spec.nullable ? value : value.nullable()).openapi({ description: spec.label, ...(written.example && { example: written.example }) }));
  };
  const stored = (key: string, value: unknown) => {
    const rule = textWriteRule(shape.fields[key]);
    if (typeof value !== 'string' || !rule || rule.verbatim) return value;
    return value.trim() === '' ? null : value.trim();
  };
  const extra: z.ZodRawShape = bespoke?.fields ?? {};
  const order = bespoke?.order ?? [...keys.map(wireKey), ...Object.keys(extra)];
  const fromShape = new Map(keys.map((key) => [wireKey(key), key]));
  if ([...order].sort().join() !== [...fromShape.keys(), ...Object.keys(extra)].sort().join()) throw new Error(`${name}: the order names every body field once`);
  const body = (mode: 'create' | 'update') =>
    z
      .object(Object.fromEntries(order.map((wire) => [wire, fromShape.has(wire) ? field(fromShape.get(wire)!, mode) : extra[wire]] as const)))
      .transform((value) => Object.fromEntries(order.flatMap((wire) => (value[wire] === undefined ? [] : [[wire, fromShape.has(wire) ? stored(fromShape.get(wire)!, value[wire]) : value[wire]]]))))
      .openapi(mode === 'create' ? `${name}Input` : (bespoke?.updateName ?? `${name}Update`));
  type Extra = z.output<z.ZodObject<E>>;
  return {
    create: declaredSchema<z.ZodType<WireWrite<F> & Extra>>(body('create')),
    update: declaredSchema<z.ZodType<Partial<WireWrite<F>> & Extra>>(body('update')),
  };
}

/**
 * Refuses a write whose value of a `unique` field another record of `table` already holds (422 with
 * the shape's sentence). Run in the write's transaction; column names come from the shape.
 */
export function assertShapeUnique<F extends Record<string, ShapeField>>(db: DB, table: string, shape: MasterShape<F>, body: Record<string, unknown>, exceptId: number | null): void {
  for (const key of writtenFields(shape)) {
    const unique = textWriteRule(shape.fields[key])?.unique;
    const column = wireKey(key);
    if (!unique || body[column] === undefined || body[column] === null) continue;
    const clash = db.prepare(`SELECT 1 FROM ${table} WHERE ${column} = @value AND id IS NOT @exceptId`).get({ value: body[column], exceptId });
    if (clash) throw validationError({ [column]: [unique.message] });
  }
}
