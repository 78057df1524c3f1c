import { describe, expect, it, vi } from 'vitest';
import { resolve } from 'node:path';
import type { ResolvedConfig } from 'vite';
import { createRequire } from 'node:module';
import { lazyCsvExporter } from '../../../vite.config';

const require = createRequire(import.meta.url);
const loaded = vi.hoisted(() => ({ count: 0 }));
// The package itself, counted when its module is first evaluated.
vi.mock('jsonexport/dist/index.js', () => {
  loaded.count += 1;
  return { default: require('jsonexport/dist/index.js') as unknown };
});

const root = resolve(import.meta.dirname, '../../..');
type Callback = (error: Error | null, csv: string) => void;
type Convert = (data: unknown, options: unknown, callback?: Callback) => unknown;
const csvOf = (convert: Convert, data: unknown, options?: object) =>
  new Promise<string>((done, fail) => {
    const callback: Callback = (error, csv) => (error ? fail(error) : done(csv));
    if (options) convert(data, options, callback);
    else convert(data, callback);
  });

describe('react-admin\'s CSV exporter, its package loaded on the first export (issue 38)', () => {
  it('loads jsonexport on the first call, not with the list, and writes the CSV the package writes', async () => {
    const { default: lazy } = await import('../../../src/shims/lazyJsonexport');
    expect(loaded.count).toBe(0);
    const rows = [{ id: 1, name: '薬局,A', tags: ['x', 'y'] }, { id: 2, name: '"B"' }];
    const direct = require('jsonexport/dist/index.js') as typeof lazy;
    const csv = await csvOf(lazy, rows);
    expect(loaded.count).toBe(1);
    expect(csv).toBe(await csvOf(direct, rows));
    expect(csv.split('\n')[0]).toBe('id,name,tags');
    expect(await csvOf(lazy, rows, { rowDelimiter: ';' })).toBe(await csvOf(direct, rows, { rowDelimiter: ';' }));
  });

  const plugin = (configRoot: string) => {
    const made = lazyCsvExporter();
    (made.configResolved as (config: ResolvedConfig) => void)({ root: configRoot } as ResolvedConfig);
    return (source: string, importer: string) => (made.resolveId as (this: unknown, source: string, importer: string) => unknown).call({}, source, importer);
  };
  const raCore = resolve(root, 'node_modules/ra-core/dist/export/defaultExporter.js');
  const shim = resolve(root, 'src/shims/lazyJsonexport.ts');

  it('the portal\'s build sends ra-core\'s import to the shim; the shim\'s own import and other packages resolve as usual', () => {
    const resolveId = plugin(root);
    expect(resolveId('jsonexport/dist/index.js', raCore)).toBe(shim);
    expect(resolveId('jsonexport/dist/index.js', shim)).toBeNull();
    expect(resolveId('react', raCore)).toBeNull();
  });

  it('stock react-admin\'s bench build (bench/bareList, same config) keeps the package as its developer gets it', () => {
    expect(plugin(resolve(root, 'bench/bareList'))('jsonexport/dist/index.js', raCore)).toBeNull();
  });
});
