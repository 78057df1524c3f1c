import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Editor } from '@tiptap/core';
import { render, screen } from '@testing-library/react';
import { SEED_MANUALS } from '../../server/services/core/manuals/seedData';
import { htmlToMarkdown, markdownToHtml } from '../../src/resources/manuals/markdownConvert';
import { manualExtensions } from '../../src/resources/manuals/markdownExtensions';
import { ManualContent } from '../../src/resources/manuals/ManualContent';

/**
 * What RichTextInput does with a manual: its content set from our markdown (as HTML), the
 * editor's HTML read back and turned into markdown. Lossless means the same markdown comes back.
 */
const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((editor) => editor.destroy()));
const throughEditor = (markdown: string): string => {
  const editor = new Editor({ extensions: manualExtensions(), content: markdownToHtml(markdown) });
  editors.push(editor);
  return htmlToMarkdown(editor.getHTML());
};

describe('markdown → editor → markdown', () => {
  it.each(SEED_MANUALS.map((manual) => [manual.title, manual.content] as const))('is lossless for the seeded manual %s', (_title, content) => {
    expect(throughEditor(content)).toBe(content);
  });

  const word = fc.constantFrom('在庫', '発注', 'HOTコード', 'NSIPS', '薬局', '確認', 'PCアプリ', '棚卸し', '10桁', 'お問い合わせ');
  const text = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(''));
  const inline = fc.oneof(
    text,
    text.map((t) => `**${t}**`),
    text.map((t) => `*${t}*`),
    text.map((t) => `\`${t}\``),
    text.map((t) => `[${t}](https://example.jp/${encodeURIComponent(t)})`),
  );
  const line = fc.array(inline, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('、'));
  const block = fc.oneof(
    line,
    fc.tuple(fc.integer({ min: 1, max: 4 }), text).map(([level, t]) => `${'#'.repeat(level)} ${t}`),
    fc.array(line, { minLength: 1, maxLength: 4 }).map((items) => items.map((item) => `- ${item}`).join('\n')),
    fc.array(line, { minLength: 1, maxLength: 4 }).map((items) => items.map((item, index) => `${index + 1}. ${item}`).join('\n')),
    fc.array(text, { minLength: 1, maxLength: 3 }).map((lines) => `\`\`\`text\n${lines.join('\n')}\n\`\`\``),
    line.map((t) => `> ${t}`),
    text.map((t) => `![${t}](/storage/manual-images/2026/11/22/${t.length}.png)`),
  );

  it('is lossless for generated documents of headings, lists, links, code, quotes and images', () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 6 }), (blocks) => {
        // Two lists of one kind one after the other are one list in markdown itself.
        const kind = (b: string) => (b.startsWith('- ') ? 'bullet' : /^\d+\. /.test(b) ? 'ordered' : b.startsWith('> ') ? 'quote' : 'other');
        fc.pre(blocks.every((b, i) => i === 0 || kind(b) === 'other' || kind(b) !== kind(blocks[i - 1])));
        const markdown = blocks.join('\n\n');
        expect(throughEditor(markdown)).toBe(markdown);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps a table readable as its source, and says so by not coming back the same', () => {
    const table = '| 項目 | 内容 |\n| --- | --- |\n| HOT | 13桁 |';
    expect(throughEditor(table)).not.toBe(table);
    expect(throughEditor(table)).toContain('| HOT | 13桁 |');
  });
});

/** OWASP-style payloads in a manual's content: none may leave anything executable in the page. */
const PAYLOADS = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1"></svg>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<a href="javascript:window.__xss=1">click</a>',
  '[click](javascript:window.__xss=1)',
  '[click](JaVaScRiPt:window.__xss=1)',
  '[click](java\tscript:window.__xss=1)',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:window.__xss=1)',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x](http://tracker.example/pixel.gif)',
  '![x](//evil.example/a.png)',
  '<style>body{display:none}</style>',
  '<div style="position:fixed;inset:0" onclick="window.__xss=1">x</div>',
  '<p onmouseover="window.__xss=1">hover</p>',
  '<object data="javascript:window.__xss=1"></object>',
  '<embed src="javascript:window.__xss=1">',
  '<form action="javascript:window.__xss=1"><button>go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '<details open ontoggle="window.__xss=1">',
  '<body onload="window.__xss=1">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<base href="javascript:/">',
  '"><script>window.__xss=1</script>',
];

describe('the manual viewer', () => {
  it.each(PAYLOADS)('leaves nothing executable of %s', async (payload) => {
    render(<ManualContent markdown={`## 見出し\n\n${payload}\n\n本文の終わり`} />);
    const root = await screen.findByTestId('manual-content');
    expect(root).toHaveTextContent('本文の終わり');
    for (const element of root.querySelectorAll('*')) {
      expect(['SCRIPT', 'IFRAME', 'STYLE', 'OBJECT', 'EMBED', 'FORM', 'SVG', 'MATH', 'META', 'BASE', 'svg', 'math'].includes(element.tagName), element.outerHTML).toBe(false);
      for (const attribute of element.attributes) {
        expect(attribute.name.startsWith('on'), element.outerHTML).toBe(false);
        if (attribute.name === 'style') expect(element.closest('[data-testid="manual-content"] .ProseMirror'), element.outerHTML).toBeNull();
      }
    }
    for (const link of root.querySelectorAll('a')) expect(link.getAttribute('href') ?? '').toMatch(/^(|https?:\/\/[^/]|mailto:|\/[^/]|#)/);
    for (const image of root.querySelectorAll('img')) expect(image.getAttribute('src')).toMatch(/^(https:\/\/[^/]|\/storage\/manual-images\/)/);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('shows our own images and https links', async () => {
    render(<ManualContent markdown={'![受付画面](/storage/manual-images/2026/11/22/a.png)\n\n[厚生局](https://kouseikyoku.mhlw.go.jp/)'} />);
    const root = await screen.findByTestId('manual-content');
    expect(root.querySelector('img')).toHaveAttribute('src', '/storage/manual-images/2026/11/22/a.png');
    expect(screen.getByRole('link', { name: '厚生局' })).toHaveAttribute('href', 'https://kouseikyoku.mhlw.go.jp/');
  });
});
