import { RELEVANCE_SORT } from '../contract';
import { ADDITIONS, type Capability } from '../contract/additions';
import { operationPattern, section7Parameters } from '../contract/section7';
import type { ListRequest } from './listCall';
import { keyCaseOf, toWireKey } from './urls';

/**
 * Which query parameters a list call may carry in an environment (issue 35): those section 7
 * gives the call (src/contract/section7.ts), and those an addition the environment names adds
 * (`parameters`; `fields` on any list is `listFields`). The screens ask it before offering a
 * sort, a search or a filter; the data provider leaves out of a request whatever the services
 * would refuse, so no screen can send a call the platform lacks.
 */

/** The whole calls additions add: an environment with the addition takes what its call takes (saved replies' `query`). */
const ADDED_CALLS = (Object.entries(ADDITIONS) as [Capability, (typeof ADDITIONS)[Capability]][]).flatMap(([capability, addition]) =>
  (addition.operations ?? []).map((operation) => ({ capability, pattern: operationPattern(operation) })),
);

const ADDED_PARAMETERS = (Object.entries(ADDITIONS) as [Capability, (typeof ADDITIONS)[Capability]][]).flatMap(([capability, addition]) =>
  Object.entries(addition.parameters ?? {}).map(([operation, names]) => ({ capability, pattern: operationPattern(operation), names })),
);

/**
 * Whether `GET path` (a template `/api/v2/.../{pharmacyId}/users` or a filled path) takes the
 * parameter, camelCase (`addEnded`) as the SPA names it, in an environment with `capabilities`.
 */
export function listTakes(path: string, parameter: string, capabilities: ReadonlySet<Capability>): boolean {
  const wire = toWireKey(parameter, keyCaseOf(path));
  if (section7Parameters('GET', path)?.includes(wire)) return true;
  if (wire === 'fields' && capabilities.has('listFields')) return true;
  if (ADDED_CALLS.some(({ capability, pattern }) => capabilities.has(capability) && pattern.test(`GET ${path}`))) return true;
  return ADDED_PARAMETERS.some(({ capability, pattern, names }) => capabilities.has(capability) && names.includes(wire) && pattern.test(`GET ${path}`));
}

/**
 * A list request as the environment's services take it: a parameter they do not take is left
 * out (the list's own order without `sort`, every row without `fields`), and without
 * `relevanceSort` a relevance sort becomes the list's default order.
 */
export const withinCapabilities = (request: ListRequest, capabilities: ReadonlySet<Capability>): ListRequest => {
  const query = Object.fromEntries(Object.entries(request.query).filter(([name, value]) => value === undefined || listTakes(request.path, name, capabilities)));
  if (!capabilities.has('relevanceSort') && typeof query.sort === 'string' && query.sort.replace(/^-/, '') === RELEVANCE_SORT) delete query.sort;
  return { ...request, query };
};
