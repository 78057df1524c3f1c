import Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inList, listParam } from '../../server/shared/sql';

const SERVER = join(__dirname, '../../server');

/** A `?` placeholder in SQL: after an operator, a parenthesis, a comma or a keyword (not `(?:` of a regex, `?.` or `??`). */
const PLACEHOLDER = /(?:[=<>(,]|\bIN|\bMATCH|\bLIKE|\bVALUES|\bLIMIT|\bOFFSET)\s*\?(?=[\s,);'"`]|$)/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('SQL parameters', () => {
  it('every statement of the server binds named parameters (@name), not counted ?s: handlers, the list engine, seeds', () => {
    const offenders = sourceFiles(SERVER)
      .map((file) => relative(SERVER, file))
      .flatMap((file) =>
        readFileSync(join(SERVER, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => (PLACEHOLDER.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });

  it('the scan recognises a counted placeholder and leaves regexes and optional chaining alone', () => {
    for (const sql of ["WHERE id = ?')", 'VALUES (?, ?)', 'id IN (?,?)', 'MATCH ?)', 'LIMIT ? OFFSET ?']) expect(PLACEHOLDER.test(sql), sql).toBe(true);
    for (const code of ['/^application\\/(?:json)/', 'a?.b', 'a ?? b', 'x ? y : z', 'WHERE id = @id', 'f(x?: number)', 'ws (?token=)', '[string, number?]']) expect(PLACEHOLDER.test(code), code).toBe(false);
  });

  it('binds an IN list as one JSON parameter: any length, hostile text stays a value', () => {
    const db = new Database(':memory:');
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, ') OR 1=1 --')");
    const select = db.prepare(`SELECT id FROM t WHERE id IN ${inList('ids')} OR name IN ${inList('names')} ORDER BY id`);
    const ids = (values: { ids: (number | string)[]; names: string[] }) =>
      (select.all({ ids: listParam(values.ids), names: listParam(values.names) }) as { id: number }[]).map((r) => r.id);
    expect(ids({ ids: [2], names: [] })).toEqual([2]);
    expect(ids({ ids: [], names: [') OR 1=1 --'] })).toEqual([3]);
    expect(ids({ ids: ['1) OR (1=1'], names: ['"a"'] })).toEqual([]);
    expect(ids({ ids: Array.from({ length: 5000 }, (_, i) => i), names: [] })).toEqual([1, 2, 3]);
    expect(() => inList('ids); DROP TABLE t; --')).toThrow();
    db.close();
  });
});
