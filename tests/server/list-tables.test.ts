import Database, { type Database as DB, type Statement } from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CORE_LISTS } from '../../server/services/core';
import { MEDORDER_LISTS } from '../../server/services/medorder';
import { getJson, startApp, type TestApp } from './helpers';

/*
 * Issue 24 item 6: the list engine keeps counts and pages per state of the tables a list names
 * (`tables:` in each answerList call). A table the list reads but does not name would serve
 * stale pages after a write to it, and nothing else would notice. Here every declared list is
 * asked as a client would (plain, each filter's example, a search), every statement the
 * handler ran is recorded, and SQLite's own plan says which tables each one read (EXPLAIN:
 * OpenRead's P2 is the root page of the b-tree it opens); they must all be named. The named
 * set is read from the engine's own freshness query, so the test sees what the engine uses.
 */

type Recorded = { db: DB; source: string; args: unknown[] };

const statementPrototype = Object.getPrototypeOf(new Database(':memory:').prepare('SELECT 1')) as Statement;
const methods = ['get', 'all', 'iterate'] as const;
const originals = Object.fromEntries(methods.map((name) => [name, statementPrototype[name]])) as Pick<Statement, (typeof methods)[number]>;
let recording: Recorded[] | undefined;

beforeAll(() => {
  for (const name of methods) {
    (statementPrototype as unknown as Record<string, unknown>)[name] = function (this: Statement, ...args: unknown[]) {
      recording?.push({ db: this.database, source: this.source, args });
      return (originals[name] as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
});
afterAll(() => Object.assign(statementPrototype, originals));

/** The tables (by name) whose b-trees the statement's plan opens for reading. */
function tablesRead({ db, source, args }: Recorded): string[] {
  const roots = new Map(
    (originals.all.call(db.prepare('SELECT tbl_name, rootpage FROM sqlite_schema WHERE rootpage > 0')) as { tbl_name: string; rootpage: number }[]).map(
      (row) => [row.rootpage, row.tbl_name],
    ),
  );
  const plan = originals.all.apply(db.prepare(`EXPLAIN ${source}`), args) as { opcode: string; p2: number; p3: number }[];
  // P3 is the schema: 0 is the database file itself (1 would be temp, 2+ attached ones).
  return plan.filter((op) => op.opcode === 'OpenRead' && op.p3 === 0).map((op) => roots.get(op.p2)!);
}

/** The engine's freshness query: which tables' change counters the list consulted. */
const isFreshnessQuery = (source: string) => /FROM table_versions WHERE table_name IN/.test(source);

/** Tables a search reads that triggers on the searched table keep (server/shared/search.ts): a write to them is a write to it. */
const isSearchIndex = (table: string) => /_search_(fts|short|pairs)(_\w+)?$/.test(table);

let app: TestApp;
beforeAll(() => {
  app = startApp({ now: () => new Date('2026-11-21T03:00:00.000Z') });
});
afterAll(() => app.dispose());
afterEach(() => {
  recording = undefined;
});

/** Asks `url` and answers the tables the list's handler read and the tables it named. */
async function readsOf(url: string): Promise<{ read: Set<string>; named: Set<string>; status: number }> {
  recording = [];
  const { status } = await getJson(app, url);
  const statements = recording;
  recording = undefined;
  // What ran before the list's first freshness query is the sign-in check, not the list; and
  // only the list's database is its: while a search's costly parts are read on the list lane
  // (server/jobs/listLane.ts) the thread runs other work meanwhile, such as the job runner's tick.
  const start = statements.findIndex((s) => isFreshnessQuery(s.source));
  const listDb = statements[start]?.db;
  const named = new Set<string>();
  const read = new Set<string>();
  for (const statement of statements.slice(Math.max(start, 0)).filter((s) => listDb === undefined || s.db === listDb)) {
    if (isFreshnessQuery(statement.source)) {
      for (const table of statement.args as string[]) named.add(table);
      continue;
    }
    for (const table of tablesRead(statement)) if (table !== 'table_versions' && !isSearchIndex(table)) read.add(table);
  }
  return { read, named, status };
}

describe.each([...CORE_LISTS, ...MEDORDER_LISTS].map((list) => [list.path, list] as const))('list tables: %s', (_path, list) => {
  const url = (query: string) => `${list.base}${list.path}?${query}`;
  const queries = [
    '',
    'page=2',
    ...Object.entries(list.filters).map(([name, filter]) => `${name}=${encodeURIComponent(String(filter.example))}`),
    ...(list.search ? ['query=%E3%83%86', 'query=%E8%96%AC%E5%B1%80'] : []),
  ];

  it.each(queries)('names every table it reads (?%s)', async (query) => {
    const { read, named, status } = await readsOf(url(query));
    expect(status).toBe(200);
    // A query that only differs in what the engine has cached (a filter that adds nothing, a page
    // past the end) may read nothing at all; the list's first answer always reads.
    if (query === '') expect(read.size, 'the handler read something').toBeGreaterThan(0);
    expect([...read].filter((table) => !named.has(table)), `read but not named in tables: ${[...named].join(', ')}`).toEqual([]);
  });
});
