import type { AnyResourceDeclaration } from './types';

/**
 * What the type system cannot see: references across declarations and rules between parts.
 * The registry runs this at start, so a broken declaration fails loudly instead of rendering a
 * blank column. Returns the problems, in Japanese-free developer English.
 */
export const declarationProblems = (resource: AnyResourceDeclaration, all: readonly AnyResourceDeclaration[]): string[] => {
  const problems: string[] = [];
  const has = (field: string) => Object.hasOwn(resource.fields, field);
  const check = (where: string, fields: readonly string[] | undefined) => {
    for (const field of fields ?? []) if (!has(field)) problems.push(`${resource.name}: ${where} names unknown field "${field}"`);
  };
  check('list.columns', resource.list.columns);
  check('list.hiddenColumns', resource.list.hiddenColumns);
  check('list.defaultSort', [resource.list.defaultSort.field]);
  check('recordRepresentation', resource.recordRepresentation ? [resource.recordRepresentation] : []);
  check('recordKey', resource.recordKey ? [resource.recordKey] : []);
  check('form.fields', resource.form?.fields);
  check('form.prefillFrom', resource.form?.prefillFrom);
  for (const badge of resource.list.badges ?? []) check('list.badges', [badge.column, badge.when.field]);
  for (const hidden of resource.list.hiddenColumns ?? []) {
    if (!resource.list.columns.includes(hidden)) problems.push(`${resource.name}: hidden column "${hidden}" is not a column`);
  }
  const sortField = resource.list.defaultSort.field;
  if (has(sortField) && !resource.fields[sortField].sortable) problems.push(`${resource.name}: default sort "${sortField}" is not sortable`);
  for (const tab of resource.show?.tabs ?? []) {
    check(`tab "${tab.path}"`, tab.fields);
    for (const group of tab.groups ?? []) check(`tab "${tab.path}" group "${group.label}"`, group.fields);
    if (tab.related && !all.some((other) => other.name === tab.related?.resource)) {
      problems.push(`${resource.name}: tab "${tab.path}" relates to undeclared resource "${tab.related.resource}"`);
    }
  }
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.type === 'choice' && !field.choices?.length) problems.push(`${resource.name}: choice field "${name}" has no choices`);
    if (field.reference) {
      const target = all.find((other) => other.name === field.reference?.resource);
      if (!target) problems.push(`${resource.name}: field "${name}" references undeclared resource "${field.reference.resource}"`);
      else if (!field.reference.nameFrom && !target.recordRepresentation) {
        problems.push(`${resource.name}: field "${name}" references "${target.name}", which names no recordRepresentation`);
      }
      if (field.reference.nameFrom) check(`field "${name}" reference.nameFrom`, [field.reference.nameFrom]);
    }
  }
  const paths = (resource.routes ?? []).map((route) => route.path);
  for (const link of resource.list.links ?? []) {
    if (!paths.includes(link.route)) problems.push(`${resource.name}: list link "${link.route}" is not a sub-route`);
  }
  if (resource.routeRecordOf && !all.some((other) => other.name === resource.routeRecordOf)) {
    problems.push(`${resource.name}: its URLs' records belong to undeclared resource "${resource.routeRecordOf}"`);
  }
  for (const path of paths) {
    if (['new', ':id', ':id/edit'].includes(path)) problems.push(`${resource.name}: sub-route "${path}" shadows a generated route`);
  }
  if (new Set(paths).size !== paths.length) problems.push(`${resource.name}: duplicate sub-routes`);
  return problems;
};

export const assertDeclarations = (all: readonly AnyResourceDeclaration[]): void => {
  const names = all.map((resource) => resource.name);
  const problems = all.flatMap((resource) => declarationProblems(resource, all));
  if (new Set(names).size !== names.length) problems.push('duplicate resource names');
  if (problems.length > 0) throw new Error(`Invalid resource declarations:\n${problems.join('\n')}`);
};
