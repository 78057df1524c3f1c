import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillPlaceholders, rankByShortcut, slashQueryAt } from '../../../src/customRoutes/inquiries/savedReplyText';

const noBraces = fc.string({ maxLength: 40 }).filter((s) => !/[{}]/.test(s));
const name = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== '');

describe('fillPlaceholders', () => {
  it('fills both placeholders wherever they are, and names what it could not fill', () => {
    const body = '{薬局名} ご担当者様\nCSの{担当者名}です。{薬局名}様、{不明}';
    expect(fillPlaceholders(body, { 薬局名: '渋谷駅前薬局', 担当者名: '山田' })).toEqual({
      text: '渋谷駅前薬局 ご担当者様\nCSの山田です。渋谷駅前薬局様、{不明}',
      unfilled: [],
    });
    expect(fillPlaceholders(body, { 薬局名: '渋谷駅前薬局', 担当者名: '  ' })).toEqual({
      text: '渋谷駅前薬局 ご担当者様\nCSの{担当者名}です。渋谷駅前薬局様、{不明}',
      unfilled: ['担当者名'],
    });
  });

  it('property: text without braces is left as it is', () => {
    fc.assert(fc.property(noBraces, name, name, (body, pharmacy, staff) => {
      expect(fillPlaceholders(body, { 薬局名: pharmacy, 担当者名: staff })).toEqual({ text: body, unfilled: [] });
    }));
  });

  it('property: a value is put in once, literally, even when it holds a placeholder itself', () => {
    fc.assert(fc.property(noBraces, noBraces, name, (head, tail, pharmacy) => {
      const value = `${pharmacy}{担当者名}`;
      const { text, unfilled } = fillPlaceholders(`${head}{薬局名}${tail}`, { 薬局名: value, 担当者名: '山田' });
      expect(text).toBe(`${head}${value.trim()}${tail}`);
      expect(unfilled).toEqual([]);
    }));
  });
});

describe('slashQueryAt', () => {
  it('finds a shortcut being typed at the start, after a space or a line break', () => {
    expect(slashQueryAt('/tha', 4)).toEqual({ start: 0, query: 'tha' });
    expect(slashQueryAt('こんにちは /', 7)).toEqual({ start: 6, query: '' });
    expect(slashQueryAt('一行目\n/stock-fix', 14)).toEqual({ start: 4, query: 'stock-fix' });
  });

  it('ignores slashes inside words and URLs, and a caret past the shortcut', () => {
    expect(slashQueryAt('https://example.jp/manuals', 26)).toBeUndefined();
    expect(slashQueryAt('1/2', 3)).toBeUndefined();
    expect(slashQueryAt('/thanks です', 10)).toBeUndefined();
    expect(slashQueryAt('/テスト', 4)).toBeUndefined();
    expect(slashQueryAt('no slash', 8)).toBeUndefined();
  });

  it('property: whatever comes before, a slash after a space then shortcut characters is found at its place', () => {
    fc.assert(fc.property(fc.string({ maxLength: 20 }), fc.stringMatching(/^[a-z0-9_-]{0,12}$/), (before, query) => {
      const text = `${before} /${query}`;
      expect(slashQueryAt(text, text.length)).toEqual({ start: before.length + 1, query });
    }));
  });
});

describe('rankByShortcut', () => {
  it('puts the exact shortcut first, then those it starts, then the rest in the server’s order', () => {
    const replies = ['close', 'hours-th', 'thanks', 'th', 'password'].map((shortcut) => ({ shortcut }));
    expect(rankByShortcut(replies, 'th').map((r) => r.shortcut)).toEqual(['th', 'thanks', 'close', 'hours-th', 'password']);
  });

  it('property: a permutation of what it was given', () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[a-z]{1,4}$/)), fc.stringMatching(/^[a-z]{0,2}$/), (shortcuts, query) => {
      const ranked = rankByShortcut(shortcuts.map((shortcut) => ({ shortcut })), query).map((r) => r.shortcut);
      expect([...ranked].sort()).toEqual([...shortcuts].sort());
    }));
  });
});
