/**
 * The ethical medicine master's figures (issue 12), as ratios measured side by side in one run:
 * - the large seed (12,434 medicines) and the time it takes;
 * - importing a 60,000-row MEDIS HOT13 file in CP932 (decode, parse, check, apply in one
 *   transaction, search index and change counter brought up to date): rows per second, against the same rows
 *   inserted bare (one prepared INSERT into a table with no index), and the peak RSS it adds;
 * - the list's search at that scale (filter, count and first page, no cache): p50 and p95 over
 *   names in katakana, hiragana and half-width kana, full-width codes and 1-2 character terms,
 *   against a primary-key read. Goal p95 under 50 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/open';
import { addVersionCounter, tableVersionsSql } from '../server/db/versions';
import { searchFilter } from '../server/shared/search';
import { encodeCp932 } from '../server/shared/cp932';
import { MEDICINE_COLUMN_NAMES } from '../server/services/core/ethicalMedicines/columns';
import { applyRows } from '../server/services/core/masterFiles/applyRows';
import { parseMasterFile } from '../server/services/core/masterFiles/layouts';
import { withGs1CheckDigit } from '../server/shared/medicineCodes';
import { ethicalMedicineMigrations } from '../server/services/core/ethicalMedicines/migrations';
import { ETHICAL_MEDICINE_SEARCH } from '../server/services/core/ethicalMedicines/search';

const HOT_ROWS = 60_000;
const SEARCH_GOAL_MS = 50;
const QUERIES = ['ねるぼん', 'ﾈﾙﾎﾞﾝ', 'ゾルピデム', 'カロナール錠２００', 'ロキソ', 'サワイ', '錠', '１１２４００３Ｆ２２３０', '620000001', '試験錠5999'];

function hotFile(): Buffer {
  const lines = [`"基準番号（ＨＯＴコード）"${',"列"'.repeat(23)}`];
  for (let i = 0; i < HOT_ROWS; i++) {
    const hot7 = withGs1CheckDigit(String(300_000 + i));
    const fields = [`${hot7}010101`, hot7, '01', '01', '01', withGs1CheckDigit(`4987${String(50_000_000 + i)}`), '1124003F2230', '1124003F2230',
      String(630_000_000 + i), '', `試験錠${i}`, `試験錠${i}ｍｇ「ベンチ」`, `試験錠${i}`, '５ｍｇ１錠', 'ＰＴＰ', '100', '錠', '100', '錠', '内', '製造', '販売', '1', '20250101'];
    lines.push(fields.map((f) => (f === '' ? '' : `"${f}"`)).join(','));
  }
  return encodeCp932(`${lines.join('\r\n')}\r\n`);
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];

export async function runMasterImportBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cs-portal-bench-medicines-'));
  try {
    let start = performance.now();
    const db = openDatabase(join(dir, 'core.sqlite'), [
      { version: 1, up: tableVersionsSql },
      { version: 2, up: (d) => addVersionCounter(d) },
      ...ethicalMedicineMigrations(20_260_101, 'large'),
    ]);
    const seeded = (db.prepare('SELECT COUNT(*) AS n FROM ethical_medicines').get() as { n: number }).n;
    console.log(`\nethical medicines at SEED_SCALE=large: ${seeded.toLocaleString()} seeded in ${(performance.now() - start).toFixed(0)} ms`);

    const bytes = hotFile();
    const rssBefore = process.resourceUsage().maxRSS;
    start = performance.now();
    const parsed = parseMasterFile('hot_code', bytes);
    if (!parsed.ok) throw new Error(`bench file refused: ${JSON.stringify(parsed.errors[0])}`);
    const counts = db.transaction(() => applyRows(db, parsed.rows, new Date().toISOString()))();
    const importMs = performance.now() - start;
    const addedRss = (process.resourceUsage().maxRSS - rssBefore) / 1024;

    db.exec(`CREATE TABLE bare_medicines (id INTEGER PRIMARY KEY, ${MEDICINE_COLUMN_NAMES.join(', ')})`);
    const bare = db.prepare(`INSERT INTO bare_medicines (${MEDICINE_COLUMN_NAMES.join(', ')}) VALUES (${MEDICINE_COLUMN_NAMES.map((c) => `@${c}`).join(', ')})`);
    start = performance.now();
    db.transaction(() => {
      for (const row of parsed.rows) bare.run(Object.fromEntries(MEDICINE_COLUMN_NAMES.map((c) => [c, row.values[c] ?? null])));
    })();
    const bareMs = performance.now() - start;
    const rate = (ms: number) => Math.round(HOT_ROWS / (ms / 1000)).toLocaleString();
    console.log(`import of a ${HOT_ROWS.toLocaleString()}-row HOT13 file (${(bytes.length / 1048576).toFixed(1)} MB, CP932): ${importMs.toFixed(0)} ms, ${rate(importMs)} rows/s (inserted ${counts.inserted})`);
    console.log(`  bare INSERT of the same rows: ${bareMs.toFixed(0)} ms, ${rate(bareMs)} rows/s; ratio ${(importMs / bareMs).toFixed(1)}`);
    console.log(`  peak RSS added by the import: ${addedRss.toFixed(0)} MB (file ${(bytes.length / 1048576).toFixed(1)} MB)`);

    const today = new Date().toISOString().slice(0, 10);
    const times: number[] = [];
    for (let round = 0; round < 20; round++) {
      for (const query of QUERIES) {
        const t0 = performance.now();
        const [sql, params] = searchFilter(db, ETHICAL_MEDICINE_SEARCH, 'm', query)!;
        const where = `(${sql}) AND (m.inactive_on IS NULL OR m.inactive_on > @today)`;
        db.prepare(`SELECT COUNT(*) AS n FROM ethical_medicines m WHERE ${where}`).get({ ...params, today });
        db.prepare(`SELECT * FROM ethical_medicines m WHERE ${where} ORDER BY m.id LIMIT 25`).all({ ...params, today });
        times.push(performance.now() - t0);
      }
    }
    const byId: number[] = [];
    const read = db.prepare('SELECT * FROM ethical_medicines WHERE id = @id');
    for (let i = 0; i < times.length; i++) {
      const t0 = performance.now();
      read.get({ id: 1 + (i % seeded) });
      byId.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    byId.sort((a, b) => a - b);
    const p95 = quantile(times, 0.95);
    console.log(`search over ${(seeded + HOT_ROWS).toLocaleString()} medicines, uncached (${times.length} queries): p50 ${quantile(times, 0.5).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (goal < ${SEARCH_GOAL_MS}) ${p95 < SEARCH_GOAL_MS ? 'OK' : 'OVER'}`);
    console.log(`  read by id: p50 ${quantile(byId, 0.5).toFixed(3)} ms; search p50 / read p50 ${(quantile(times, 0.5) / quantile(byId, 0.5)).toFixed(0)}`);
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
