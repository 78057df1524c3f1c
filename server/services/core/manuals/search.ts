import { searchFields, type SearchIndex } from '../../../shared/search';

/**
 * Manuals are searched in title and content. Terms of 1-2 characters scan the short table,
 * which for manuals holds the whole text too (a manual's answer is often in its body; 2,000
 * manuals of about 1 KB each scan in a few ms).
 */
export const MANUAL_SEARCH: SearchIndex = {
  name: 'manuals_search',
  table: 'manuals',
  idColumn: 'id',
  text: (r) => searchFields(`${r}.title`, `${r}.content`),
  shortText: (r) => searchFields(`${r}.title`, `${r}.content`),
  columns: ['title', 'content'],
  // No exact codes: 「13」 or 「10桁」 in a knowledge base is text to find, not an id.
};
