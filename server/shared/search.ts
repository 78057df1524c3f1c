import type { DB } from '../db/open';
import { cachedStatement } from '../db/statements';
import { foldSearchText, phoneDigits, SEARCH_FIELD_BREAK, SEARCH_FOLD_VERSION, searchTerms, termLength } from '../../src/contract/searchText';

/**
 * One search module for every master that searches: text goes through an index, never a scan.
 *
 * - Terms of 3+ characters: an FTS5 table with the trigram tokenizer over the folded text
 *   (`foldSearchKey`: NFKC, hiragana to katakana, ASCII lower case, white space dropped, so a
 *   name matches with or without its spaces), matched as a phrase, so a term matches wherever it
 *   occurs as a substring. A text's fields are joined by `searchFields` (a break the folding
 *   keeps), so no term matches across two of them.
 * - Terms of 2 characters (which trigrams cannot match): looked up in a table of each short
 *   text's pairs of adjacent characters (`searchPairs`; the short text is name and the like,
 *   about 20 characters a row): 987,000 pairs for the 62,828 pharmacies of the national seed,
 *   built in 0.65 s, where a scan of every short text took 4-6 ms a term and 15 on a cold
 *   connection (issue 38). A 1-2 character token index over the full text was measured first:
 *   1.7 million rows and 9 s to build.
 * - Terms of 1 character: a bounded scan over a narrow table holding only the folded short text
 *   (1.2 MB for the national seed's pharmacies).
 * - A query that is an exact code (micode, postal code, id) is looked up in the column's
 *   equality index first; when that finds rows they are the answer.
 * Several terms (separated by spaces) must all match. The tables are kept by triggers.
 */
export interface SearchIndex {
  /** Prefix of the index tables and triggers, e.g. `pharmacies_search`. */
  name: string;
  /** The searched table and its integer primary key. */
  table: string;
  idColumn: string;
  /** SQL expression over a row alias (`NEW`, `OLD`) giving the full searchable text. */
  text: (row: string) => string;
  /** SQL expression over a row alias giving the narrow text that 1-2 character terms search (and that ranks). */
  shortText: (row: string) => string;
  /** Columns the trigger watches (an update of other columns leaves the index alone). */
  columns: readonly string[];
  /** Exact codes tried first: the folded query (hyphens removed) matched against `pattern`. */
  codes?: readonly SearchCode[];
}

/** A code a query may be, looked up by equality in an indexed column before any text search. */
export interface SearchCode {
  column: string;
  /** Matched against the folded query (lower case, hyphens and spaces removed). */
  pattern: RegExp;
  /** The code as the column stores it, when not as folded: an invoice number's upper-case T. */
  stored?: (code: string) => string;
  /**
   * The column is another table's, whose `key` names this row (a licence's number, held by the
   * pharmacy's licences): a row matches when one of its own holds the code.
   */
  of?: { table: string; key: string };
  /**
   * A query of this shape is nothing but this code (an invoice or licence number is in no
   * name): when no row holds it the answer is empty rather than a text search, so a list (and
   * the palette, which cannot see the code in the row) shows only rows that hold it.
   */
  only?: boolean;
}

/** SQL joining a search text's fields with the break the folding keeps (SEARCH_FIELD_BREAK). */
export const searchFields = (...fields: string[]): string => fields.join(` || char(${SEARCH_FIELD_BREAK.codePointAt(0)}) || `);

/**
 * Written into the index's triggers, so a database whose index was folded otherwise, or has no
 * pairs table (before issue 38), is found (searchIndexRebuildSql) and built again.
 */
const FOLD_MARK = `/* search folding ${SEARCH_FOLD_VERSION}, pairs */`;

const fts = (index: SearchIndex) => `${index.name}_fts`;
const short = (index: SearchIndex) => `${index.name}_short`;
const pairs = (index: SearchIndex) => `${index.name}_pairs`;

/** Migration SQL: the three index tables, their triggers and a backfill of the existing rows. */
export function searchIndexSql(index: SearchIndex): string {
  const { table, idColumn } = index;
  // The pairs are made from the short text as stored (folded once), and removed by it before it goes.
  const shortOf = (row: string) => `(SELECT text FROM ${short(index)} WHERE id = ${row}.${idColumn})`;
  const insert = (row: string) => `
    INSERT INTO ${fts(index)} (rowid, body) VALUES (${row}.${idColumn}, fold_search(${index.text(row)}));
    INSERT INTO ${short(index)} (id, text) VALUES (${row}.${idColumn}, fold_search(${index.shortText(row)}));
    INSERT INTO ${pairs(index)} (gram, id) SELECT value, ${row}.${idColumn} FROM json_each(search_pairs(${shortOf(row)}));`;
  const remove = (row: string) => `
    DELETE FROM ${fts(index)} WHERE rowid = ${row}.${idColumn};
    DELETE FROM ${pairs(index)} WHERE id = ${row}.${idColumn} AND gram IN (SELECT value FROM json_each(search_pairs(${shortOf(row)})));
    DELETE FROM ${short(index)} WHERE id = ${row}.${idColumn};`;
  return `
    CREATE VIRTUAL TABLE ${fts(index)} USING fts5(body, tokenize = 'trigram');
    CREATE TABLE ${short(index)} (id INTEGER PRIMARY KEY, text TEXT NOT NULL);
    CREATE TABLE ${pairs(index)} (gram TEXT NOT NULL, id INTEGER NOT NULL, PRIMARY KEY (gram, id)) WITHOUT ROWID;
    INSERT INTO ${fts(index)} (rowid, body) SELECT ${idColumn}, fold_search(${index.text(table)}) FROM ${table};
    INSERT INTO ${short(index)} (id, text) SELECT ${idColumn}, fold_search(${index.shortText(table)}) FROM ${table};
    INSERT INTO ${pairs(index)} (gram, id) SELECT pair.value, s.id FROM ${short(index)} s, json_each(search_pairs(s.text)) pair;
    CREATE TRIGGER ${index.name}_insert AFTER INSERT ON ${table} BEGIN ${FOLD_MARK} ${insert('NEW')} END;
    CREATE TRIGGER ${index.name}_delete AFTER DELETE ON ${table} BEGIN ${remove('OLD')} END;
    CREATE TRIGGER ${index.name}_update AFTER UPDATE OF ${index.columns.join(', ')} ON ${table} BEGIN ${remove('OLD')} ${insert('NEW')} END;`;
}

/**
 * Migration SQL that builds the index again from its current declaration (a text that now holds
 * more columns) and folding (SEARCH_FOLD_VERSION), or '' when the database's triggers already
 * write that text so folded.
 */
export function searchIndexRebuildSql(db: DB, index: SearchIndex): string {
  const trigger = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = @name").get({ name: `${index.name}_insert` }) as { sql: string } | undefined;
  // The whole text as the insert trigger writes it (a text that only starts the same is older).
  if (trigger?.sql.includes(FOLD_MARK) && trigger.sql.includes(`fold_search(${index.text('NEW')}));`)) return '';
  return `
    DROP TRIGGER IF EXISTS ${index.name}_insert;
    DROP TRIGGER IF EXISTS ${index.name}_delete;
    DROP TRIGGER IF EXISTS ${index.name}_update;
    DROP TABLE IF EXISTS ${fts(index)};
    DROP TABLE IF EXISTS ${short(index)};
    DROP TABLE IF EXISTS ${pairs(index)};
    ${searchIndexSql(index)}`;
}

/**
 * A search over at most this many rows is read on the request thread, not the list lane (issue
 * 38): its worst case (a term that every row holds, each row ranked) is under a millisecond (the
 * 828 groups of the national seed all ranked: 0.4 ms), about what the hand-over to the lane's
 * worker costs on an idle machine and far less than the worker's wake-up on a loaded one (it runs
 * at a lower priority). Of the palette's nine lists five are this small (staff users, groups,
 * dealers, saved replies, announcements).
 */
export const INLINE_SEARCH_ROWS = 1_000;
/** The bound in force: a test that must see every search on the lane sets it to 0 (and back). */
export const inlineSearch = { maxRows: INLINE_SEARCH_ROWS };

/**
 * Whether `index`'s table is small enough to search here (`INLINE_SEARCH_ROWS`): its largest id
 * bounds its row count from above (ids are positive and unique), read from the primary key's
 * last entry, so a table of more rows is never taken for a small one.
 */
export function searchesFewRows(db: DB, index: SearchIndex): boolean {
  const { n } = cachedStatement(db, `SELECT max(${index.idColumn}) AS n FROM ${index.table}`).get() as { n: number | null };
  return (n ?? 0) <= inlineSearch.maxRows;
}

/** An FTS5 phrase for a term: double quotes inside are doubled, so no query syntax gets through. */
const phrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/**
 * The list filter for a search query over `alias.idColumn`, or undefined for an empty query.
 * Equality codes are looked up first (one indexed query); otherwise every term must match.
 */
export function searchFilter(
  db: DB,
  index: SearchIndex,
  alias: string,
  query: string | undefined,
): [string, Record<string, unknown>] | undefined {
  if (query === undefined) return undefined;
  // A phone number however written is searched as its digits (the index holds both forms).
  const phone = phoneDigits(query);
  const terms = phone ? [phone] : searchTerms(query);
  if (terms.length === 0) return undefined;
  const id = `${alias}.${index.idColumn}`;
  const code = foldSearchText(query).replace(/[-‐－ー〒\s]/g, '');
  let onlyCode = false;
  for (const { column, pattern, stored, of, only } of index.codes ?? []) {
    if (!pattern.test(code)) continue;
    const value = stored ? stored(code) : code;
    const hit = cachedStatement(db, `SELECT 1 FROM ${of?.table ?? index.table} WHERE ${column} = @code LIMIT 1`).get({ code: value });
    if (hit) {
      const condition = of ? `${id} IN (SELECT ${of.key} FROM ${of.table} WHERE ${column} = @search_code)` : `${alias}.${column} = @search_code`;
      return [condition, { search_code: value }];
    }
    onlyCode ||= Boolean(only);
  }
  if (onlyCode) return ['0', {}];
  return textMatch(index, id, terms, '');
}

/**
 * Every term in the text (the filter's text search). `seek` is '' for the filter itself, or '+'
 * for a query that must not drive by these ids (the best rank's page walks the sort's index).
 */
function textMatch(index: SearchIndex, id: string, terms: string[], seek: '' | '+'): [string, Record<string, unknown>] {
  const long = terms.filter((t) => termLength(t) >= 3);
  const shortTerms = terms.filter((t) => termLength(t) < 3);
  const conditions: string[] = [];
  const params: Record<string, unknown> = {};
  if (long.length > 0) {
    conditions.push(`${seek}${id} IN (SELECT rowid FROM ${fts(index)} WHERE ${fts(index)} MATCH @search_phrase)`);
    params.search_phrase = long.map(phrase).join(' AND ');
  }
  shortTerms.forEach((term, i) => {
    const matched = termLength(term) === 2 ? `SELECT id FROM ${pairs(index)} WHERE gram = @search_short_${i}` : `SELECT id FROM ${short(index)} WHERE instr(text, @search_short_${i}) > 0`;
    conditions.push(`${seek}${id} IN (${matched})`);
    params[`search_short_${i}`] = term;
  });
  return [conditions.join(' AND '), params];
}

/** The first field of a search text as `searchFields` joins them (the whole text when it has one). */
const leadField = (sql: string) => sql.split(` || char(${SEARCH_FIELD_BREAK.codePointAt(0)}) || `)[0];

/** Beyond any position in a short text: a row matched only in its other fields ranks last. */
const NOT_IN_SHORT_TEXT = 1_000_000;

/**
 * The relevance of each row to a search (`RELEVANCE_SORT`), lower better: where the query's first
 * term starts in the row's short text (its name first: 1 is a name starting with it), and rows
 * matched only elsewhere (an address line, a code) last. One primary-key read of the narrow
 * table per matched row. Undefined for an empty query.
 */
export function searchRank(index: SearchIndex, alias: string, query: string | undefined): [string, Record<string, unknown>] | undefined {
  const [first] = query === undefined ? [] : searchTerms(query);
  if (first === undefined) return undefined;
  const position = `(SELECT instr(rank_short.text, @search_rank_term) FROM ${short(index)} rank_short WHERE rank_short.id = ${alias}.${index.idColumn})`;
  return [`COALESCE(NULLIF(${position}, 0), ${NOT_IN_SHORT_TEXT})`, { search_rank_term: first }];
}

/**
 * The text search `searchFilter` makes of `query`, with its terms: undefined when the filter is
 * not one (an exact code, or a refusal). `count` counts its matches from the FTS index alone when
 * every term is in it (the index holds one row per row of the searched table, kept by its
 * triggers): the list's count only where the search is its only filter over the table alone
 * (the caller's to say). A query with a 1-2 character term is counted by the list's own count,
 * which reads the term's pairs (or, for one character, the narrow table's one scan).
 */
function textSearchOf(db: DB, index: SearchIndex, alias: string, query: string | undefined) {
  const [filter] = searchFilter(db, index, alias, query) ?? [];
  if (filter === undefined) return undefined;
  const phone = phoneDigits(query!);
  const terms = phone ? [phone] : searchTerms(query!);
  const [text, params] = textMatch(index, `${alias}.${index.idColumn}`, terms, '');
  if (filter !== text) return undefined;
  const count = terms.every((term) => termLength(term) >= 3) ? `SELECT COUNT(*) AS n FROM ${fts(index)} WHERE ${fts(index)} MATCH @search_phrase` : undefined;
  return { terms, byPhone: Boolean(phone), params, count };
}

/**
 * A search as a check of one row at a time, for a first page by the list's own order (issue 38,
 * the spec's plain list calls): `search` matches exactly the rows `searchFilter` does, over the id
 * `walkedId` (the list engine walks the list's order and checks each row, stopping at the page's
 * end, instead of seeking every match and sorting them all), and `count` is `textSearchOf`'s.
 * Undefined when the filter is not a text search (an exact code, or a refusal).
 */
export function searchWalk(
  db: DB,
  index: SearchIndex,
  alias: string,
  query: string | undefined,
  walkedId: string,
): { search: string; count?: string } | undefined {
  const found = textSearchOf(db, index, alias, query);
  if (!found) return undefined;
  return { search: textMatch(index, walkedId, found.terms, '')[0], count: found.count };
}

/**
 * The rows of the best rank a search can give (1: the short text starts with the query's first
 * term), for a page that holds only such rows (issue 38): `where` is the search's own condition,
 * written so it drives no seeks (SQLite then walks the sort's index and stops at the page's end,
 * instead of reading every match), and the rank's; `candidates` counts, from the FTS index alone,
 * a superset of them (FTS5's initial-token query: the full text starts with the term, which it
 * does exactly when the short text does, both starting with the same field; FTS5 also folds case
 * beyond ASCII, hence the rank's own check in `where`); `count` is `textSearchOf`'s. Undefined
 * when no index can say it: a first term of 1-2 characters, a code, a phone number, or texts that
 * start otherwise.
 */
export function searchBestRank(
  db: DB,
  index: SearchIndex,
  alias: string,
  query: string | undefined,
): { where: string; candidates: string; count?: string; params: Record<string, unknown> } | undefined {
  const found = textSearchOf(db, index, alias, query);
  const rank = searchRank(index, alias, query);
  if (!found || rank === undefined || found.byPhone) return undefined;
  const { terms, params } = found;
  if (termLength(terms[0]) < 3 || leadField(index.text('r')) !== leadField(index.shortText('r'))) return undefined;
  const id = `${alias}.${index.idColumn}`;
  const [walked] = textMatch(index, id, terms, '+');
  const initial = `SELECT rowid FROM ${fts(index)} WHERE ${fts(index)} MATCH @search_best`;
  return {
    where: `${walked} AND +${id} IN (${initial}) AND ${rank[0]} = 1`,
    candidates: `SELECT COUNT(*) AS n FROM ${fts(index)} WHERE ${fts(index)} MATCH @search_best`,
    count: found.count,
    params: { ...params, ...rank[1], search_best: `^${phrase(terms[0])}` },
  };
}
