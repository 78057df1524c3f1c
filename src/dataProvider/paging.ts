/**
 * How a list response is read (contract 3), from the declaration and never guessed:
 * - the array is the body itself, or `body[listKey]` where a service wraps it (`{ nsipses: [...] }`);
 * - `pages` / `infinite`: the server's `x-current-page` and `x-total-pages` are required (a
 *   response without them is an error, not "the whole list"); `x-total-count` is the header's
 *   count when present;
 * - `token`: the next page's token is `body[nextTokenKey]`; there is a next page while it is set;
 * - `none`: the array is the whole list.
 */
/** A response that breaks the declared list contract. Japanese, since a list's error view shows it. */
export class ListContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ListContractError';
  }
}

export const readListArray = <T>(body: unknown, listKey: string | undefined, where: string): T[] => {
  if (listKey === undefined) {
    if (Array.isArray(body)) return body as T[];
    throw new ListContractError(`${where}: 一覧の応答が配列ではありません（包まれた配列なら list.listKey を宣言してください）`);
  }
  const list = body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[listKey] : undefined;
  if (Array.isArray(list)) return list as T[];
  throw new ListContractError(`${where}: 一覧の応答に ${listKey} の配列がありません`);
};

const headerNumber = (headers: Headers, name: string): number | undefined => {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 ? number : undefined;
};

export interface PageHeaders {
  currentPage: number;
  totalPages: number;
  totalCount?: number;
}

export const readPageHeaders = (headers: Headers, where: string): PageHeaders => {
  const currentPage = headerNumber(headers, 'x-current-page');
  const totalPages = headerNumber(headers, 'x-total-pages');
  if (currentPage === undefined || totalPages === undefined) {
    throw new ListContractError(`${where}: ページ情報のヘッダー x-current-page と x-total-pages がないか、数ではありません`);
  }
  return { currentPage, totalPages, totalCount: headerNumber(headers, 'x-total-count') };
};

/** The continuation token of the next page, or undefined on the last page. */
export const readNextToken = (body: unknown, nextTokenKey: string): string | undefined => {
  const token = body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[nextTokenKey] : undefined;
  return typeof token === 'string' && token !== '' ? token : undefined;
};
