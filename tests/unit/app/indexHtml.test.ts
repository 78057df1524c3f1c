import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const html = readFileSync(resolve(import.meta.dirname, '../../../index.html'), 'utf8');

describe('index.html before the first render (issue 38: the first paint)', () => {
  it('says it is loading in #root, which React replaces on its first commit, instead of a white page', () => {
    expect(html).toMatch(/<div id="root"><p class="cs-boot" role="status">読み込み中…<\/p><\/div>/);
  });

  it('has no inline script: the CSP allows the site\'s own script files only (inline styles are allowed)', () => {
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
  });
});
