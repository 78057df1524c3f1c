import type { SearchIndex } from '../../../shared/search';

/** Companies: the name, or the id exactly. */
export const COMPANY_SEARCH: SearchIndex = {
  name: 'companies_search',
  table: 'companies',
  idColumn: 'id',
  text: (r) => `${r}.name`,
  shortText: (r) => `${r}.name`,
  columns: ['name'],
  codes: [{ column: 'id', pattern: /^\d{1,9}$/ }],
};
