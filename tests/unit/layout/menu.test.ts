import { describe, expect, it } from 'vitest';
import { menuSections } from '../../../src/layout/menu';
import { resources } from '../../../src/resources/registry';

describe('the sidebar, derived from the declarations', () => {
  it('lists every master with a menu placement once, at its list', () => {
    const links = menuSections.flatMap((section) => section.entries.map((entry) => entry.to));
    for (const resource of resources.filter((item) => item.menu)) expect(links.filter((to) => to === `/${resource.name}`), resource.name).toHaveLength(1);
    expect(new Set(links).size).toBe(links.length);
  });

  it('gives no two masters of a section the same place', () => {
    const places = resources.flatMap(({ menu }) => (menu ? [`${menu.section}:${menu.order}`] : []));
    expect(new Set(places).size).toBe(places.length);
  });

  it('leaves no section empty', () => {
    for (const section of menuSections) expect(section.entries.length, section.label).toBeGreaterThan(0);
  });
});
