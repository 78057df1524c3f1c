import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APP_NAME, documentTitle } from '../../../src/layout/documentTitle';

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
      fc.property(fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() === s && !/\s{2}|（/.test(s)), fc.nat(99_999), (name, count) => {
        expect(documentTitle(`${name}（未読${count}件）`)).toBe(`(${count}) ${name} | ${APP_NAME}`);
      }),
    );
  });
});
