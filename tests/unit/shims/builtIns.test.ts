import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';

// The build replaces these packages with src/shims (vite.config.ts, builtIns): same answers.
const require = createRequire(import.meta.url);
const entries = require('../../../src/shims/objectEntries.cjs') as (object: object) => [string, unknown][];
const hasOwn = require('../../../src/shims/hasOwn.cjs') as (object: object, key: PropertyKey) => boolean;
const packageEntries = require('object.entries') as typeof entries;
const packageHasOwn = require('hasown') as typeof hasOwn;

describe('the built-ins the build puts in place of node-polyglot\'s polyfills', () => {
  const inherited = Object.assign(Object.create({ inherited: 1 }) as object, { own: '自分', count: 2 });
  const cases: object[] = [{}, { a: 1, b: [2] }, inherited, ['x', 'y'], Object.create(null) as object];

  it('object.entries: the own enumerable pairs, in order, as the package gives them', () => {
    for (const object of cases) expect(entries(object)).toEqual(packageEntries(object));
    expect(entries(inherited)).toEqual([['own', '自分'], ['count', 2]]);
  });

  it('hasown: own keys only, as the package answers', () => {
    for (const object of cases) for (const key of ['own', 'inherited', 'a', '0', 'toString']) expect(hasOwn(object, key)).toBe(packageHasOwn(object, key));
    expect(hasOwn(inherited, 'inherited')).toBe(false);
    expect(hasOwn(inherited, 'own')).toBe(true);
  });
});
