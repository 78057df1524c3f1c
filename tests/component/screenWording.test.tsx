import { describe, expect, it } from 'vitest';
import { resources } from '../../src/resources/registry';
import { menuSections } from '../../src/layout/menu';
import { MASTER_SOURCE_LINKS } from '../../src/lib/masterSourceLinks';

/** Issue 23: what a new user reads on the way to a screen is what the screen calls itself. */
const listTitle = (resource: (typeof resources)[number]) => resource.listTitle ?? `${resource.label}一覧`;

describe('screen wording', () => {
  it('no list is called 「…一覧一覧」', () => {
    for (const resource of resources) expect(listTitle(resource), resource.name).not.toMatch(/一覧一覧/);
  });

  it('a sidebar entry and a master-source list link name the screen they open as it names itself', () => {
    const listLinks = MASTER_SOURCE_LINKS.filter((link) => link.label.endsWith('一覧'));
    const links = [...menuSections.flatMap((section) => section.entries), ...listLinks];
    for (const link of links) {
      const resource = resources.find((item) => link.to === `/${item.name}`);
      if (resource) expect(link.label, link.to).toBe(listTitle(resource));
    }
  });

  it('the iryohoken master is 医療保険マスター everywhere, never 保険者マスター', () => {
    const labels = [...resources.map(listTitle), ...MASTER_SOURCE_LINKS.map((link) => link.label)];
    expect(labels).toContain('医療保険マスターファイル一覧');
    expect(labels.filter((label) => label.includes('保険者'))).toEqual([]);
  });
});
