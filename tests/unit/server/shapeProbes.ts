import fc from 'fast-check';
import { expect } from 'vitest';
import type { z } from '@hono/zod-openapi';

/*
 * Request bodies to hold a master's derived write schemas to the hand-written ones they replaced
 * (and to the form's rules), field by field.
 */

/**
 * Characters that matter to the rules: kana and kanji, full-width letters, spaces (U+3000 too),
 * line breaks, and a character outside the BMP (two UTF-16 units, one character to both sides).
 */
const char = fc.constantFrom('a', 'Ａ', 'ア', '薬', '𠮷', ' ', '　', '\n', '-');

/** A text near nothing or near `max` characters, padded with spaces or not. */
const textNear = (max: number) =>
  fc.oneof(
    fc.string({ unit: char, maxLength: 8 }),
    fc.constantFrom('', ' ', '　\n'),
    fc.integer({ min: max - 2, max: max + 2 }).chain((length) =>
      fc.tuple(fc.constantFrom('', ' ', '\n'), fc.constantFrom('薬', 'a', '𠮷'), fc.constantFrom('', '  ')).map(([pad, letter, tail]) => `${pad}${letter.repeat(length)}${tail}`),
    ),
  );

/**
 * Bodies of `keys` (each present or not), each value a text near its maximum or null; unless
 * `texts`, also values of the wrong type (a number, a boolean, an array, an object).
 */
export function textBody(keys: string[], maxes: number[], { texts = false }: { texts?: boolean } = {}) {
  const value = (max: number) => (texts ? fc.oneof(textNear(max), fc.constant(null)) : fc.oneof(textNear(max), fc.constantFrom(null, 1, true, ['a'], { a: 1 })));
  return fc.record(Object.fromEntries(keys.map((key, index) => [key, value(maxes[index])])), { requiredKeys: [] });
}

/** Both schemas take the body alike (the same stored values), or refuse it alike (the same 422 body). */
export function sameAnswers(before: z.ZodSafeParseResult<unknown>, after: z.ZodSafeParseResult<unknown>, errorBody: (error: z.ZodError) => unknown): void {
  expect(after.success).toBe(before.success);
  if (before.success && after.success) expect(after.data).toEqual(before.data);
  if (!before.success && !after.success) expect(errorBody(after.error)).toEqual(errorBody(before.error));
}
