import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// npm's own range reader (installed with the toolchain; no types are installed for it).
const semver = createRequire(import.meta.url)('semver') as {
  minVersion: (range: string) => { version: string } | null;
  satisfies: (version: string, range: string, options?: { includePrerelease?: boolean }) => boolean;
};

/*
 * Issue 23: a fresh `npm ci` is quiet. npm warns about an .npmrc key it does not know (three times
 * per command, 「Unknown project config "build-from-source"」), and EBADENGINE about a locked
 * package whose engines refuse a Node the project's own `engines` accepts.
 */
const root = join(__dirname, '../../..');
const json = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, unknown>;

describe('a fresh install is quiet', () => {
  it('sets no npm config npm does not know: better-sqlite3 builds from source through .prebuild-installrc', () => {
    const npmrc = existsSync(join(root, '.npmrc')) ? readFileSync(join(root, '.npmrc'), 'utf8') : '';
    expect(npmrc).not.toMatch(/^\s*build-from-source\s*=/m);
    expect(readFileSync(join(root, '.prebuild-installrc'), 'utf8')).toMatch(/^buildFromSource=true$/m);
  });

  it('every locked package accepts the oldest Node the project says it runs on', () => {
    const oldest = semver.minVersion(String((json('package.json').engines as { node: string }).node))!.version;
    const packages = json('package-lock.json').packages as Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
    const refusing = Object.entries(packages)
      .filter(([path, entry]) => path !== '' && !entry.optional && !Array.isArray(entry.engines) && entry.engines?.node)
      .filter(([, entry]) => !semver.satisfies(oldest, (entry.engines as { node: string }).node, { includePrerelease: true }))
      .map(([path, entry]) => `${path} wants node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
