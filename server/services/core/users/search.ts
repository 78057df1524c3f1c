import { searchFields, type SearchIndex } from '../../../shared/search';

/** Users (admin and pharmacy staff): name and e-mail. */
export const USER_SEARCH: SearchIndex = {
  name: 'users_search',
  table: 'users',
  idColumn: 'id',
  text: (r) => searchFields(`${r}.name`, `${r}.email`),
  shortText: (r) => `${r}.name`,
  columns: ['name', 'email'],
  codes: [{ column: 'id', pattern: /^\d{1,9}$/ }],
};
