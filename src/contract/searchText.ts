/**
 * Search folding shared by the SPA and the reference API (pure, no DOM): the same text typed in
 * half-width katakana, full-width katakana or hiragana, in full-width or half-width ASCII, or in
 * either case, folds to one form, so 「ﾌｧｰﾏ」, 「ファーマ」 and 「ふぁーま」 find the same rows.
 *
 * 1. NFKC: half-width katakana to full-width (ﾌｧｰﾏ -> ファーマ, voiced marks composed),
 *    full-width ASCII to ASCII (Ａ１ -> A1), compatibility forms (㈱ -> (株)).
 * 2. Hiragana to katakana (ふぁーま -> ファーマ): U+3041..U+3096 and ゝゞ shift by 0x60.
 * 3. ASCII upper case to lower case (other scripts have no case that matters here).
 * 4. Runs of white space to one space, trimmed.
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
  return out.replace(/\s+/gu, ' ').trim();
}

/** The folded query's terms (split on white space), each searched for as a substring. */
export function searchTerms(query: string): string[] {
  const folded = foldSearchText(query);
  return folded === '' ? [] : [...new Set(folded.split(' '))];
}

/** Number of characters (code points, not UTF-16 units) of a term. */
export const termLength = (term: string): number => [...term].length;
