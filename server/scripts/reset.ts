import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createApp } from '../app';

/** `npm run db:reset`: deletes DATA_DIR's databases (incl. demo/) and reseeds them. */
const dataDir = resolve(process.env.DATA_DIR || './data');
const seedScale = process.env.SEED_SCALE === 'large' ? 'large' : 'small';

for (const dir of [dataDir, join(dataDir, 'demo')]) {
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir)) {
    // The warehouse (warehouse.duckdb) goes too: it is seeded anew on its first use.
    if (/\.(sqlite(-wal|-shm|-journal)?|duckdb(\.wal)?)$/.test(name)) rmSync(join(dir, name));
  }
  // The default upstream folder is dated from its first start; a reset writes it anew.
  rmSync(join(dir, 'master-sources'), { recursive: true, force: true });
}
const started = Date.now();
createApp({ dataDir, seedScale }).close();
console.log(`Reseeded ${dataDir} (${seedScale}) in ${Date.now() - started} ms.`);
