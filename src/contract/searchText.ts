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
 *
 * This keeps the words apart, for ranking names by the word a text starts (paletteRanking). What
 * a search compares is `foldSearchKey`: the same without any white space.
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

/**
 * Joins the fields of a search text (the reference API's index writes it between a name and a
 * code): neither white space nor a control character, so `foldSearchKey` keeps it and no term
 * matches across two fields once their spaces are gone (a micode's last digits and the postal
 * code's first). A Unicode noncharacter, kept for a program's own use: no record or typed text
 * holds one (NFKC leaves it as it is).
 */
export const SEARCH_FIELD_BREAK = '\ufdd0';

/**
 * The form a search compares: `foldSearchText` without any white space (ASCII, U+3000 ideographic
 * or other), so 「かもめ薬局市川店」 finds 「かもめ薬局 市川店」 and the other way round: agents type
 * names with or without the space the record has. The index holds its texts in this form and each
 * query term is in it.
 */
export function foldSearchKey(text: string): string {
  return foldSearchText(text).replace(/\s/gu, '');
}

/**
 * Raised whenever `foldSearchKey` folds differently: the reference API's search indexes hold
 * folded text, so each is built again (searchIndexRebuildSql reads the version its triggers were
 * written with). 2: white space dropped (issue 40).
 */
export const SEARCH_FOLD_VERSION = 2;

/**
 * The query's terms, each searched for as a substring and all required: split on white space
 * (and on a field break, which nobody types), each folded as the index is.
 */
export function searchTerms(query: string): string[] {
  const terms = foldSearchText(query).replaceAll(SEARCH_FIELD_BREAK, ' ').split(' ').filter((term) => term !== '');
  return [...new Set(terms)];
}

/** Number of characters (code points, not UTF-16 units) of a term. */
export const termLength = (term: string): number => [...term].length;

/**
 * The distinct pairs of adjacent characters (code points) of a folded text: a 2-character term
 * occurs in the text exactly when it is one of them, so the reference API's search indexes look
 * such a term up among a text's pairs instead of scanning every text (trigrams cannot hold it).
 */
export function searchPairs(text: string): string[] {
  const characters = [...text];
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < characters.length; i++) pairs.add(characters[i] + characters[i + 1]);
  return [...pairs];
}
