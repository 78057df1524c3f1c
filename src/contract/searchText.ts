/**
 * Search folding shared by the SPA and the reference API (pure, no DOM): the same text typed in
 * half-width katakana, full-width katakana or hiragana, in full-width or half-width ASCII, or in
 * either case, folds to one form, so 「ﾌｧｰﾏ」, 「ファーマ」 and 「ふぁーま」 find the same rows.
 *
 * 1. NFKC: half-width katakana to full-width (ﾌｧｰﾏ -> ファーマ, voiced marks composed),
 *    full-width ASCII to ASCII (Ａ１ -> A1), compatibility forms (㈱ -> (株)).
 * 2. Hiragana to katakana (ふぁーま -> ファーマ): U+3041..U+3096 and ゝゞ shift by 0x60.
 * 3. ASCII upper case to lower case (other scripts have no case that matters here).
 * 4. Control characters (a NUL, a tab pasted from a spreadsheet) are white space: never part of
 *    a term, never handed to the full-text engine (a NUL there ends its string: issue 36).
 * 5. Runs of white space to one space, trimmed.
 */
export function foldSearchText(text: string): string {
  const nfkc = text.normalize('NFKC');
  let out = '';
  for (const ch of nfkc) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x3041 && code <= 0x3096) || code === 0x309d || code === 0x309e) out += String.fromCodePoint(code + 0x60);
    else if (code >= 0x41 && code <= 0x5a) out += String.fromCodePoint(code + 0x20);
    else out += ch;
  }
  return out.replace(/[\p{Cc}\s]+/gu, ' ').trim();
}

/**
 * A Japanese phone or fax number however it is written, as its digits from the leading 0
 * (`03ー0700ー0154`, `(03) 0700-0154`, `03 0700 0154`, `+81 3 0700 0154` → `0307000154`), or
 * undefined when the text is something else: separators are hyphens and dashes of any width, the
 * long-vowel mark typed for one, spaces and parentheses; `+81` stands for the leading 0.
 */
export function phoneDigits(text: string): string | undefined {
  const bare = foldSearchText(text).replace(/[\s()\-‐‑‒–—―−－ー]/g, '');
  const digits = bare.startsWith('+81') ? `0${bare.slice(3).replace(/^0/, '')}` : bare;
  return /^0\d{9,10}$/.test(digits) ? digits : undefined;
}

/** The folded query's terms (split on white space), each searched for as a substring. */
export function searchTerms(query: string): string[] {
  const folded = foldSearchText(query);
  return folded === '' ? [] : [...new Set(folded.split(' '))];
}

/** Number of characters (code points, not UTF-16 units) of a term. */
export const termLength = (term: string): number => [...term].length;
