import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { excerpt, highlightSegments, markdownToPlainText } from '../../../../src/resources/manuals/highlight';
import { foldSearchText } from '../../../../src/contract/searchText';

const marked = (text: string, query: string) =>
  highlightSegments(text, query)
    .filter((segment) => segment.match)
    .map((segment) => segment.text);

describe('highlightSegments', () => {
  it('marks matches whatever the kana form or width, on the original characters', () => {
    expect(marked('返信テンプレート集', 'てんぷれーと')).toEqual(['テンプレート']);
    expect(marked('返信ﾃﾝﾌﾟﾚｰﾄ集', 'テンプレート')).toEqual(['ﾃﾝﾌﾟﾚｰﾄ']);
    expect(marked('ＮＳＩＰＳ連携とnsips', 'NSIPS')).toEqual(['ＮＳＩＰＳ', 'nsips']);
    expect(marked('在庫数の一括修正（在庫調整）', '在庫 修正')).toEqual(['在庫', '修正', '在庫']);
    expect(marked('棚卸し', '')).toEqual([]);
    expect(marked('在庫', '存在しない')).toEqual([]);
  });

  it('gives back the text itself when its segments are joined, and marks every occurrence of a term taken from it', () => {
    const chars = fc.constantFrom('在', '庫', 'ア', 'あ', 'ｶ', 'ﾞ', 'ｱ', 'A', 'ａ', 'b', ' ', '1', '１', '、');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 30 }).map((a) => a.join('')), fc.nat(), fc.integer({ min: 1, max: 4 }), (text, start, length) => {
        const from = start % Math.max(1, text.length);
        const query = [...text].slice(from, from + length).join('');
        const segments = highlightSegments(text, query);
        expect(segments.map((s) => s.text).join('')).toBe(text);
        const folded = foldSearchText(query);
        if (folded !== '' && !folded.includes(' ')) {
          // Something is marked exactly when the folded text holds the folded term.
          expect(segments.some((s) => s.match)).toBe(foldSearchText(text.replace(/\s+/g, ' ')).includes(folded));
        }
      }),
    );
  });
});

describe('excerpts', () => {
  it('reads markdown as plain words', () => {
    expect(markdownToPlainText('## 手順\n\n1. **確定**を押す\n- [リンク](https://x.jp) と `code`\n\n![画像](/storage/manual-images/a.png)\n\n```text\nC:\\medorder\n```')).toBe(
      '手順 確定を押す リンク と code 画像 C:\\medorder',
    );
  });

  it('cuts around the first match with … on the cut sides', () => {
    const long = `${'あ'.repeat(200)}棚卸し${'い'.repeat(200)}`;
    const cut = excerpt(long, '棚卸し', 60);
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).toContain('棚卸し');
    expect([...cut].length).toBe(62);
    expect(excerpt('短い本文', '本文')).toBe('短い本文');
    expect(excerpt(`${'う'.repeat(300)}`, 'なし', 50)).toBe(`${'う'.repeat(50)}…`);
  });
});
