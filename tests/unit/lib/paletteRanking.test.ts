import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameScore, rankGroups, rankHits, SCORE, type PaletteGroup, type PaletteHit } from '../../../src/features/palette/paletteRanking';

const hit = (label: string, order: number, extra: Partial<PaletteHit> = {}): PaletteHit => ({
  key: `v2/core/pharmacies:${order}`,
  resource: 'v2/core/pharmacies',
  id: String(order),
  label,
  url: `/v2/core/pharmacies/${order}`,
  order,
  ...extra,
});

const KATAKANA = ['ファーマ', 'さくら', 'メディカル', '薬局', 'ハート'];
const HIRAGANA = (text: string) => text.replace(/[\u30a1-\u30f6]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60));
const HALF_WIDTH: Record<string, string> = { ファーマ: 'ﾌｧｰﾏ', メディカル: 'ﾒﾃﾞｨｶﾙ', ハート: 'ﾊｰﾄ' };

describe('palette ranking', () => {
  it('orders equal, prefix, word prefix, contains, then other fields; shorter first', () => {
    const hits = [
      hit('東京さくら薬局', 0),
      hit('住所だけが一致する薬局', 1),
      hit('さくら薬局 駅前店', 2),
      hit('中央 さくら調剤', 3),
      hit('さくら薬局', 4),
      hit('さくら薬局 本店', 5),
    ];
    expect(rankHits('さくら薬局', hits).map((h) => h.label)).toEqual(['さくら薬局', 'さくら薬局 本店', 'さくら薬局 駅前店', '東京さくら薬局', '中央 さくら調剤', '住所だけが一致する薬局']);
  });

  it('a code match comes before any name', () => {
    const ranked = rankHits('1341234560', [hit('1341234560', 0), hit('薬局', 1, { codeMatch: true })]);
    expect(ranked[0].label).toBe('薬局');
    expect(nameScore('x', 'x')).toBeLessThan(SCORE.code);
  });

  it('the three scripts rank alike: half-width, full-width katakana and hiragana (property)', () => {
    const labels = fc.array(fc.tuple(fc.constantFrom(...KATAKANA), fc.constantFrom('', ' 本店', 'ホールディングス', '株式会社')).map(([a, b]) => `${a}${b}`), { maxLength: 12 });
    fc.assert(
      fc.property(labels, fc.constantFrom(...Object.keys(HALF_WIDTH)), (names, word) => {
        const hits = names.map((name, order) => hit(name, order));
        const expected = rankHits(word, hits).map((h) => h.key);
        expect(rankHits(HIRAGANA(word), hits).map((h) => h.key)).toEqual(expected);
        expect(rankHits(HALF_WIDTH[word], hits).map((h) => h.key)).toEqual(expected);
      }),
    );
  });

  it('ranking keeps every hit once, and groups lose none (property)', () => {
    const groups = fc.array(
      fc.record({
        resource: fc.constantFrom('a', 'b', 'c'),
        label: fc.constant('x'),
        priority: fc.integer({ min: 0, max: 5 }),
        // One lookup answers a record once.
        hits: fc.uniqueArray(fc.tuple(fc.string({ maxLength: 6 }), fc.integer({ min: 0, max: 20 }), fc.boolean()), { maxLength: 6, selector: ([, id]) => id }),
      }),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 4 }), groups, (text, raw) => {
        const built: PaletteGroup[] = raw.map((group) => ({
          ...group,
          hits: group.hits.map(([label, id, codeMatch], order) => ({ ...hit(label, order), key: `${group.resource}:${id}`, resource: group.resource, codeMatch })),
        }));
        const ranked = rankGroups(text, built);
        const keysIn = new Set(built.flatMap((group) => group.hits.map((h) => h.key)));
        const keysOut = ranked.flatMap((group) => group.hits.map((h) => h.key));
        expect(new Set(keysOut)).toEqual(keysIn);
        expect(keysOut.length).toBe(keysIn.size);
        expect(ranked.every((group) => group.hits.length > 0)).toBe(true);
        expect(new Set(ranked.map((group) => group.resource)).size).toBe(ranked.length);
      }),
    );
  });

  it('groups: the best kind of match first, then the masters’ order', () => {
    const groups: PaletteGroup[] = [
      { resource: 'b', label: 'B', priority: 1, hits: [hit('ファーマシー', 0, { key: 'b:0' })] },
      { resource: 'a', label: 'A', priority: 0, hits: [hit('ファーマシーズ株式会社', 0, { key: 'a:0' })] },
      { resource: 'c', label: 'C', priority: 2, hits: [hit('ファーマ', 0, { key: 'c:0' })] },
    ];
    expect(rankGroups('ふぁーま', groups).map((group) => group.resource)).toEqual(['c', 'a', 'b']);
  });
});

describe('names compared without their spaces (issue 40)', () => {
  it('a name typed without its space is the name; a word start after a space is a word prefix', () => {
    expect(nameScore('かもめ薬局市川店', 'かもめ薬局 市川店')).toBe(SCORE.equal);
    expect(nameScore('かもめ薬局市川', 'かもめ薬局 市川店')).toBeGreaterThan(SCORE.prefix - 1);
    expect(nameScore('薬局市川', 'かもめ 薬局 市川店')).toBeGreaterThan(SCORE.wordPrefix - 1);
  });
});
