import type { DB } from './open';
import { PAGE_SIZE } from '../shared/paging';

export interface ListQuery {
  /** `SELECT ... ` columns (without FROM). */
  select: string;
  /** `FROM ...` clause including joins. */
  from: string;
  where: string[];
  params: unknown[];
  orderBy: string;
  page: number;
  /** When given, every matching row is returned (no paging). */
  ids?: number[];
  idColumn: string;
}

/** Runs a paged, parameterised list query; `where` fragments are ANDed. */
export function runList<T>(db: DB, q: ListQuery): { rows: T[]; total: number; page: number } {
  const where = [...q.where];
  const params = [...q.params];
  if (q.ids) {
    where.length = 0;
    params.length = 0;
    where.push(`${q.idColumn} IN (${q.ids.map(() => '?').join(',')})`);
    params.push(...q.ids);
  }
  const whereSql = where.length ? ` WHERE ${where.map((w) => `(${w})`).join(' AND ')}` : '';
  const total = (db.prepare(`SELECT COUNT(*) AS n ${q.from}${whereSql}`).get(...params) as { n: number }).n;
  const paging = q.ids ? '' : ` LIMIT ${PAGE_SIZE} OFFSET ${(q.page - 1) * PAGE_SIZE}`;
  const rows = db.prepare(`SELECT ${q.select} ${q.from}${whereSql} ORDER BY ${q.orderBy}${paging}`).all(...params) as T[];
  return { rows, total, page: q.ids ? 1 : q.page };
}

/** `instr`-based contains (no LIKE escaping needed), case-insensitive for ASCII. */
export const contains = (expr: string) => `instr(lower(${expr}), lower(?)) > 0`;
