import type { FieldMap, TypedResourceDeclaration } from './types';

/**
 * Declares a master. The field map's keys type every other part of the declaration, so a
 * misspelt field in columns, tabs, badges or the form is a compile error:
 *
 *   defineResource({ fields: { name: {...} }, list: { columns: ['nmae'] } })  // error
 */
export const defineResource = <const F extends FieldMap>(declaration: TypedResourceDeclaration<F>): TypedResourceDeclaration<F> =>
  declaration;
