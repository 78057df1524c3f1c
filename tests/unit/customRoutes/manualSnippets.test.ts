import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertSnippet, linkSnippet, manualSections, plainText, sectionSnippet } from '../../../src/customRoutes/inquiries/manualSnippets';

const MANUAL = `# 発注の取り消し

発注は **確定前** なら取り消せます。

## 手順

1. [発注一覧](https://example.jp/orders) を開く
2. 取り消す行の \`取消\` を押す

![画面](https://storage.example/a.png)

## 確定後の場合

> 卸に直接ご連絡ください。

\`\`\`
# これは見出しではない
\`\`\`
`;

describe('answering from the manuals: snippets (issue 25)', () => {
  it('splits a manual into its sections, each up to the next heading of its level or higher, as plain text', () => {
    const sections = manualSections(MANUAL);
    expect(sections.map((s) => s.heading)).toEqual(['発注の取り消し', '手順', '確定後の場合']);
    expect(sections[1].body).toBe('1. 発注一覧（https://example.jp/orders） を開く\n2. 取り消す行の 取消 を押す\n\n[画像]');
    expect(sections[2].body).toBe('卸に直接ご連絡ください。\n\n# これは見出しではない');
    // The top section holds its subsections.
    expect(sections[0].body).toContain('確定前 なら取り消せます。');
    expect(sections[0].body).toContain('卸に直接ご連絡ください。');
    expect(manualSections('見出しのない本文')).toEqual([]);
  });

  it('reads markdown as a person would copy it', () => {
    expect(plainText('**太字** と _斜体_ と `code`')).toBe('太字 と 斜体 と code');
    expect(plainText('- 一つ目\n- 二つ目')).toBe('・一つ目\n・二つ目');
    expect(plainText('<b onclick="x">危険</b>')).toBe('危険');
    // Blank lines between blocks stay (a quote or a list after a paragraph).
    expect(plainText('本文\n\n> 引用\n\n- 項目')).toBe('本文\n\n引用\n\n・項目');
  });

  it('names a manual with its portal link, and marks a section heading', () => {
    expect(linkSnippet({ id: 12, title: '発注の取り消し' }, 'https://cs.example.jp')).toBe('「発注の取り消し」\nhttps://cs.example.jp/v2/core/manuals/12');
    expect(sectionSnippet({ heading: '手順', body: '1. 開く' })).toBe('■ 手順\n1. 開く');
    expect(sectionSnippet({ heading: '手順', body: '' })).toBe('■ 手順');
  });

  it('property: an insertion keeps the text around the selection and puts the snippet on lines of its own, the caret after it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ minLength: 1, maxLength: 20 }), fc.nat(50), fc.nat(50), (text, snippet, a, b) => {
        const [start, end] = [Math.min(a, b, text.length), Math.min(Math.max(a, b), text.length)];
        const result = insertSnippet(text, snippet, start, end);
        expect(result.text.startsWith(text.slice(0, start))).toBe(true);
        expect(result.text.endsWith(text.slice(end))).toBe(true);
        expect(result.text.slice(0, result.caret).endsWith(snippet)).toBe(true);
        const before = result.text.slice(0, result.caret - snippet.length);
        expect(before === '' || before.endsWith('\n')).toBe(true);
        const after = result.text.slice(result.caret);
        expect(after === '' || after.startsWith('\n')).toBe(true);
      }),
    );
  });
});
