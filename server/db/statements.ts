import type { Statement } from 'better-sqlite3';
import type { DB } from './open';

/** Statements kept per connection; beyond this many the cache starts again (a bound, never reached by the routes' own SQL). */
const MAX_STATEMENTS = 500;

const byConnection = new WeakMap<DB, Map<string, Statement<unknown[]>>>();

/**
 * The connection's statement for `sql`, compiled once (issue 38): compiling costs more than
 * running the small reads a list call makes on each request (a table's largest id, its change
 * state), tens of microseconds each, nine times in a palette's batch. A statement is shared by
 * every caller of the same SQL: one that reads rows as arrays says `.raw(true)` at each use.
 */
export function cachedStatement(db: DB, sql: string): Statement<unknown[]> {
  let statements = byConnection.get(db);
  if (!statements) byConnection.set(db, (statements = new Map()));
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    if (statements.size >= MAX_STATEMENTS) statements.clear();
    statements.set(sql, statement);
  }
  return statement;
}
