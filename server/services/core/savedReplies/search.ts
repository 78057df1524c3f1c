import { searchFields, type SearchIndex } from '../../../shared/search';

/** Title, shortcut and body; a 1-2 character term (a shortcut's start) searches shortcut and title. */
export const SAVED_REPLY_SEARCH: SearchIndex = {
  name: 'saved_replies_search',
  table: 'saved_replies',
  idColumn: 'id',
  text: (r) => searchFields(`${r}.shortcut`, `${r}.title`, `${r}.body`),
  shortText: (r) => searchFields(`${r}.shortcut`, `${r}.title`),
  columns: ['shortcut', 'title', 'body'],
};
