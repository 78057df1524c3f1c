import type { SearchIndex } from '../../../shared/search';

/** Neighbour groups: the name, or the id exactly. */
export const GROUP_SEARCH: SearchIndex = {
  name: 'groups_search',
  table: 'groups',
  idColumn: 'id',
  text: (r) => `${r}.name`,
  shortText: (r) => `${r}.name`,
  columns: ['name'],
  codes: [{ column: 'id', pattern: /^\d{1,9}$/ }],
};
