import { fieldWriteError, shapeWriteErrors, textWriteRule, writtenFields, type MasterShape, type ShapeField, type WireType } from '../contract/masterShape';
import type { FieldDeclaration, FieldType, SortDeclaration } from './types';

/** How the SPA shows each wire type. */
const FIELD_TYPES: Record<WireType, FieldType> = {
  id: 'id',
  integer: 'number',
  number: 'number',
  text: 'text',
  longText: 'longText',
  email: 'email',
  url: 'url',
  day: 'date',
  instant: 'datetime',
  boolean: 'boolean',
  choice: 'choice',
  choices: 'multiChoice',
};

/**
 * A declaration's field map from the master's one description (src/contract/masterShape.ts):
 * type, label and sortability come from the contract, so the SPA and the API cannot disagree on
 * them. Presentation the contract does not know (a reference link, a group) is added over it:
 * `fields: { ...shapeFields(SHAPE), companyId: { ...shapeFields(SHAPE).companyId, reference } }`.
 *
 * A field the API requires is marked required. `checks: 'server'` is a form that checks nothing
 * itself and lists the API's errors (spec: the company and group forms have no client rules): its
 * required fields are marked all the same (`requiredCheck: 'server'`), but the input refuses nothing.
 */
export function shapeFields<F extends Record<string, ShapeField>>(shape: MasterShape<F>, { checks = 'form' }: { checks?: 'form' | 'server' } = {}): { [K in keyof F]: FieldDeclaration } {
  const fields: Partial<Record<keyof F, FieldDeclaration>> = {};
  for (const key of Object.keys(shape.fields) as (keyof F & string)[]) {
    const { type, label, sortable, write, choices } = shape.fields[key];
    const required = write?.required && { required: true, ...(checks === 'server' && { requiredCheck: 'server' as const }) };
    const pattern = textWriteRule(shape.fields[key])?.pattern;
    // A field without a write rule is the API's own (id, stamps): shown in a form, never sent.
    fields[key] = {
      type: FIELD_TYPES[type],
      label,
      ...(choices && { choices }),
      ...(sortable && { sortable }),
      ...(write ? required : { readOnly: true }),
      ...(pattern && { example: pattern.example }),
    };
  }
  return fields as { [K in keyof F]: FieldDeclaration };
}

/**
 * A declaration's form from the shape: the written fields, in the shape's order, checked by the
 * same rules (and messages) the API applies. The form always holds every written field, so its
 * values are checked as a whole record.
 */
export function shapeForm<F extends Record<string, ShapeField>>(shape: MasterShape<F>) {
  return {
    fields: writtenFields(shape),
    validate: (values: Record<string, unknown>) => shapeWriteErrors(shape, values, 'create'),
  };
}

/**
 * One field's write rule as a react-admin validator, for a form that is not `shapeForm` (the user
 * create page): the same rule and message the API answers with, before anything is sent.
 */
export const shapeRule = (field: ShapeField) => (value: unknown) => fieldWriteError(field, value);

/** The field a default sort names (`-updatedAt` → `updatedAt`). */
type SortField<S extends string> = S extends `-${infer K}` ? K : S;

/**
 * The shape's default sort (`-updatedAt` is newest first) as a list declares it: written once, in
 * the shape, so the SPA's first page and the API's unsorted one cannot disagree.
 */
export const shapeSort = <S extends string>(shape: { defaultSort: S }): SortDeclaration<SortField<S>> =>
  shape.defaultSort.startsWith('-')
    ? { field: shape.defaultSort.slice(1) as SortField<S>, order: 'DESC' }
    : { field: shape.defaultSort as SortField<S>, order: 'ASC' };
