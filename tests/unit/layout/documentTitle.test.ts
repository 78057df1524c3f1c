import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APP_NAME, documentTitle, withUnread } from '../../../src/layout/documentTitle';

describe('the document title', () => {
  it('is the screen name and the product name, or the product name alone', () => {
    expect(documentTitle('薬局会社一覧')).toBe('薬局会社一覧 | CS portal');
    expect(documentTitle('  かもめ薬局\n 新宿店 ')).toBe('かもめ薬局 新宿店 | CS portal');
    expect(documentTitle('')).toBe(APP_NAME);
  });

  it('puts an unread count first, so a narrow tab still shows it (issue 25)', () => {
    expect(documentTitle('問い合わせ一覧（未読137件）')).toBe('(137) 問い合わせ一覧 | CS portal');
    expect(documentTitle('問い合わせ一覧')).toBe('問い合わせ一覧 | CS portal');
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() === s && !/\s{2}|（/.test(s)), fc.integer({ min: 1, max: 99_999 }), (name, count) => {
        expect(documentTitle(`${name}（未読${count}件）`)).toBe(`(${count}) ${name} | ${APP_NAME}`);
      }),
    );
  });

  it('leads every screen with the shell’s unread count (issue 40 item 6)', () => {
    expect(documentTitle('薬局一覧', 137)).toBe('(137) 薬局一覧 | CS portal');
    expect(documentTitle('薬局一覧', 0)).toBe('薬局一覧 | CS portal');
    expect(documentTitle('薬局一覧', undefined)).toBe('薬局一覧 | CS portal');
    expect(documentTitle('', 3)).toBe('(3) CS portal');
    // The inquiry screen's heading says the same count once, never twice.
    expect(documentTitle(withUnread('問い合わせ一覧', 137), 137)).toBe('(137) 問い合わせ一覧 | CS portal');
    expect(documentTitle('問い合わせ一覧（未読5件）', 6)).toBe('(6) 問い合わせ一覧 | CS portal');
    // Any screen name: the count, if any, in front of the title the name alone would have.
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }).filter((s) => !s.includes('（')), fc.nat(99_999), (name, count) => {
        expect(documentTitle(name, count)).toBe(`${count > 0 ? `(${count}) ` : ''}${documentTitle(name)}`);
      }),
    );
  });

  it('names a count the way the heading and the sidebar say it', () => {
    expect(withUnread('問い合わせ一覧', 137)).toBe('問い合わせ一覧（未読137件）');
    expect(withUnread('問い合わせ一覧', 0)).toBe('問い合わせ一覧');
    expect(withUnread('問い合わせ一覧', undefined)).toBe('問い合わせ一覧');
  });
});
