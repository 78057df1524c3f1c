import { z } from '@hono/zod-openapi';
import { apiParts, shapeWriteErrors, wireKey, writtenFields, type MasterShape, type ShapeField, type WireType } from '../../src/contract/masterShape';
import type { DB } from '../db/open';
import { validationError } from './errors';
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

type WireValue<T extends WireType> = T extends 'id' | 'integer' | 'number' ? number : T extends 'boolean' ? boolean : string;
type FieldValue<F extends ShapeField> = F extends { nullable: true } ? WireValue<F['type']> | null : WireValue<F['type']>;

/** A record as the API answers it: wire keys, wire types. */
export type WireRecord<F extends Record<string, ShapeField>> = { [K in keyof F & string as WireKey<K>]: FieldValue<F[K]> };

type FilterKey<F extends Record<string, ShapeField>> = { [K in keyof F & string]: F[K] extends { filter: object } ? WireKey<K> : never }[keyof F & string];

const WIRE_SCHEMAS: Record<WireType, () => z.ZodType> = {
  id: () => z.number().int(),
  integer: () => z.number().int(),
  number: () => z.number(),
  text: () => z.string(),
  longText: () => z.string(),
  email: () => z.string(),
  url: () => z.string(),
  day: () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  instant: () => z.string(),
  boolean: () => z.boolean(),
};

/** The schema of one record as the API answers it, registered in OpenAPI under `name`. */
export function answerSchema<F extends Record<string, ShapeField>>(shape: MasterShape<F>, name: string) {
  const entries = Object.entries(shape.fields).map(([field, spec]) => {
    const schema = WIRE_SCHEMAS[spec.type]().openapi({ description: spec.label });
    return [wireKey(field), spec.nullable ? schema.nullable() : schema] as const;
  });
  return declaredSchema<z.ZodObject<{ [K in keyof WireRecord<F>]: z.ZodType<WireRecord<F>[K]> }>>(z.object(Object.fromEntries(entries)).openapi(name));
}

export interface ListStorage<F> {
  /** The listed table's alias in the feature's FROM (`d` for `FROM dealers d`). */
  alias: string;
  /** A field's SQL where it is not `<alias>.<wire key>` (a joined table's column). */
  sql?: Partial<Record<keyof F, string>>;
  search?: SearchIndex;
}

/** The list declaration (src/shared/listEndpoint.ts) a master's shape and its storage give. */
export function listDeclarationOf<F extends Record<string, ShapeField>>(shape: MasterShape<F>, storage: ListStorage<F>) {
  const { module, path } = apiParts(shape.api);
  const sqlOf = (field: string) => storage.sql?.[field as keyof F] ?? `${storage.alias}.${wireKey(field)}`;
  const fields = Object.entries(shape.fields);
  const filters = declaredRecord<FilterKey<F>, ListFilterParam>(
    fields.flatMap(([field, spec]) =>
      spec.filter
        ? [[wireKey(field), { label: spec.label, schema: z.string().regex(spec.filter.pattern).optional().openapi({ description: spec.label }), example: spec.filter.example }]]
        : [],
    ),
  );
  if (Boolean(shape.searchable) !== (storage.search !== undefined)) throw new Error(`${shape.api}: a searchable shape needs a search index, and only it`);
  return {
    base: `/${module}`,
    path,
    summary: `${shape.label}一覧`,
    sortColumns: Object.fromEntries(fields.filter(([, spec]) => spec.sortable).map(([field]) => [wireKey(field), sqlOf(field)])),
    defaultSort: wireKey(shape.defaultSort),
    filters,
    ...(storage.search && { search: storage.search }),
    fields: fields.map(([field]) => wireKey(field)),
  } satisfies ListDeclaration;
}

/** The fields a write takes, by wire key: trimmed text, or null where a blank is allowed. */
export type WireWrite<F extends Record<string, ShapeField>> = {
  [K in keyof F & string as F[K] extends { write: object } ? WireKey<K> : never]: F[K] extends { write: { required: true } } ? string : string | null;
};

/**
 * The request bodies of a master's create (every written field) and update (the fields sent; what
 * is not sent stays), from its shape's write rules (issue 24 item 1): the same checks and the same
 * Japanese messages as the form's (`shapeWriteErrors`), text trimmed, a blank optional field null.
 */
export function writeSchemas<F extends Record<string, ShapeField>>(shape: MasterShape<F>, name: string) {
  const keys = writtenFields(shape);
  const field = (key: string) => {
    const spec = shape.fields[key];
    const { pattern } = spec.write!;
    const text = z.string().openapi({ description: spec.label, ...(pattern && { pattern: pattern.regex.source, example: pattern.example }) });
    return labelled(spec.label, text.nullable());
  };
  const body = (mode: 'create' | 'update') => {
    // Every field is optional to zod, which checks types only: the contract's rules (a missing
    // required field among them) run in one pass, so every broken rule is answered at once.
    const entries = keys.map((key) => [wireKey(key), field(key).optional()] as const);
    return z
      .object(Object.fromEntries(entries))
      .superRefine((value, context) => {
        const values = Object.fromEntries(keys.map((key) => [key, value[wireKey(key)]]));
        for (const [key, message] of Object.entries(shapeWriteErrors(shape, values, mode))) context.addIssue({ code: 'custom', path: [wireKey(key)], message });
      })
      .transform((value) =>
        Object.fromEntries(
          Object.entries(value).flatMap(([key, text]) => (text === undefined ? [] : [[key, typeof text === 'string' && text.trim() !== '' ? text.trim() : null]])),
        ),
      )
      .openapi(`${name}${mode === 'create' ? 'Input' : 'Update'}`);
  };
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
