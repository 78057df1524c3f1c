/**
 * 一覧へ戻る returns to the list as the user left it (page, sort, search): each list remembers its
 * last query string for the browser tab, and the detail's back link uses it.
 */
const key = (resource: string) => `cs-portal.list-search.${resource}`;

export const rememberListSearch = (resource: string, search: string, storage: Storage = sessionStorage) => {
  storage.setItem(key(resource), search);
};

export const listSearchToReturnTo = (resource: string, storage: Storage = sessionStorage): string => {
  const search = storage.getItem(key(resource)) ?? '';
  return search.startsWith('?') ? search : '';
};
