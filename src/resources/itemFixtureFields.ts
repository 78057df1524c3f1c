import type { MasterShape, ShapeField } from '../contract/masterShape';
import { shapeFields } from './shapeFields';
import type { FieldDeclaration } from './types';

/*
 * What the two item fixture declarations (在庫品目補正, 発注品目補正; spec sections 2, 3 and 5)
 * share, from their shapes (src/contract/masters/itemFixtures.ts): the forms check nothing
 * themselves (the API's errors are listed), edits send only the changed fields (PATCH), and the
 * screens show no creation stamp.
 */

/** A yes/no the fixture may leave unset (null: the published masters' value stands): 未設定 / はい / いいえ, 未設定 sent as null. */
const optionalFlag = (label: string): FieldDeclaration => ({
  type: 'choice',
  label,
  choices: [
    { value: true, label: 'はい' },
    { value: false, label: 'いいえ' },
  ],
  unknownLabel: '未設定',
  parse: 'emptyToNull',
});

/** How the form sends a written field: numbers as integers, an emptied one as null; a note in three rows. */
function written(field: FieldDeclaration, { type, nullable }: ShapeField): FieldDeclaration {
  if (type === 'boolean' && nullable) return optionalFlag(field.label);
  if (type === 'integer') return { ...field, parse: 'integer' };
  return { ...field, ...(type === 'longText' && { rows: 3 }), parse: 'emptyToNull' };
}

/** A fixture's field map: the shape's types, labels and sorts, and how its form sends each value. */
export function fixtureFields<F extends Record<string, ShapeField> & { createdAt: ShapeField }>(shape: MasterShape<F>): { [K in Exclude<keyof F, 'createdAt'>]: FieldDeclaration } {
  const { createdAt: _createdAt, ...fields } = shapeFields(shape, { checks: 'server' });
  for (const key of Object.keys(fields) as Exclude<keyof F & string, 'createdAt'>[]) {
    if (shape.fields[key].write) fields[key] = written(fields[key], shape.fields[key]);
  }
  return fields;
}

/** The declaration's head: named by its name, created and edited, an edit sending only what changed. */
export const fixtureDeclarationHead = (shape: Pick<MasterShape, 'label' | 'api'>) =>
  ({
    label: shape.label,
    recordLabel: shape.label,
    api: shape.api,
    recordRepresentation: 'name',
    capabilities: { create: true, edit: true },
    update: { method: 'PATCH', send: 'changed' },
  }) as const;
