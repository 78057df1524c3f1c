import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadedNodes, openPath, toggleNode } from '../../../../src/resources/manuals/categoryTreeState';

describe('category tree state', () => {
  it('toggles a node open and closed, leaving the others', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(50)), fc.nat(50), (ids, id) => {
        const open = new Set(ids);
        const once = toggleNode(open, id);
        expect(once.has(id)).toBe(!open.has(id));
        expect([...toggleNode(once, id)].sort()).toEqual([...open].sort());
        expect(open).toEqual(new Set(ids));
      }),
    );
  });

  it('opens the path to the category shown without closing anything, and keeps the same set when nothing changes', () => {
    const open = new Set([1, 9]);
    expect([...openPath(open, [2, 3])].sort()).toEqual([1, 2, 3, 9]);
    expect(openPath(open, [1])).toBe(open);
  });

  it('remembers every node ever opened, so children load once and closing unloads nothing', () => {
    let loaded: ReadonlySet<number> = new Set();
    let open: ReadonlySet<number> = new Set();
    open = toggleNode(open, 4);
    loaded = loadedNodes(loaded, open);
    open = toggleNode(open, 4);
    const after = loadedNodes(loaded, open);
    expect(after).toBe(loaded);
    expect(after.has(4)).toBe(true);
  });
});
