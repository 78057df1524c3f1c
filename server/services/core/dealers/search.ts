import { searchFields, type SearchIndex } from '../../../shared/search';

/** Dealers: name and dealer code (an exact code hits its equality index first). */
export const DEALER_SEARCH: SearchIndex = {
  name: 'dealers_search',
  table: 'dealers',
  idColumn: 'id',
  text: (r) => searchFields(`${r}.name`, `${r}.code`),
  shortText: (r) => `${r}.name`,
  columns: ['name', 'code'],
  codes: [{ column: 'code', pattern: /^\d{4,6}$/ }],
};
