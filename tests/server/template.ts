import { cpSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { basename, join } from 'node:path';

/** The clock the template app ran on: a blob stamped with it was stamped with "now" while seeding. */
export const TEMPLATE_NOW = new Date('2001-02-03T04:05:06.000Z');

/**
 * Copies the seeded template into `dir` (empty), then gives the blobs the seed stamped with the
 * clock the time `now` says, so the copy equals what `createApp` would have seeded there. The
 * upstream master folders are left out: their files are dated from the clock, so `createApp`
 * writes them (a few small files) for the app's own `now`.
 */
export function copyTemplate(template: string, dir: string, now: () => Date): void {
  cpSync(template, dir, { recursive: true, preserveTimestamps: true, filter: (source) => basename(source) !== 'master-sources' });
  let at: Date | undefined;
  const restamp = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) restamp(path);
      else if (entry.isFile() && statSync(path).mtimeMs === TEMPLATE_NOW.getTime()) {
        at ??= now();
        utimesSync(path, at, at);
      }
    }
  };
  restamp(join(dir, 'storage'));
}
